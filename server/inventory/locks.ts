/**
 * GLPI 10's locked fields on dynamic items (`is_dynamic` = 1). A change made by hand (the input
 * has no true `is_dynamic`) locks each column it changes; a change an inventory makes (its input
 * says `is_dynamic` = 1) leaves the locked columns as they are, keeping the reported value in the
 * lock's `value` (global locks, `is_global` = 1 for every item of the type, keep none). Unlocking
 * is deleting the Lockedfield row; purging the item removes its locks (the generic cascade, as
 * they name it by itemtype and items_id).
 */
import { nowString } from '../core/clock';
import type { Params } from '../core/params';
import { run, selectAll, type Row } from '../db/rows';
import { same } from '../items/crud';
import type { ItemHooks, WriteContext } from '../items/hooks';
import type { Itemtype } from '../registry';

/** PHP's truth of an input value, as GLPI tests `is_dynamic` in its input. */
const truthy = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== '0' && value !== 0 && value !== false;

function lockChangedFields(wc: WriteContext, type: Itemtype, old: Row, changed: string[]): void {
  const now = nowString();
  for (const field of changed) {
    run(wc.db, 'INSERT OR IGNORE INTO glpi_lockedfields (itemtype, items_id, field, date_mod, date_creation, is_global) VALUES (?, ?, ?, ?, ?, 0)', type.name, Number(old.id), field, now, now);
  }
}

function keepLockedFields(wc: WriteContext, type: Itemtype, old: Row, changes: Row): void {
  const locks = selectAll(wc.db, 'SELECT id, field, is_global FROM glpi_lockedfields WHERE itemtype = ? AND (items_id = ? OR is_global = 1)', type.name, Number(old.id));
  for (const lock of locks) {
    const field = String(lock.field);
    if (!(field in changes) || same(changes[field], old[field])) continue;
    if (Number(lock.is_global) === 0) run(wc.db, 'UPDATE glpi_lockedfields SET value = ?, date_mod = ? WHERE id = ?', String(changes[field] ?? ''), nowString(), Number(lock.id));
    delete changes[field];
  }
}

export const lockedFieldHooks: ItemHooks = {
  prepareUpdate(wc, type, old, changes, input: Params) {
    if (Number(old.is_dynamic) !== 1) return;
    if (truthy(input.is_dynamic)) {
      keepLockedFields(wc, type, old, changes);
      return;
    }
    lockChangedFields(wc, type, old, Object.keys(changes).filter((field) => field !== 'date_mod' && !same(changes[field], old[field])));
  },
};
