/**
 * The items a ticket, problem or change is about, named when it is opened or updated, as GLPI
 * takes them: `items_id` maps itemtypes to ids (`{"Computer": [3, 4]}`, one id alone, or GLPI's
 * form's `{"0": 3}` lists), and each becomes a link (Item_Ticket, Item_Problem, Change_Item)
 * logged on both sides. Each item must be of a type the link takes and lie in the session's
 * entities (one outside does not exist, as for a read); a bad one refuses the whole write. As in GLPI, no right on
 * the item itself is needed: a requester names their own computer.
 */
import { asList, isObject, toId, type Params } from '../core/params';
import { insertRow, selectOne, type Row } from '../db/rows';
import { entityReachFilter } from '../auth/visibility';
import { HISTORY, logRelation } from '../items/history';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { itemtype, itemtypeOrThrow, type Itemtype } from '../registry';

const LINK_TYPES: Record<string, string> = { Ticket: 'Item_Ticket', Problem: 'Item_Problem', Change: 'Change_Item' };

export interface NamedItem {
  type: Itemtype;
  row: Row;
}

/** The items `input.items_id` names for an item of `type`, checked; the same item twice counts once. */
export function namedItems(wc: Pick<WriteContext, 'db' | 'scope'>, type: Itemtype, input: Params): NamedItem[] {
  const given = input.items_id;
  if (given === undefined || given === null || given === '' || (Array.isArray(given) && given.length === 0)) return [];
  if (!isObject(given)) throw new ItemError('Field items_id: an object of itemtypes and ids, such as {"Computer": [3]}');
  const link = itemtypeOrThrow(LINK_TYPES[type.name]!);
  const items = new Map<string, NamedItem>();
  for (const [name, ids] of Object.entries(given)) {
    const target = itemtype(name);
    if (!target || !link.polyTargets.includes(target.name)) throw new ItemError(`Field items_id: ${name} cannot be linked to ${link.name}`);
    for (const value of asList(ids) ?? [ids]) {
      const id = toId(value);
      const reach = entityReachFilter(wc.scope, target);
      const row = id !== null && id > 0 ? selectOne(wc.db, `SELECT t.* FROM ${target.table} t WHERE t.id = ? AND (${reach.sql})`, id, ...reach.args) : null;
      if (!row) throw new ItemError(`Field items_id: ${target.name} ${JSON.stringify(value)} does not exist`);
      items.set(`${target.name}\u0000${id}`, { type: target, row });
    }
  }
  return [...items.values()];
}

/** On Ticket, Problem and Change: when opened, and on an update naming more items (those already linked stay as they are). */
export const linkedItemHooks: ItemHooks = {
  prepareAdd(wc, type, _row, input) {
    namedItems(wc, type, input);
  },
  afterAdd(wc, type, row, input) {
    linkItems(wc, type, Number(row.id), input);
  },
  afterUpdate(wc, type, old, _changes, input) {
    linkItems(wc, type, Number(old.id), input);
  },
};

function linkItems(wc: WriteContext, type: Itemtype, id: number, input: Params): void {
  const link = itemtypeOrThrow(LINK_TYPES[type.name]!);
  const fk = link.owners.find((o) => 'fk' in o);
  if (!fk || !('fk' in fk)) return;
  for (const item of namedItems(wc, type, input)) {
    const linkRow: Row = { [fk.fk]: id, itemtype: item.type.name, items_id: Number(item.row.id) };
    if (selectOne(wc.db, `SELECT id FROM ${link.table} WHERE ${fk.fk} = ? AND itemtype = ? AND items_id = ?`, id, item.type.name, Number(item.row.id))) continue;
    linkRow.id = insertRow(wc.db, link.table, linkRow);
    logRelation(wc, link, linkRow, HISTORY.ADD_RELATION);
  }
}
