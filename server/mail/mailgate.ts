/**
 * GLPI's `mailgate` automatic action (CronTask MailCollector/mailgate): every `frequency`
 * seconds (600 by default) each active collector runs once, importing at most `param` new mails
 * (10 by default); one switched off (`state` 0) does not run. Runs happen off the request path:
 * `tick` only starts one, in the background, and a collector never runs twice at once (the
 * "collect now" action joins the run in flight). A collector that fails is reported on its row
 * and does not stop the others. A run cut short by the server stopping loses nothing: each mail's
 * outcome is committed before the mail is moved, and the next run sees what was left.
 */
import { now, parseDate } from '../core/clock';
import type { Services } from '../auth/services';
import { selectAll, selectOne } from '../db/rows';
import { noteTaskRuns } from '../db/task-runs';
import { CRON_TASKS } from '../registry/automatic-actions';
import { collectOnce, type RunReport } from './collect';

const TASK = CRON_TASKS.mailgate;
const OFF = 0;

const inFlight = new Map<number, Promise<RunReport>>();

function taskRow(services: Services) {
  return selectOne(services.store.db, 'SELECT state, frequency, param, lastrun FROM glpi_crontasks WHERE itemtype = ? AND name = ?', TASK.itemtype, TASK.name);
}

function limitOf(services: Services): number {
  const param = Number(taskRow(services)?.param ?? TASK.param);
  return Number.isInteger(param) && param > 0 ? param : TASK.param!;
}

/** Runs one collector now (or joins its run in flight). */
export function collectNow(services: Services, collectorId: number): Promise<RunReport> | null {
  const collector = selectOne(services.store.db, 'SELECT * FROM glpi_mailcollectors WHERE id = ?', collectorId);
  if (!collector) return null;
  const running = inFlight.get(collectorId);
  if (running) return running;
  const started = collectOnce(services, collector, limitOf(services)).finally(() => inFlight.delete(collectorId));
  inFlight.set(collectorId, started);
  return started;
}

/** Every active collector, one after the other. */
export async function collectAll(services: Services): Promise<RunReport[]> {
  const reports: RunReport[] = [];
  for (const row of selectAll(services.store.db, 'SELECT id FROM glpi_mailcollectors WHERE is_active = 1 ORDER BY id')) {
    const running = collectNow(services, Number(row.id));
    if (running) reports.push(await running);
  }
  return reports;
}

/** How often the task row is read: serve.ts ticks at every request, and GLPI's tasks count in minutes. */
const CHECK_EVERY_MS = 60_000;

/** The scheduler serve.ts ticks: starts a background run when the task is due; `failed` hears of a run that threw. */
export function mailgate(services: Services, failed: (error: unknown) => void): { tick(): void } {
  let current: Promise<void> | null = null;
  let nextCheck = 0;
  return {
    tick() {
      if (current || now() < nextCheck) return;
      nextCheck = now() + CHECK_EVERY_MS;
      const task = taskRow(services);
      if (!task || Number(task.state) === OFF) return;
      // lastrun is wall-clock text of the data zone, as nowString writes it.
      const last = task.lastrun ? (parseDate(String(task.lastrun)) ?? 0) : 0;
      if (now() < last + Number(task.frequency ?? TASK.frequency) * 1000) return;
      // GLPI notes the minute a task started.
      noteTaskRuns(services.store.db, [TASK]);
      current = collectAll(services)
        .then(() => undefined, failed)
        .finally(() => (current = null));
    },
  };
}
