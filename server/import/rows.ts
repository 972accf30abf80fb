/**
 * Turning one GLPI row into one Deskbase row: values in Deskbase's types, HTML entities decoded
 * once, secrets re-encoded the way Deskbase keeps them, and the owner links checked.
 */
import { decodeHTMLStrict } from 'entities';
import { tokenHash } from '../auth/secrets';
import { itemtype as findItemtype } from '../registry';
import type { Column } from '../registry/columns';
import type { TablePlan } from './plan';

/** Ids already imported per itemtype, to check that a row's owners exist. */
export class KnownIds {
  private readonly ids = new Map<string, Set<number>>();

  of(type: string): Set<number> {
    let set = this.ids.get(type);
    if (!set) this.ids.set(type, (set = new Set()));
    return set;
  }
}

export type Skip = { reason: string };

/** Columns that hold secrets or file names: never entity-decoded. */
const VERBATIM = new Set(['password', 'api_token', 'personal_token', 'cookie_token', 'password_forget_token', 'app_token', 'sha1sum', 'filepath']);
/** GLPI 9.5 writes hashes like this (PHP's password_hash: bcrypt; argon2 on some setups). */
const MODERN_HASH = /^\$(2[aby]|argon2id|argon2i)\$/;

function fallback(column: Column): unknown {
  if (column.nullable) return null;
  if (column.default !== null) return column.default;
  return column.kind === 'int' || column.kind === 'bool' || column.kind === 'decimal' || column.kind === 'float' ? 0 : '';
}

/** One GLPI value in the type SQLite stores for this column. */
export function convertValue(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return fallback(column);
  switch (column.kind) {
    case 'int':
    case 'bool':
    case 'decimal':
    case 'float': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : fallback(column);
    }
    case 'datetime':
    case 'date': {
      const text = String(value);
      return text.startsWith('0000-00-00') ? fallback(column) : text;
    }
    default: {
      const text = typeof value === 'string' ? value : value instanceof Uint8Array ? new TextDecoder().decode(value) : String(value);
      return text.includes('&') && !VERBATIM.has(column.name) ? decodeHTMLStrict(text) : text;
    }
  }
}

export interface RowNotes {
  /** Logins whose MD5-era (or otherwise unreadable) password hash was not kept. */
  refusedPasswords: string[];
}

/**
 * Converts `raw` (in the plan's column order) in place; returns why the row is skipped, or null.
 * `index` maps column names to positions.
 */
export function convertRow(plan: TablePlan, index: Map<string, number>, raw: unknown[], known: KnownIds, notes: RowNotes): Skip | null {
  for (let i = 0; i < raw.length; i++) raw[i] = convertValue(plan.columns[i]!.column, raw[i]);
  const at = (name: string) => index.get(name);
  const get = (name: string) => {
    const i = at(name);
    return i === undefined ? undefined : raw[i];
  };
  const set = (name: string, value: unknown) => {
    const i = at(name);
    if (i !== undefined) raw[i] = value;
  };
  const type = plan.type;
  if (type.name === 'User') {
    const hash = get('password');
    if (typeof hash === 'string' && hash !== '' && !MODERN_HASH.test(hash)) {
      set('password', null);
      notes.refusedPasswords.push(String(get('name') ?? `id ${String(get('id'))}`));
    }
    for (const name of ['api_token', 'personal_token']) {
      const token = get(name);
      if (typeof token === 'string' && token !== '') set(name, tokenHash(token));
    }
    // Short-lived or browser-bound secrets: useless once moved.
    for (const name of ['cookie_token', 'cookie_token_date', 'password_forget_token', 'password_forget_token_date']) set(name, null);
  }
  if (type.name === 'Entity' && Number(get('id')) === 0) set('entities_id', null); // GLPI 9.5 has -1 here
  return checkOwners(plan, get, known);
}

function checkOwners(plan: TablePlan, get: (name: string) => unknown, known: KnownIds): Skip | null {
  const type = plan.type;
  for (const owner of type.owners) {
    if ('fk' in owner) {
      const id = Number(get(owner.fk));
      if (!known.of(owner.itemtype).has(id)) return { reason: `${owner.fk} points to no ${owner.itemtype}` };
      continue;
    }
    const target = String(get('itemtype') ?? '');
    if (!findItemtype(target)) return { reason: target.startsWith('Plugin') ? 'itemtype of a plugin' : `unknown itemtype ${target || '(empty)'}` };
    if (!type.polyTargets.includes(target)) return { reason: `itemtype ${target} cannot have a ${type.name} in Deskbase` };
    if (!known.of(target).has(Number(get('items_id')))) return { reason: `items_id points to no ${target}` };
  }
  return null;
}
