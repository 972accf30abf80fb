import { accessFilter } from '../auth/visibility';
import type { Scope } from '../auth/scope';
import type { Column } from '../registry/columns';
import { itemtype, itemtypeByTable, type Itemtype } from '../registry';
import { NAMED_ITEM_TABLE, searchOptions, type SearchOption } from '../registry/searchoptions';
import { ident } from '../db/rows';
import { Aliases, Frag, and, raw, sql, type Arg } from './frag';

/**
 * From a search option to SQL. An option is a path from the searched row to one column:
 * the uid (`Computer.users_id_tech.User.name`, `Ticket.Ticket_User.User.name`…) names the
 * itemtypes on the way, and the registry's columns say how each step is linked:
 * - `fk`: the current row points at the next one (`locations_id`, or the linkfield of the uid);
 * - `child`: rows of the next type point back at the current one (`tickets_id`);
 * - `poly`: rows of the next type point back through `itemtype` + `items_id`.
 * A path made only of `fk` steps gives at most one value; any other step may give several.
 */
export type Hop =
  | { kind: 'fk'; column: string; nullable: boolean; target: Itemtype }
  | { kind: 'child'; column: string; target: Itemtype; where: Record<string, Arg> }
  | { kind: 'poly'; target: Itemtype; where: Record<string, Arg>; itemtypeColumn: string; idColumn: string };

/** How values of an option compare: the search engine's families of datatypes. */
export type Semantic = 'text' | 'number' | 'bool' | 'date' | 'datetime';

export interface Field {
  option: SearchOption;
  /** The type the path starts from (a concrete asset type for AllAssets). */
  base: Itemtype;
  hops: Hop[];
  target: Itemtype;
  column: string;
  col: Column;
  /** Several values per row are possible. */
  multi: boolean;
  /** A `count` option: the number of linked rows. */
  count: boolean;
  semantic: Semantic;
  datatype: string;
  /** ITIL specials: status keywords, urgency/impact/priority "at least". */
  special: 'status' | 'level' | null;
  /** Values GLPI computes instead of reading a column (late tickets, free disk percentage). */
  computed: ((alias: string) => string) | null;
}

export class Unsupported extends Error {}

const NOW = "datetime('now', 'localtime')";
/** "Late": a deadline is set, the item is not waiting, and it was (or still is not) met in time. */
const late = (deadline: string, done: string) => (a: string) =>
  `(CASE WHEN ${a}.${deadline} IS NOT NULL AND ${a}.status <> 4 AND ((${a}.${done} IS NOT NULL AND ${a}.${done} > ${a}.${deadline}) OR (${a}.${done} IS NULL AND ${a}.${deadline} < ${NOW})) THEN 1 ELSE 0 END)`;
/** The start date moved by `add` months (less `minus` months), as MariaDB's ADDDATE; none without a start. */
const monthsLater = (add: string, minus?: string) => (a: string) =>
  `date(${a}.begin_date, printf('%+d months', ${a}.${add}${minus ? ` - ${a}.${minus}` : ''}))`;
/** Computed values by table, field and (for fields that several options compute differently) option id. */
const COMPUTED: Record<string, { columns: string[]; kind: Column['kind']; size?: number; sql: (alias: string) => string }> = {
  'is_late:82': { columns: ['time_to_resolve', 'solvedate', 'status'], kind: 'bool', sql: late('time_to_resolve', 'solvedate') },
  'is_late:182': { columns: ['internal_time_to_resolve', 'solvedate', 'status'], kind: 'bool', sql: late('internal_time_to_resolve', 'solvedate') },
  'is_late:159': { columns: ['time_to_own', 'takeintoaccountdate', 'status'], kind: 'bool', sql: late('time_to_own', 'takeintoaccountdate') },
  'is_late:187': { columns: ['internal_time_to_own', 'takeintoaccountdate', 'status'], kind: 'bool', sql: late('internal_time_to_own', 'takeintoaccountdate') },
  // A contract's end (start + duration in months), and that end less the notice (GLPI's date_delay).
  'end_date:20': { columns: ['begin_date', 'duration'], kind: 'date', sql: monthsLater('duration') },
  'end_date:134': { columns: ['begin_date', 'duration'], kind: 'date', sql: monthsLater('duration') },
  // Its expiration as GLPI shows it (without extending a tacitly renewed contract past today).
  '_virtual_expiration:12': { columns: ['begin_date', 'duration'], kind: 'date', sql: monthsLater('duration') },
  'totalcost:11': { columns: ['id'], kind: 'decimal', size: 4, sql: (a) => `(SELECT COALESCE(SUM(c.cost), 0) FROM glpi_contractcosts c WHERE c.contracts_id = ${a}.id)` },
  'expire_notice:13': { columns: ['begin_date', 'duration', 'notice'], kind: 'date', sql: monthsLater('duration', 'notice') },
  // A supplier's contacts as GLPI names them: last name, then first name.
  'completename:8': { columns: ['name', 'firstname'], kind: 'string', sql: (a) => `TRIM(COALESCE(${a}.name, '') || ' ' || COALESCE(${a}.firstname, ''))` },
  'freepercent:152': {
    columns: ['freesize', 'totalsize'],
    kind: 'int',
    sql: (a) => `(CASE WHEN ${a}.totalsize > 0 THEN CAST(ROUND(100.0 * ${a}.freesize / ${a}.totalsize) AS INTEGER) ELSE 0 END)`,
  },
};

function computedColumn(target: Itemtype, field: string, option: SearchOption): { col: Column; sql: (alias: string) => string } | null {
  const spec = COMPUTED[`${field}:${option.id}`];
  if (!spec || !spec.columns.every((c) => target.column.has(c))) return null;
  return { col: { name: field, kind: spec.kind, nullable: false, default: null, unsigned: false, autoIncrement: false, size: spec.size }, sql: spec.sql };
}

/** SQL of the option's value on the row `alias` that holds it. */
export function columnSql(field: Field, alias: string): string {
  return field.computed ? field.computed(alias) : `${alias}.${ident(field.column)}`;
}

const ID_COLUMN: Column = { name: 'id', kind: 'int', nullable: false, default: null, unsigned: true, autoIncrement: true };

/** The conditions GLPI's joins carry that the uid does not show (actor roles, counts per type). */
const ITIL_ACTOR_ROLES: Record<number, number> = { 4: 1, 71: 1, 34: 1, 35: 1, 5: 2, 8: 2, 6: 2, 66: 3, 65: 3 };
const HOP_CONDITIONS: Record<string, Record<number, Record<string, Arg>>> = {
  User: { 60: { type: 1 }, 64: { type: 2 } },
  Group: { 70: { is_manager: 1 }, 71: { is_userdelegate: 1 } },
  Computer: { 1429: { itemtype: 'Monitor' }, 1430: { itemtype: 'Peripheral' }, 1431: { itemtype: 'Printer' }, 1432: { itemtype: 'Phone' } },
};

function hopConditions(base: Itemtype, option: SearchOption): Record<string, Arg> {
  if (base.kind === 'itil') {
    const role = ITIL_ACTOR_ROLES[option.id];
    return role === undefined ? {} : { type: role };
  }
  return HOP_CONDITIONS[base.name]?.[option.id] ?? {};
}

const NUMBER_TYPES = new Set(['number', 'integer', 'count', 'decimal', 'mio', 'timestamp', 'progressbar', 'actiontime']);
const TEXT_TYPES = new Set(['itemlink', 'dropdown', 'string', 'text', 'email', 'weblink', 'itemtypename', 'language', 'color', 'mac', 'ip']);

function semanticOf(datatype: string, col: Column): Semantic {
  if (datatype === 'date' || datatype === 'date_delay') return col.kind === 'datetime' ? 'datetime' : 'date';
  if (datatype === 'datetime') return col.kind === 'date' ? 'date' : 'datetime';
  if (NUMBER_TYPES.has(datatype)) return 'number';
  if (datatype === 'bool') return 'bool';
  if (TEXT_TYPES.has(datatype)) return col.kind === 'int' || col.kind === 'decimal' || col.kind === 'float' ? 'number' : 'text';
  switch (col.kind) {
    case 'int':
    case 'decimal':
    case 'float':
      return 'number';
    case 'bool':
      return 'bool';
    case 'datetime':
      return 'datetime';
    case 'date':
      return 'date';
    default:
      return 'text';
  }
}

const LINKFIELD = /^[a-z0-9_]+$/;

const poly = (target: Itemtype, where: Record<string, Arg>, itemtypeColumn = 'itemtype', idColumn = 'items_id'): Hop => ({
  kind: 'poly',
  target,
  where,
  itemtypeColumn,
  idColumn,
});

/** The step(s) from `from` to `to`, through `linkfield` when the uid names one. */
function hopsBetween(from: Itemtype, to: Itemtype, linkfield: string | undefined, where: Record<string, Arg>): Hop[] {
  if (linkfield) {
    const col = from.column.get(linkfield);
    if (col && col.kind === 'int' && (from.foreignKeys.get(linkfield) ?? to.name) === to.name) {
      return [{ kind: 'fk', column: linkfield, nullable: col.nullable, target: to }];
    }
    if (to.column.has(linkfield) && to.foreignKeys.get(linkfield) === from.name) return [{ kind: 'child', column: linkfield, target: to, where }];
    throw new Unsupported(`no link ${linkfield} between ${from.name} and ${to.name}`);
  }
  const direct = [...from.foreignKeys].filter(([, target]) => target === to.name).map(([fk]) => fk);
  const fk = direct.includes(to.fkName) ? to.fkName : direct.length === 1 ? direct[0] : undefined;
  if (fk) return [{ kind: 'fk', column: fk, nullable: from.column.get(fk)!.nullable, target: to }];
  // A polymorphic child names its parent by itemtype + items_id, even when it also has, say,
  // an entities_id of its own.
  if (to.polymorphic && to.polyTargets.includes(from.name)) return [poly(to, where)];
  if (to.column.has(from.fkName) && to.foreignKeys.get(from.fkName) === from.name) return [{ kind: 'child', column: from.fkName, target: to, where }];
  const back = [...to.foreignKeys].filter(([, target]) => target === from.name).map(([c]) => c);
  if (back.length === 1) return [{ kind: 'child', column: back[0]!, target: to, where }];
  // IP addresses also name the asset they finally belong to.
  if (to.column.has('mainitemtype') && to.column.has('mainitems_id')) return [poly(to, where, 'mainitemtype', 'mainitems_id')];
  // Financial fields (supplier, budget, criticity) live on the item's Infocom.
  const infocom = itemtype('Infocom');
  if (infocom && from.features.includes('infocom') && infocom.column.has(to.fkName) && infocom.foreignKeys.get(to.fkName) === to.name) {
    return [
      poly(infocom, where),
      { kind: 'fk', column: to.fkName, nullable: infocom.column.get(to.fkName)!.nullable, target: to },
    ];
  }
  throw new Unsupported(`no link between ${from.name} and ${to.name}`);
}

/**
 * Options whose path the uid does not tell: a tree's "Father" (13) has the uid of the item's own
 * complete name, a document's "Number of associated items" (72) that of its attached documents,
 * a contract's "Total cost" (11) that of its costs though it is one sum per contract.
 */
function specialHops(base: Itemtype, option: SearchOption): Hop[] | null {
  if (base.name === 'Contract' && option.id === 11 && option.field === 'totalcost') return [];
  if (base.tree && option.id === 13 && option.uid === `${base.name}.completename`) {
    return [{ kind: 'fk', column: base.tree, nullable: base.column.get(base.tree)?.nullable ?? false, target: base }];
  }
  const documentItem = itemtype('Document_Item');
  if (base.name === 'Document' && option.id === 72 && documentItem) return [{ kind: 'child', column: 'documents_id', target: documentItem, where: {} }];
  return null;
}

/** Options known to be right among several that share their uid. */
const SHARED_UID_OK: Record<string, number[]> = { Document: [119], Ticket: [38], Problem: [38], Change: [38] };

const uidCounts = new Map<string, Map<string, number>>();
function sharesUid(type: Itemtype, option: SearchOption): boolean {
  let counts = uidCounts.get(type.name);
  if (!counts) {
    counts = new Map();
    for (const o of searchOptions(type).byId.values()) counts.set(o.uid, (counts.get(o.uid) ?? 0) + 1);
    uidCounts.set(type.name, counts);
  }
  return (counts.get(option.uid) ?? 0) > 1;
}

/**
 * A field of the item the row names by itemtype + items_id, whatever its type (GLPI's union
 * search over `reservation_types`): read from the named item's own table.
 */
function namedItemField(base: Itemtype, option: SearchOption): Field {
  const targets = base.polyTargets.flatMap((name) => itemtype(name) ?? []).filter((t) => t.column.has(option.field));
  const col = option.field === 'id' ? ID_COLUMN : targets[0]?.column.get(option.field);
  if (!col || !base.polymorphic) throw new Unsupported(`no column ${option.field} in the items ${base.name} names`);
  const computed = (a: string) =>
    option.field === 'id'
      ? `${a}.items_id`
      : `(CASE ${a}.itemtype ${targets.map((t) => `WHEN '${t.name}' THEN (SELECT n.${ident(option.field)} FROM ${t.table} n WHERE n.id = ${a}.items_id)`).join(' ')} END)`;
  const semantic = semanticOf(option.datatype, col);
  return { option, base, hops: [], target: base, column: option.field, col, multi: false, count: false, semantic, datatype: option.datatype, special: null, computed };
}

/** Resolves an option of `base` (whose uid starts with `base.name`) into a path. */
function resolvePath(owner: Itemtype, base: Itemtype, option: SearchOption): Field {
  if (option.table === NAMED_ITEM_TABLE) return namedItemField(base, option);
  const parts = option.uid.split('.');
  const fieldName = parts[parts.length - 1]!;
  const middle = parts.slice(1, -1);
  let linkfield: string | undefined;
  if (middle.length && LINKFIELD.test(middle[0]!) && !itemtype(middle[0]!)) linkfield = middle.shift();
  const where = hopConditions(base, option);
  let hops = specialHops(base, option);
  if (!hops) {
    const chain = middle.map((name) => {
      const type = itemtype(name);
      if (!type) throw new Unsupported(`unknown itemtype ${name}`);
      return type;
    });
    if (chain.length === 0 && (option.table !== base.table || linkfield)) {
      const target = itemtypeByTable(option.table);
      if (!target) throw new Unsupported(`unknown table ${option.table}`);
      chain.push(target);
    }
    if (chain.length && chain[chain.length - 1]!.table !== option.table) throw new Unsupported(`uid ${option.uid} does not end on ${option.table}`);
    if (!chain.length && option.table !== base.table) throw new Unsupported(`table ${option.table}`);
    hops = [];
    let current = base;
    for (const [i, next] of chain.entries()) {
      const multiSoFar = hops.some((h) => h.kind !== 'fk');
      hops.push(...hopsBetween(current, next, i === chain.length - 1 ? linkfield : undefined, multiSoFar ? {} : where));
      current = next;
    }
    const explicit = Object.keys(where).length > 0 || SHARED_UID_OK[owner.name]?.includes(option.id);
    if (hops.length && !explicit && sharesUid(owner, option)) throw new Unsupported(`option ${option.id} shares its uid with other options`);
  }
  const target = hops.length ? hops[hops.length - 1]!.target : base;
  const computed = target.column.has(fieldName) ? null : computedColumn(target, fieldName, option);
  const col = fieldName === 'id' ? ID_COLUMN : (computed?.col ?? target.column.get(fieldName));
  if (!col || target.hidden.includes(fieldName)) throw new Unsupported(`no column ${fieldName} in ${target.table}`);
  // Conditions must land on the first multi-valued step, and that step must have the columns.
  const firstMulti = hops.find((h) => h.kind !== 'fk');
  if (Object.keys(where).length) {
    if (!firstMulti) throw new Unsupported('conditional link on a single-valued path');
    for (const key of Object.keys(where)) if (!firstMulti.target.column.has(key)) throw new Unsupported(`no column ${key} in ${firstMulti.target.table}`);
  }
  const datatype = option.datatype;
  const ownItil = base.kind === 'itil' && hops.length === 0;
  return {
    option,
    base,
    hops,
    target,
    column: fieldName,
    col,
    multi: !!firstMulti,
    count: datatype === 'count',
    semantic: datatype === 'count' ? 'number' : semanticOf(datatype, col),
    datatype,
    special: ownItil && fieldName === 'status' ? 'status' : ownItil && ['urgency', 'impact', 'priority'].includes(fieldName) ? 'level' : null,
    computed: computed?.sql ?? null,
  };
}

const fieldCache = new Map<string, Field | string>();

/** The option `id` of `type` as a path from a row of `base` (AllAssets: each asset type in turn). */
export function resolveField(type: Itemtype, id: number, base: Itemtype = type): Field {
  const key = `${type.name}\u0000${base.name}\u0000${id}`;
  let hit = fieldCache.get(key);
  if (hit === undefined) {
    const option = searchOptions(type).byId.get(id);
    if (!option) throw new Unsupported(`no option ${id}`);
    try {
      hit = resolvePath(type, base, base === type ? option : forAsset(option, base));
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      hit = error.message;
    }
    fieldCache.set(key, hit);
  }
  if (typeof hit === 'string') throw new Unsupported(hit);
  return hit;
}

/** An AllAssets option (pseudo-table `asset_types`) seen from one concrete asset type. */
function forAsset(option: SearchOption, base: Itemtype): SearchOption {
  const parts = option.uid.split('.').slice(1).filter((p) => p !== 'UNKNOWN');
  return { ...option, uid: [base.name, ...parts].join('.'), table: option.table === 'asset_types' ? base.table : option.table };
}

/** Is this option usable (for columns of a default view, where unsupported ones are left out)? */
export function isSupported(type: Itemtype, id: number, bases: Itemtype[] = [type]): boolean {
  return bases.some((base) => {
    try {
      resolveField(type, id, base);
      return true;
    } catch (error) {
      if (error instanceof Unsupported) return false;
      throw error;
    }
  });
}

/** Text sorts compare as SQLite's NOCASE does (ASCII letters folded); counts and others as stored. */
export const sortsNocase = (field: Field | null): boolean => !!field && field.semantic === 'text' && !field.count;

export interface BuildContext {
  scope: Scope;
  aliases: Aliases;
  /** Keep the row's link column from choosing an index (another criterion's index is narrower). */
  noIndex?: boolean;
}

/** Rows of a multi-valued step are restricted like the items themselves when they have rights of their own. */
function hopRestriction(ctx: BuildContext, hop: Hop, alias: string): Frag[] {
  if (hop.kind === 'fk') return [];
  const out: Frag[] = Object.entries(hop.where).map(([column, value]) => sql`${raw(`${alias}.${ident(column)}`)} = ${value}`);
  if (hop.target.column.has('is_deleted')) out.push(raw(`${alias}.is_deleted = 0`));
  if (hop.target.kind === 'child' && hop.target.right !== null) out.push(raw(accessFilter(ctx.scope, hop.target, 'read', alias)));
  return out;
}

interface Chain {
  /** `FROM first h1 JOIN … ` */
  from: Frag;
  /** Conditions of the steps (roles, trash, rights). */
  conditions: Frag[];
  /** The base side and the first step's side of the link to the base row. */
  outer: string;
  inner: string;
  /** Extra condition of a polymorphic first step. */
  linkExtra: Frag | null;
  outerNullable: boolean;
  last: string;
}

function buildChain(field: Field, base: string, ctx: BuildContext): Chain {
  const aliases = field.hops.map(() => ctx.aliases.next('h'));
  const first = field.hops[0]!;
  const a1 = aliases[0]!;
  let outer: string;
  let inner: string;
  let linkExtra: Frag | null = null;
  let outerNullable = false;
  if (first.kind === 'fk') {
    outer = `${base}.${first.column}`;
    inner = `${a1}.id`;
    outerNullable = first.nullable;
  } else if (first.kind === 'child') {
    outer = `${base}.id`;
    inner = `${a1}.${first.column}`;
  } else {
    outer = `${base}.id`;
    inner = `${a1}.${first.idColumn}`;
    linkExtra = sql`${raw(`${a1}.${first.itemtypeColumn}`)} = ${field.base.name}`;
  }
  const joins: Frag[] = [raw(`${first.target.table} ${a1}`)];
  const conditions: Frag[] = hopRestriction(ctx, first, a1);
  let previous = field.base;
  field.hops.forEach((hop, i) => {
    if (i === 0) {
      previous = hop.target;
      return;
    }
    const prev = aliases[i - 1]!;
    const alias = aliases[i]!;
    const on =
      hop.kind === 'fk'
        ? raw(`${alias}.id = ${prev}.${hop.column}`)
        : hop.kind === 'child'
          ? raw(`${alias}.${hop.column} = ${prev}.id`)
          : sql`${raw(`${alias}.${hop.itemtypeColumn}`)} = ${previous.name} AND ${raw(`${alias}.${hop.idColumn} = ${prev}.id`)}`;
    joins.push(sql`JOIN ${raw(`${hop.target.table} ${alias}`)} ON ${on}`);
    conditions.push(...hopRestriction(ctx, hop, alias));
    previous = hop.target;
  });
  return {
    from: new Frag(joins.map((j) => j.sql).join(' '), joins.flatMap((j) => j.args)),
    conditions,
    outer,
    inner,
    linkExtra,
    outerNullable,
    last: aliases[aliases.length - 1]!,
  };
}

/**
 * "Some value of this option, on the row `base`, satisfies `cond`" as a condition that is never
 * NULL. `cond` gets the alias of the row holding the column. Written as `x IN (SELECT …)` so that
 * SQLite computes the matching set once instead of probing it per row.
 */
export function someValue(field: Field, base: string, ctx: BuildContext, cond: (alias: string) => Frag): Frag {
  if (field.hops.length === 0) return cond(base);
  const chain = buildChain(field, base, ctx);
  const where = and([...(chain.linkExtra ? [chain.linkExtra] : []), ...chain.conditions, cond(chain.last)]);
  if (where.sql === '0') return raw('0');
  const guard = chain.outerNullable ? `${chain.outer} IS NOT NULL AND ` : '';
  // `+column` is the same value, but SQLite will not look it up through an index.
  const outer = ctx.noIndex ? `+${chain.outer}` : chain.outer;
  return sql`(${raw(`${guard}${outer} IN (SELECT ${chain.inner} FROM `)}${chain.from} WHERE ${where}))`;
}

/** The option's value for the row `base`, as one SQL expression (lists joined with \x1f). */
export function valueExpression(field: Field, base: string, ctx: BuildContext): Frag {
  if (field.hops.length === 0) return raw(columnSql(field, base));
  const chain = buildChain(field, base, ctx);
  const where = and([raw(`${chain.inner} = ${chain.outer}`), ...(chain.linkExtra ? [chain.linkExtra] : []), ...chain.conditions]);
  const column = columnSql(field, chain.last);
  const select = field.count
    ? `COUNT(DISTINCT ${chain.last}.id)`
    : field.multi
      ? `GROUP_CONCAT(${column}, char(31) ORDER BY ${chain.last}.id)`
      : column;
  return sql`(SELECT ${raw(select)} FROM ${chain.from} WHERE ${where}${raw(field.multi || field.count ? '' : ' LIMIT 1')})`;
}
