/**
 * GLPI 10 makes the users newly mentioned in a ticket's, problem's or change's description, or in
 * one of its followups, tasks, solutions or validations, observers of the item, unless they already
 * are one of its actors (its UserMention). Their "User mentioned" mail is the notification
 * engine's (notify/events.ts), queued before they join.
 */
import { mentionColumns, newlyMentioned } from '../core/mentions';
import { ACTOR_TABLES } from '../auth/itil-visibility';
import { marks } from '../db/frag';
import { selectAll, type Row } from '../db/rows';
import type { ItemHooks, WriteContext } from '../items/hooks';
import { itemtypeOrThrow } from '../registry';
import { addActors } from './rules';

/** The ticket, problem or change (itemtype, id) an element belongs to, or is. */
function itilOf(typeName: string, row: Row): [string, number] | null {
  if (typeName in ACTOR_TABLES) return [typeName, Number(row.id)];
  if (typeof row.itemtype === 'string' && row.itemtype in ACTOR_TABLES) return [row.itemtype, Number(row.items_id)];
  for (const [itemtype, { fk }] of Object.entries(ACTOR_TABLES)) if (Number(row[fk]) > 0) return [itemtype, Number(row[fk])];
  return null;
}

function observeMentioned(wc: WriteContext, typeName: string, row: Row, mentioned: number[]): void {
  const itil = mentioned.length ? itilOf(typeName, row) : null;
  if (!itil) return;
  const [itemtype, id] = itil;
  const tables = ACTOR_TABLES[itemtype]!;
  const actors = new Set(selectAll(wc.db, `SELECT users_id FROM ${tables.users} WHERE ${tables.fk} = ?`, id).map((r) => Number(r.users_id)));
  // A mention of a user that no longer exists joins nobody (the text keeps it).
  const existing = selectAll(wc.db, `SELECT id FROM glpi_users WHERE id IN (${marks(mentioned)})`, ...mentioned).map((r) => Number(r.id));
  const observers = existing.filter((user) => !actors.has(user));
  if (observers.length) addActors(wc, itemtypeOrThrow(itemtype), id, { _users_id_observer: observers });
}

export const mentionObserverHooks: ItemHooks = {
  afterAdd(wc, type, row) {
    observeMentioned(wc, type.name, row, newlyMentioned(type.name, row));
  },
  afterUpdate(wc, type, old, changes) {
    if (!mentionColumns(type.name).some((c) => c in changes)) return;
    const row = { ...old, ...changes };
    observeMentioned(wc, type.name, row, newlyMentioned(type.name, row, old));
  },
};
