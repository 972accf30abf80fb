import { itemtype, type Itemtype } from '../registry';
import type { Db } from '../db/connection';
import { insertRow, insertRows, run, type Row } from '../db/rows';
import { nowString } from '../core/clock';
import type { WriteContext } from './hooks';
import { nameOf } from './names';

/** GLPI's linked_action values (define.php HISTORY_*). */
export const HISTORY = {
  FIELD: 0,
  DELETE_ITEM: 13,
  RESTORE_ITEM: 14,
  ADD_RELATION: 15,
  DEL_RELATION: 16,
  ADD_SUBITEM: 17,
  UPDATE_SUBITEM: 18,
  DELETE_SUBITEM: 19,
  CREATE_ITEM: 20,
} as const;

const MAX_VALUE = 180;

export interface LogEntry {
  itemtype: string;
  itemsId: number;
  action: number;
  link?: string;
  option?: number;
  oldValue?: string;
  newValue?: string;
}

/** The actor as GLPI records it: "Realname Firstname (id)" or "login (id)". */
export function actorName(user: Row | null): string {
  if (!user) return '';
  const real = [user.realname, user.firstname].filter((v) => typeof v === 'string' && v !== '').join(' ');
  return `${real || String(user.name ?? '')} (${Number(user.id)})`;
}

export function writeLog(db: Db, actor: string, entry: LogEntry): void {
  insertRow(db, 'glpi_logs', logRow(actor, entry, nowString()));
}

/** Many history rows, in order, with multi-row INSERTs (a bulk add's creations). */
export function writeLogs(db: Db, actor: string, entries: LogEntry[]): void {
  const date = nowString();
  insertRows(
    db,
    'glpi_logs',
    entries.map((entry) => logRow(actor, entry, date)),
  );
}

function logRow(actor: string, entry: LogEntry, date: string): Row {
  return {
    itemtype: entry.itemtype,
    items_id: entry.itemsId,
    itemtype_link: entry.link ?? '',
    linked_action: entry.action,
    user_name: actor,
    date_mod: date,
    id_search_option: entry.option ?? 0,
    old_value: (entry.oldValue ?? '').slice(0, MAX_VALUE),
    new_value: (entry.newValue ?? '').slice(0, MAX_VALUE),
  };
}

/** A purged item takes its own history with it. */
export function dropHistory(db: Db, type: Itemtype, id: number): void {
  run(db, 'DELETE FROM glpi_logs WHERE itemtype = ? AND items_id = ?', type.name, id);
}

/**
 * The search option GLPI logs a ticket's new actor under, on the ticket's side, by the actor's
 * role (1 requester, 2 assigned, 3 observer): a requester user 4, a watcher group 65, … Removals
 * and the other side are logged under 0, as GLPI.
 */
const ACTOR_LOG_OPTIONS: Readonly<Record<string, Readonly<Record<number, number>>>> = {
  Ticket_User: { 1: 4, 2: 5, 3: 66 },
  Group_Ticket: { 1: 71, 2: 8, 3: 65 },
  Supplier_Ticket: { 2: 6 },
};

/** GLPI logs relation changes on both linked items, naming the other side. */
export function logRelation(wc: Pick<WriteContext, 'db' | 'history' | 'actor'>, type: Itemtype, row: Row, action: number): void {
  if (!wc.history || type.owners.length === 0) return;
  const links = type.logsWith ? [...type.owners, type.logsWith] : type.owners;
  const sides = links.map((o) =>
    'fk' in o ? { type: itemtype(o.itemtype), id: Number(row[o.fk] ?? 0) } : { type: itemtype(String(row.itemtype ?? '')), id: Number(row.items_id ?? 0) },
  );
  if (sides.length === 1) {
    const parent = sides[0]!;
    if (!parent.type?.history) return;
    const sub = action === HISTORY.ADD_RELATION ? HISTORY.ADD_SUBITEM : action === HISTORY.DEL_RELATION ? HISTORY.DELETE_SUBITEM : HISTORY.UPDATE_SUBITEM;
    const label = String(row.name ?? '') || String(row.id);
    writeLog(wc.db, wc.actor, { itemtype: parent.type.name, itemsId: parent.id, action: sub, link: type.name, ...(sub === HISTORY.DELETE_SUBITEM ? { oldValue: label } : { newValue: label }) });
    return;
  }
  const adding = action === HISTORY.ADD_RELATION;
  const logged = type.linkActions ? (adding ? type.linkActions.add : type.linkActions.remove) : action;
  for (const [i, side] of sides.slice(0, 2).entries()) {
    const other = sides[1 - i];
    // As GLPI, an ITIL actor's change is in the ITIL item's history only, not the user's (or group's).
    if (i === 1 && type.logsWith) continue;
    if (!side.type?.history || !other?.type) continue;
    const value = `${nameOf(wc.db, other.type, other.id)} (${other.id})`;
    const option = adding && i === 0 ? ACTOR_LOG_OPTIONS[type.name]?.[Number(row.type)] : undefined;
    writeLog(wc.db, wc.actor, { itemtype: side.type.name, itemsId: side.id, action: logged, link: other.type.name, ...(option ? { option } : {}), ...(adding ? { newValue: value } : { oldValue: value }) });
  }
}
