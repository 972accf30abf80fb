import { friendlyName } from '../auth/session-view';
import type { Itemtype } from '../registry';
import type { Db } from '../db/connection';
import { findById, selectAll, type Row } from '../db/rows';

/** How an item is named for people: complete name in trees, friendly name for users. */
export function nameOfRow(type: Itemtype, row: Row): string {
  if (type.name === 'User') return friendlyName(row);
  // GLPI names a solution by its id (ITILSolution::getNameField).
  if (type.name === 'ITILSolution') return row.id === undefined ? '' : String(row.id);
  if (type.tree && typeof row.completename === 'string' && row.completename !== '') return row.completename;
  for (const key of ['name', 'designation']) {
    if (typeof row[key] === 'string' && row[key] !== '') return row[key] as string;
  }
  return '';
}

/** The display name of an item by id ('' when it does not exist). */
export function nameOf(db: Db, type: Itemtype, id: number): string {
  const row = findById(db, type.table, id);
  return row ? nameOfRow(type, row) : '';
}

/** The columns nameOfRow reads (and the id), so a bulk add reads back only those. */
function nameColumns(type: Itemtype): string {
  const wanted = type.name === 'User' ? ['name', 'realname', 'firstname'] : ['name', 'designation', 'completename'];
  return ['id', ...wanted.filter((c) => type.column.has(c))].map((c) => `t.${c}`).join(', ');
}

/** The display names of many items of one type by id, in one read (missing ids are left out); CROSS JOIN keeps the
 * planner on the id list, never a scan of a big table. */
export function namesByIds(db: Db, type: Itemtype, ids: number[]): Map<number, string> {
  const rows = ids.length === 0 ? [] : selectAll(db, `SELECT ${nameColumns(type)} FROM json_each(?) AS ids CROSS JOIN ${type.table} AS t ON t.id = ids.value`, JSON.stringify(ids));
  return new Map(rows.map((row) => [Number(row.id), nameOfRow(type, row)]));
}
