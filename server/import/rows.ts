/**
 * Turning one GLPI row into one Deskbase row: values in Deskbase's types, HTML entities decoded
 * once, secrets re-encoded the way Deskbase keeps them, and the owner links checked.
 */
import { decodeHTMLStrict } from 'entities';
import { tokenHash } from '../core/secrets';
import { itemtype as findItemtype } from '../registry';
import { authtypeFromGlpi } from '../registry/values';
import type { Itemtype } from '../registry';
import type { Column } from '../registry/columns';
import type { TablePlan } from './plan';
import type { ImportZone } from './timezone';

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
/** Hashes GLPI 9.5 and 10 write (PHP's password_hash: bcrypt, argon2 on some setups). */
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
  /** One line per user whose password hash was not kept (MD5-era or unreadable). */
  refusedPasswords: string[];
}

type OwnerCheck = (raw: unknown[]) => Skip | null;

/**
 * Converts the rows of one table, in place, in the plan's column order: built once per table so
 * the per-row work is only the conversions and the lookups that table needs.
 */
export class RowConverter {
  private readonly columns: Column[];
  private readonly index: Map<string, number>;
  private readonly checks: OwnerCheck[];
  private readonly special: ((raw: unknown[], notes: RowNotes) => void) | null;
  /** Positions of the TIMESTAMP columns, read in UTC. */
  private readonly utc: number[];

  constructor(
    plan: TablePlan,
    known: KnownIds,
    private readonly zone: ImportZone,
  ) {
    this.columns = plan.columns.map((c) => c.column);
    this.utc = plan.columns.flatMap((c, i) => (c.utc ? [i] : []));
    this.index = new Map(this.columns.map((c, i) => [c.name, i]));
    this.checks = plan.type.owners.map((owner) => this.ownerCheck(plan, owner, known));
    this.special = this.specialFor(plan.type.name);
  }

  /** Returns why the row is skipped, or null once it is ready to insert. */
  convert(raw: unknown[], notes: RowNotes): Skip | null {
    const columns = this.columns;
    for (let i = 0; i < raw.length; i++) raw[i] = convertValue(columns[i]!, raw[i]);
    for (const i of this.utc) if (typeof raw[i] === 'string') raw[i] = this.zone.fromUtc(raw[i] as string);
    this.special?.(raw, notes);
    for (const check of this.checks) {
      const skip = check(raw);
      if (skip) return skip;
    }
    return null;
  }

  private at(name: string): number {
    return this.index.get(name) ?? -1;
  }

  private ownerCheck(plan: TablePlan, owner: Itemtype['owners'][number], known: KnownIds): OwnerCheck {
    if ('fk' in owner) {
      const at = this.at(owner.fk);
      const ids = known.of(owner.itemtype);
      const skip = { reason: `${owner.fk} points to no ${owner.itemtype}` };
      return (raw) => (ids.has(Number(raw[at])) ? null : skip);
    }
    const typeAt = this.at('itemtype');
    const idAt = this.at('items_id');
    const targets = new Set(plan.type.polyTargets);
    return (raw) => {
      const target = String(raw[typeAt] ?? '');
      if (!targets.has(target)) {
        if (target.startsWith('Plugin')) return { reason: 'itemtype of a plugin' };
        if (!findItemtype(target)) return { reason: `unknown itemtype ${target || '(empty)'}` };
        return { reason: `itemtype ${target} cannot have a ${plan.type.name} in Deskbase` };
      }
      return known.of(target).has(Number(raw[idAt])) ? null : { reason: `items_id points to no ${target}` };
    };
  }

  /** What the rows of this itemtype need beyond column conversions, if anything. */
  private specialFor(itemtype: string): ((raw: unknown[], notes: RowNotes) => void) | null {
    if (itemtype === 'User') return (raw, notes) => this.user(raw, notes);
    if (itemtype === 'Entity') return (raw) => this.entity(raw);
    if (itemtype === 'RuleCriteria') return (raw) => this.ruleCriterion(raw);
    return null;
  }

  private user(raw: unknown[], notes: RowNotes): void {
    const authtype = this.at('authtype');
    if (authtype >= 0) raw[authtype] = authtypeFromGlpi(Number(raw[authtype]));
    const password = this.at('password');
    const hash = raw[password];
    if (typeof hash === 'string' && hash !== '' && !MODERN_HASH.test(hash)) {
      raw[password] = null;
      const login = String(raw[this.at('name')] ?? `id ${String(raw[this.at('id')])}`);
      const kind = /^[0-9a-f]{32}$/i.test(hash) ? 'an old MD5 one' : 'in a format Deskbase does not read';
      notes.refusedPasswords.push(`user ${login}: the GLPI password hash is ${kind} and was not kept: reset this password`);
    }
    for (const name of ['api_token', 'personal_token']) {
      const at = this.at(name);
      if (at >= 0 && typeof raw[at] === 'string' && raw[at] !== '') raw[at] = tokenHash(raw[at] as string);
    }
    // Short-lived or browser-bound secrets: useless once moved.
    for (const name of ['cookie_token', 'cookie_token_date', 'password_forget_token', 'password_forget_token_date']) {
      const at = this.at(name);
      if (at >= 0) raw[at] = null;
    }
  }

  private entity(raw: unknown[]): void {
    if (Number(raw[this.at('id')]) === 0) raw[this.at('entities_id')] = null; // GLPI 9.5 has -1 here
  }

  /** RuleRight's `TYPE` criterion (GLPI's only one so named) compares authtypes: renumbered as users' are. */
  private ruleCriterion(raw: unknown[]): void {
    const pattern = this.at('pattern');
    if (raw[this.at('criteria')] === 'TYPE' && /^\d+$/.test(String(raw[pattern]))) raw[pattern] = String(authtypeFromGlpi(Number(raw[pattern])));
  }
}
