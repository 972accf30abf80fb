/**
 * GLPI's automatic actions that Deskbase runs, by the server's clock: at each request and by a
 * timer (see main.ts), at most once a minute; each reads first and writes, in one transaction,
 * only what is due.
 */
import { now, nowString } from '../core/clock';
import type { Db } from '../db/connection';
import { closeSolvedTickets } from './auto-close';
import { runEscalations } from './escalations';
import { bumpPendingItems } from './pending-bumps';
import { RECURRENT_ACTIONS } from './recurrent-items';
import { createSurveys } from './satisfaction-surveys';

const EVERY_MS = 60_000;

/** `tick` runs a turn when a minute has passed since the last; `name` tells which action failed. */
export function automaticActions(db: Db, failed: (name: string, error: unknown) => void): { tick(): void } {
  const actions: [string, (db: Db, at: string) => void][] = [
    ['slaticket', runEscalations],
    ['pendingreason_autobump_autosolve', bumpPendingItems],
    ...RECURRENT_ACTIONS,
    ['closeticket', closeSolvedTickets],
    ['createinquest', createSurveys],
  ];
  let nextAt = 0;
  return {
    tick() {
      const at = now();
      if (at < nextAt) return;
      nextAt = at + EVERY_MS;
      for (const [name, action] of actions) {
        try {
          action(db, nowString());
        } catch (error) {
          failed(name, error);
        }
      }
    },
  };
}
