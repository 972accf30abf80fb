/**
 * The run loop of a sending automatic action (mail, webhooks): one run at a time; a wake during a
 * run starts another right after it, and so does a full run (more may be due); a minute's tick
 * notes the run on its glpi_crontasks row, as GLPI notes a task that started. A task switched off
 * (`state` 0) does not run.
 */
import { now } from '../core/clock';
import type { Db } from '../db/connection';
import { selectOne, type Row } from '../db/rows';
import { noteTaskRuns } from '../db/task-runs';
import type { CronTaskSpec } from '../registry/automatic-actions';

const EVERY_MS = 60_000;
const OFF = 0;

export function taskRow(db: Db, task: CronTaskSpec): Row | null {
  return selectOne(db, 'SELECT state, param FROM glpi_crontasks WHERE itemtype = ? AND name = ?', task.itemtype, task.name);
}

export const taskOff = (db: Db, task: CronTaskSpec) => Number(taskRow(db, task)?.state ?? 1) === OFF;

/** The task's parameter (how many per run), else `fallback`. */
export function taskParam(db: Db, task: CronTaskSpec, fallback: number): number {
  const param = Number(taskRow(db, task)?.param);
  return param > 0 ? param : fallback;
}

export function noteRun(db: Db, task: CronTaskSpec): void {
  noteTaskRuns(db, [task]);
}

export interface SerialRun {
  /** Starts a run now (or right after the one under way). */
  wake(): void;
  /** One run, explicitly (tests), after the one under way: resolves with what it sent. */
  send(): Promise<number>;
  /** Called often: notes and starts the minute's run (and first `alsoEachMinute`). */
  tick(alsoEachMinute?: () => void): void;
}

/** `once` sends what is due and says how many it sent and whether it stopped at its limit. */
export function serialRun(db: Db, task: CronTaskSpec, once: () => Promise<{ sent: number; full: boolean }>, failed: (what: string, error: unknown) => void): SerialRun {
  let running: Promise<number> | null = null;
  let again = false;
  let nextAt = 0;

  const step = async () => {
    const { sent, full } = await once();
    if (full) again = true;
    return sent;
  };

  function wake(): void {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = step()
      .catch((error: unknown) => {
        failed(task.name, error);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) wake();
      });
  }

  return {
    wake,
    send: async () => {
      while (running) await running;
      const done = step();
      running = done;
      try {
        return await done;
      } finally {
        running = null;
      }
    },
    tick(alsoEachMinute) {
      if (now() < nextAt) return;
      nextAt = now() + EVERY_MS;
      try {
        alsoEachMinute?.();
        if (taskOff(db, task)) return;
        noteRun(db, task);
        wake();
      } catch (error) {
        failed(task.name, error);
      }
    },
  };
}
