/**
 * The `ldapsync` automatic action (CronTask AuthLDAP/ldapsync, daily by default): the directory
 * synchronisation `deskbase directory sync` runs, in the background, every `frequency` seconds
 * after the minute it last started (`lastrun`); one switched off (`state` 0) does not run, and
 * never two at once. Its reports, with their progress, are read through the API (sync-reports.ts);
 * one left running when the server stopped is marked failed at the next start.
 */
import { now, nowString, parseDate } from '../core/clock';
import type { Services } from '../auth/services';
import { run, selectOne } from '../db/rows';
import { CRON_TASKS } from '../registry/automatic-actions';
import { syncDirectories } from './sync';
import { endInterrupted } from './sync-reports';

const TASK = CRON_TASKS.ldapsync;
/** How often the task row is read: at most once a minute, as the other automatic actions. */
const CHECK_EVERY_MS = 60_000;

/** Whether the task is on and its frequency has passed since its last start. */
function due(services: Services): boolean {
  const task = selectOne(services.store.db, 'SELECT state, frequency, lastrun FROM glpi_crontasks WHERE itemtype = ? AND name = ?', TASK.itemtype, TASK.name);
  if (!task || Number(task.state) === 0) return false;
  const last = task.lastrun ? (parseDate(String(task.lastrun)) ?? 0) : 0;
  return now() >= last + (Number(task.frequency) || TASK.frequency) * 1000;
}

/** The scheduler main.ts ticks; `failed` hears of a run that threw. */
export function ldapsync(services: Services, failed: (error: unknown) => void): { tick(): void } {
  let running = false;
  let nextCheck = 0;
  const actor = `cron_${TASK.name}`;
  // A run the server's last stop cut short is over: its report says so rather than "running".
  endInterrupted(services.store.db, actor);
  return {
    tick() {
      if (running || now() < nextCheck) return;
      nextCheck = now() + CHECK_EVERY_MS;
      const { db, dataDir } = services.store;
      if (!due(services)) return;
      run(db, 'UPDATE glpi_crontasks SET lastrun = ? WHERE itemtype = ? AND name = ?', `${nowString().slice(0, 16)}:00`, TASK.itemtype, TASK.name);
      running = true;
      syncDirectories(db, dataDir, { actor, rightsChanged: () => services.directory.invalidate() })
        .then(() => undefined, failed)
        .finally(() => (running = false));
    },
  };
}
