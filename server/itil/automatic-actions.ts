/**
 * GLPI's automatic actions that Deskbase runs, by the server's clock: at each request and by a
 * timer (see serve.ts), at most once a minute; each reads first and writes, in one transaction,
 * only what is due. Each is GLPI's CronTask of the same class and name: one switched off there
 * (`state` 0) does not run, and those that ran note the minute in `lastrun`, as GLPI does.
 */
import { now, nowString } from '../core/clock';
import type { Db } from '../db/connection';
import { selectOne } from '../db/rows';
import { noteTaskRuns } from '../db/task-runs';
import { CRON_TASKS, type CronTaskSpec } from '../registry/automatic-actions';
import { closeSolvedTickets } from './auto-close';
import { runEscalations } from './escalations';
import { bumpPendingItems } from './pending-bumps';
import { openRecurrentItems } from './recurrent-items';
import { createSurveys } from './satisfaction-surveys';

const EVERY_MS = 60_000;
const OFF = 0;

/** An automatic action: its CronTask row, and what one turn does at `at`. */
export type AutomaticAction = [CronTaskSpec, (db: Db, at: string) => void];

const ACTIONS: AutomaticAction[] = [
  [CRON_TASKS.slaticket, (db, at) => runEscalations(db, at, 'SLA')],
  [CRON_TASKS.olaticket, (db, at) => runEscalations(db, at, 'OLA')],
  [CRON_TASKS.pendingReasons, bumpPendingItems],
  [CRON_TASKS.recurrentItems, openRecurrentItems],
  [CRON_TASKS.closeticket, closeSolvedTickets],
  [CRON_TASKS.createinquest, createSurveys],
];

const switchedOff = (db: Db, task: CronTaskSpec) =>
  Number(selectOne(db, 'SELECT state FROM glpi_crontasks WHERE itemtype = ? AND name = ?', task.itemtype, task.name)?.state ?? 1) === OFF;

/**
 * `tick` runs a turn when a minute has passed since the last; `failed` tells which action failed.
 * `more`: the actions of other domains (the rules' dictionary replays), run after these.
 */
export function automaticActions(db: Db, failed: (name: string, error: unknown) => void, more: readonly AutomaticAction[] = []): { tick(): void } {
  let nextAt = 0;
  return {
    tick() {
      const at = now();
      if (at < nextAt) return;
      nextAt = at + EVERY_MS;
      const ran: CronTaskSpec[] = [];
      for (const [task, action] of [...ACTIONS, ...more]) {
        if (switchedOff(db, task)) continue;
        try {
          action(db, nowString());
          ran.push(task);
        } catch (error) {
          failed(task.name, error);
        }
      }
      if (ran.length > 0) noteTaskRuns(db, ran);
    },
  };
}
