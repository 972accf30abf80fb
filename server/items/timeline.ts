import { selectAll } from '../db/rows';
import type { WriteContext } from './hooks';
import { itemtype } from '../registry';

/** GLPI's timeline sides. */
const TIMELINE_LEFT = 1;
const TIMELINE_RIGHT = 4;
/** ITIL actor roles. */
const REQUESTER = 1;
const ASSIGNED = 2;

/**
 * The side of an ITIL object's timeline a user's follow-up or document goes to, as GLPI places it:
 * right for a technician assigned to it who does not request it, left otherwise (its requesters,
 * its observers, users who are none of its actors).
 */
export function timelinePosition(wc: WriteContext, itil: string, itemsId: number, usersId: number): number {
  const type = itemtype(itil);
  if (type?.kind !== 'itil') return TIMELINE_LEFT;
  const roles = new Set(selectAll(wc.db, `SELECT type FROM ${type.table}_users WHERE ${type.fkName} = ? AND users_id = ?`, itemsId, usersId).map((r) => Number(r.type)));
  return roles.has(ASSIGNED) && !roles.has(REQUESTER) ? TIMELINE_RIGHT : TIMELINE_LEFT;
}
