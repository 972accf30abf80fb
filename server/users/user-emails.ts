import { flag, type Params } from '../core/params';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import type { Db } from '../db/connection';
import { insertRow, run, selectOne, type Row } from '../db/rows';

/**
 * A user's `email` is their default address: a UserEmail row, as GLPI keeps it. Writing
 * `email` on a User sets (or, with '', removes) that default; reading a User shows it.
 */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL = 255;

function checkEmail(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || (value !== '' && (!EMAIL.test(value) || value.length > MAX_EMAIL))) {
    throw new ItemError('Field email: expected an e-mail address');
  }
  return value.trim();
}

function setDefaultEmail(wc: WriteContext, userId: number, email: string): void {
  run(wc.db, 'UPDATE glpi_useremails SET is_default = 0 WHERE users_id = ?', userId);
  if (email === '') return;
  const existing = selectOne(wc.db, 'SELECT id FROM glpi_useremails WHERE users_id = ? AND email = ?', userId, email);
  if (existing) run(wc.db, 'UPDATE glpi_useremails SET is_default = 1 WHERE id = ?', Number(existing.id));
  else insertRow(wc.db, 'glpi_useremails', { users_id: userId, email, is_default: 1, is_dynamic: 0 });
}

export const userEmailHooks: ItemHooks = {
  readExtras: defaultEmailOf,
  prepareAdd(_wc, _type, _row, input) {
    checkEmail(input.email);
  },
  afterAdd(wc, _type, row, input) {
    const email = checkEmail(input.email);
    if (email !== undefined) setDefaultEmail(wc, Number(row.id), email);
  },
  prepareUpdate(_wc, _type, _old, _changes, input) {
    checkEmail(input.email);
  },
  afterUpdate(wc, _type, old, _changes, input) {
    const email = checkEmail(input.email);
    if (email !== undefined) setDefaultEmail(wc, Number(old.id), email);
  },
};

/** The user's default address, '' when none. */
export function defaultEmail(db: Db, userId: number): string {
  const found = selectOne(db, 'SELECT email FROM glpi_useremails WHERE users_id = ? ORDER BY is_default DESC, id LIMIT 1', userId);
  return found ? String(found.email ?? '') : '';
}

/** A row of one's own (an address, a preference) that stays one's own after the write. */
export function ownRow(wc: WriteContext, row: Row, input: Params = {}): boolean {
  const me = Number(wc.scope.user.id);
  return Number(row.users_id) === me && (input.users_id === undefined || Number(input.users_id) === me);
}

/** One's own addresses stay one's own to manage; others' need authority (see user-rules). */
export const ownEmailHooks: ItemHooks = {
  selfService: (wc, _type, row, input) => ownRow(wc, row, input),
  selfServiceDelete: (wc, _type, row) => ownRow(wc, row),
};

/** A new default address (UserEmail with is_default) clears the flag on the others. */
export const defaultEmailHooks: ItemHooks = {
  afterAdd(wc, _type, row: Row) {
    if (Number(row.is_default) === 1) run(wc.db, 'UPDATE glpi_useremails SET is_default = 0 WHERE users_id = ? AND id <> ?', Number(row.users_id), Number(row.id));
  },
  afterUpdate(wc, _type, old, changes) {
    if (flag(changes, 'is_default', false)) run(wc.db, 'UPDATE glpi_useremails SET is_default = 0 WHERE users_id = ? AND id <> ?', Number(old.users_id), Number(old.id));
  },
};

/** Reading a User shows its default address as `email`. */
function defaultEmailOf(db: Db, row: Row): Record<string, unknown> {
  return { email: defaultEmail(db, Number(row.id)) };
}
