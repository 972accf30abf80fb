/**
 * The `ldapsync` automatic action (CronTask AuthLDAP/ldapsync, daily by default): the directory
 * synchronisation `deskbase directory sync` runs, in the background, every `frequency` seconds
 * after the minute it last started (`lastrun`); one switched off (`state` 0) does not run, and
 * never two at once. Its reports, with their progress, are read through the API (sync-reports.ts);
 * one left running when the server stopped is marked failed at the next start.
 */
import { now, parseDate } from '../core/clock';
import type { Services } from '../auth/services';
import { selectOne } from '../db/rows';
import { noteTaskRuns } from '../db/task-runs';
import { CRON_TASKS } from '../registry/automatic-actions';
import { logDirectory } from './connection';
import type { DirectoryServer } from './servers';
import { syncDirectories, syncDirectory } from './sync';
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

/** The automatic run under way, and the directories synchronised now on request: never two runs of one directory at once. */
let automaticRun = false;
const asked = new Set<number>();

/**
 * Starts a synchronisation of one directory now (the console's "synchronise now"), in the
 * background, history naming `actor`; false when one is under way. Its report row exists on return.
 */
export function syncNow(services: Services, server: DirectoryServer, actor: string): boolean {
  if (automaticRun || asked.has(server.id)) return false;
  asked.add(server.id);
  syncDirectory(services.store.db, server, { actor, rightsChanged: () => services.directory.invalidate() })
    .then(
      () => undefined,
      (error: unknown) => logDirectory(`synchronisation of directory "${server.name}" (AuthLDAP ${server.id}) failed: ${error instanceof Error ? error.message : String(error)}`),
    )
    .finally(() => asked.delete(server.id));
  return true;
}

/** The scheduler serve.ts ticks; `failed` hears of a run that threw. */
export function ldapsync(services: Services, failed: (error: unknown) => void): { tick(): void } {
  let nextCheck = 0;
  const actor = `cron_${TASK.name}`;
  // A run the server's last stop cut short is over: its report says so rather than "running".
  endInterrupted(services.store.db, actor);
  return {
    tick() {
      // A run asked for holds the automatic one back to a later minute.
      if (automaticRun || asked.size > 0 || now() < nextCheck) return;
      nextCheck = now() + CHECK_EVERY_MS;
      const { db, dataDir } = services.store;
      if (!due(services)) return;
      noteTaskRuns(db, [TASK]);
      automaticRun = true;
      syncDirectories(db, dataDir, { actor, rightsChanged: () => services.directory.invalidate() })
        .then(() => undefined, failed)
        .finally(() => (automaticRun = false));
    },
  };
}
