import { accessFilter } from '../auth/visibility';
import type { Scope } from '../auth/scope';
import type { Column } from '../registry/columns';
import { itemtype, itemtypeByTable, type Itemtype } from '../registry';
import { groupsLinkedRows, NAMED_ITEM_TABLE, searchOptions, uidName, uidStepType, type SearchOption } from '../registry/searchoptions';
import { currentDataZone, now as clockNow, nowString } from '../core/clock';
import { wallMs } from '../core/zone';
import { PROFILE_RIGHT_OPTIONS } from '../registry/data/profile-rights';
import { AUTHTYPE } from '../registry/values';
import { ident } from '../db/rows';
import { Aliases, Frag, and, raw, sql, type Arg } from '../db/frag';

/**
 * From a search option to SQL. An option is a path from the searched row to one column:
 * the uid (`Computer.users_id_tech.User.name`, `Ticket.Ticket_User.User.name`…) names the
 * itemtypes on the way, and the registry's columns say how each step is linked:
 * - `fk`: the current row points at the next one (`locations_id`, or the linkfield of the uid);
 * - `child`: rows of the next type point back at the current one (`tickets_id`);
 * - `poly`: rows of the next type point back through `itemtype` + `items_id`;
 * - `named`: the current row names the next one by `itemtype` + `items_id` (an instance's computer).
 * A path made only of `fk` and `named` steps gives at most one value; any other step may give several.
 */
export type Hop =
  | { kind: 'fk'; column: string; nullable: boolean; target: Itemtype }
  | { kind: 'named'; target: Itemtype; itemtypeColumn: string; idColumn: string }
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
  /**
   * Several rows, but GLPI shows the value of one of them (the option has no `forcegroupby`): the
   * first linked row's, typed as its column.
   */
  oneRow?: boolean;
  /** A `count` option: the number of linked rows. */
  count: boolean;
  /** A total GLPI computes over the linked rows (costs): the sum of the computed value. */
  sum?: boolean;
  /** GLPI's latest date of the linked rows (an ITIL object's follow-ups, tasks, solutions: 72–74). */
  latest?: boolean;
  semantic: Semantic;
  datatype: string;
  /** ITIL specials: status keywords, urgency/impact/priority "at least". */
  special: 'status' | 'level' | null;
  /** Values GLPI computes instead of reading a column (late tickets, free disk percentage). */
  computed: ((alias: string) => string) | null;
  /** The id of the row the value is read from, when it is not the searched row (a reserved item's location). */
  rowId?: (alias: string) => string;
  /**
   * The value of an item the path finds no row for, where the path finds at most one: a profile's
   * right it has no row of reads 0, as in GLPI, which gives every profile a row of every right.
   */
  absent?: number;
  /** A virtual column GLPI's API reads no value for at all: always shown as an empty list. */
  emptyList?: boolean;
}

export class Unsupported extends Error {}

/**
 * Now on the data zone's wall clock, by SQLite's clock: its `'now'` keeps the answer out of the
 * read caches (see db/read-cache.ts), and the zone's offset at this moment, not the process's
 * `localtime`, puts it in the zone the stored dates are in.
 */
function sqliteNow(): string {
  const second = Math.floor(clockNow() / 1000) * 1000;
  const offset = (wallMs(currentDataZone().format(second))! - second) / 1000;
  return `datetime('now', '${offset >= 0 ? '+' : ''}${offset} seconds')`;
}
/** "Late": a deadline is set, the item is not waiting, and it was (or still is not) met in time. */
const late = (deadline: string, done: string) => (a: string) =>
  `(CASE WHEN ${a}.${deadline} IS NOT NULL AND ${a}.status <> 4 AND ((${a}.${done} IS NOT NULL AND ${a}.${done} > ${a}.${deadline}) OR (${a}.${done} IS NULL AND ${a}.${deadline} < ${sqliteNow()})) THEN 1 ELSE 0 END)`;
/**
 * `start` moved by `add` months (less `minus` months) as MariaDB's ADDDATE moves it: a day past the
 * end of the month it lands in is that month's last day; none without a start.
 */
const plusMonths = (start: string, months: string) => {
  const month = (shift: string) => `date(${start}, 'start of month', printf('%+d months', ${months}${shift})`;
  return `min(${month('')}, printf('%+d days', CAST(strftime('%d', ${start}) AS INTEGER) - 1)), ${month(' + 1')}, '-1 day'))`;
};
const monthsAfter = (start: string, add: string, minus?: string) => (a: string) => plusMonths(`${a}.${start}`, `${a}.${add}${minus ? ` - ${a}.${minus}` : ''}`);
const monthsLater = (add: string, minus?: string) => monthsAfter('begin_date', add, minus);
/** GLPI's tacit renewal (`renewal` 1): a contract renews itself by its duration. */
const TACIT_RENEWAL = 1;
/**
 * A contract's expiration as GLPI shows it: its start plus its duration, and for a tacitly
 * renewed contract, plus as many more durations as it takes to end after today (the server's
 * clock): the first period end k × duration months after the start that is later than today.
 */
const contractExpiration = (a: string) => {
  const today = `'${nowString().slice(0, 10)}'`;
  const elapsed = `((CAST(strftime('%Y', ${today}) AS INTEGER) - CAST(strftime('%Y', ${a}.begin_date) AS INTEGER)) * 12 + CAST(strftime('%m', ${today}) AS INTEGER) - CAST(strftime('%m', ${a}.begin_date) AS INTEGER))`;
  const periods = `max(1, ${elapsed} / ${a}.duration)`;
  const end = (k: string) => plusMonths(`${a}.begin_date`, `(${k}) * ${a}.duration`);
  const renewed = `(CASE WHEN ${end(periods)} > ${today} THEN ${end(periods)} ELSE ${end(`${periods} + 1`)} END)`;
  return `(CASE WHEN ${a}.renewal = ${TACIT_RENEWAL} AND ${a}.duration > 0 THEN ${renewed} ELSE ${monthsLater('duration')(a)} END)`;
};
/** Computed values by table, field and (for fields that several options compute differently) option id. */
const COMPUTED: Record<string, { columns: string[]; kind: Column['kind']; size?: number; sql: (alias: string) => string; sum?: boolean }> = {
  // Total costs (DECIMAL(20,4)), summed over the cost rows (each reached once per item): a project's,
  // its contracts' for an asset, an ITIL object's (time at the hourly rate, fixed and material costs).
  // As GLPI's SUM over an empty join, an item without cost rows has no total (null), which no
  // number matches, not even 0.
  'totalcost:91': { columns: ['cost'], kind: 'decimal', size: 4, sql: (a) => `${a}.cost`, sum: true },
  'totalcost:136': { columns: ['cost'], kind: 'decimal', size: 4, sql: (a) => `${a}.cost`, sum: true },
  'totalcost:48': {
    columns: ['actiontime', 'cost_time', 'cost_fixed', 'cost_material'],
    kind: 'decimal',
    size: 4,
    sql: (a) => `(${a}.actiontime * ${a}.cost_time / 3600.0 + ${a}.cost_fixed + ${a}.cost_material)`,
    sum: true,
  },
  'is_late:82': { columns: ['time_to_resolve', 'solvedate', 'status'], kind: 'bool', sql: late('time_to_resolve', 'solvedate') },
  'is_late:182': { columns: ['internal_time_to_resolve', 'solvedate', 'status'], kind: 'bool', sql: late('internal_time_to_resolve', 'solvedate') },
  'is_late:159': { columns: ['time_to_own', 'takeintoaccountdate', 'status'], kind: 'bool', sql: late('time_to_own', 'takeintoaccountdate') },
  'is_late:187': { columns: ['internal_time_to_own', 'takeintoaccountdate', 'status'], kind: 'bool', sql: late('internal_time_to_own', 'takeintoaccountdate') },
  // GLPI's date_delay: a start date plus a duration in months (a warranty's expiry, a contract's
  // end), and that end less the notice.
  'end_warranty:120': { columns: ['warranty_date', 'warranty_duration'], kind: 'date', sql: monthsAfter('warranty_date', 'warranty_duration') },
  'end_date:20': { columns: ['begin_date', 'duration'], kind: 'date', sql: monthsLater('duration') },
  'end_date:134': { columns: ['begin_date', 'duration'], kind: 'date', sql: monthsLater('duration') },
  '_virtual_expiration:12': { columns: ['begin_date', 'duration', 'renewal'], kind: 'date', sql: contractExpiration },
  // A contract's costs summed like the others.
  'totalcost:11': { columns: ['cost'], kind: 'decimal', size: 4, sql: (a) => `${a}.cost`, sum: true },
  'expire_notice:13': { columns: ['begin_date', 'duration', 'notice'], kind: 'date', sql: monthsLater('duration', 'notice') },
  // A supplier's contacts as GLPI names them: last name, then first name.
  'completename:8': { columns: ['name', 'firstname'], kind: 'string', sql: (a) => `TRIM(COALESCE(${a}.name, '') || ' ' || COALESCE(${a}.firstname, ''))` },
  // When a ticket's next escalation runs: the earliest of its SLA and OLA levels still to run.
  'next_escalation_level:188': {
    columns: ['slalevels_id_ttr'],
    kind: 'datetime',
    sql: (a) => `(SELECT MIN(d) FROM (SELECT s.date AS d FROM glpi_slalevels_tickets s WHERE s.tickets_id = ${a}.id UNION ALL SELECT o.date FROM glpi_olalevels_tickets o WHERE o.tickets_id = ${a}.id))`,
  },
  'freepercent:152': {
    columns: ['freesize', 'totalsize'],
    kind: 'int',
    sql: (a) => `(CASE WHEN ${a}.totalsize > 0 THEN CAST(ROUND(100.0 * ${a}.freesize / ${a}.totalsize) AS INTEGER) ELSE 0 END)`,
  },
};

function computedColumn(target: Itemtype, field: string, option: SearchOption): { col: Column; sql: (alias: string) => string; sum: boolean } | null {
  const spec = COMPUTED[`${field}:${option.id}`];
  if (!spec || !spec.columns.every((c) => target.column.has(c))) return null;
  return { col: { name: field, kind: spec.kind, nullable: false, default: null, unsigned: false, autoIncrement: false, size: spec.size }, sql: spec.sql, sum: !!spec.sum };
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
  // A project's changes, problems and tickets are counted among its Itil_Project rows.
  Project: { 92: { itemtype: 'Change' }, 93: { itemtype: 'Problem' }, 94: { itemtype: 'Ticket' } },
  // A profile's right options each read one row of its rights.
  Profile: Object.fromEntries(Object.entries(PROFILE_RIGHT_OPTIONS).map(([id, name]) => [id, { name }])),
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
    if (linkfield === 'items_id' && from.polymorphic && from.polyTargets.includes(to.name)) return [{ kind: 'named', target: to, itemtypeColumn: 'itemtype', idColumn: 'items_id' }];
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
  if (from.polymorphic && from.polyTargets.includes(to.name) && from.column.has('itemtype') && from.column.has('items_id')) {
    return [{ kind: 'named', target: to, itemtypeColumn: 'itemtype', idColumn: 'items_id' }];
  }
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

/** The steps along a chain of itemtypes, each linked to the previous one as hopsBetween finds. */
function chainHops(base: Itemtype, names: string[], where: Record<string, Arg> = {}): Hop[] {
  const hops: Hop[] = [];
  let current = base;
  for (const name of names) {
    const next = itemtype(name);
    if (!next) throw new Unsupported(`unknown itemtype ${name}`);
    hops.push(...hopsBetween(current, next, undefined, hops.some(isMulti) ? {} : where));
    current = next;
  }
  return hops;
}

/** The socket options GLPI reaches through a port's instantiation (22 Ethernet, 62 fiber channel). */
const PORT_SOCKET = /\.NetworkPort\.(NetworkPortEthernet|NetworkPortFiberchannel)\.Glpi\\Socket\.name$/;

/**
 * Options whose uid skips the link rows GLPI's joins go through: an item's VLANs (88), through
 * its ports and their VLAN links; its Ethernet (22) and fiber channel (62) sockets, those wired to
 * its ports of that kind (GLPI goes through the port's instantiation row; a port names its kind).
 */
function networkHops(base: Itemtype, option: SearchOption): Hop[] | null {
  const kind = PORT_SOCKET.exec(option.uid)?.[1];
  if (kind) return chainHops(base, ['NetworkPort', 'Socket'], { instantiation_type: kind });
  if (option.uid === `${base.name}.Vlan.name` && option.table === itemtype('Vlan')?.table) return chainHops(base, ['NetworkPort', 'NetworkPort_Vlan', 'Vlan']);
  return null;
}

/**
 * Options whose path the uid does not tell: a tree's "Father" (13) has the uid of the item's own
 * complete name, a document's "Number of associated items" (72) that of its attached documents.
 */
function specialHops(base: Itemtype, option: SearchOption): Hop[] | null {
  if (base.tree && option.id === 13 && option.uid === `${base.name}.completename`) {
    return [{ kind: 'fk', column: base.tree, nullable: base.column.get(base.tree)?.nullable ?? false, target: base }];
  }
  // A project's "Father" (13) has the uid of its own name, shown through its parent project.
  if (option.id === 13 && option.uid === `${base.name}.name` && base.foreignKeys.get(base.fkName) === base.name) {
    return [{ kind: 'fk', column: base.fkName, nullable: base.column.get(base.fkName)?.nullable ?? false, target: base }];
  }
  const documentItem = itemtype('Document_Item');
  if (base.name === 'Document' && option.id === 72 && documentItem) return [{ kind: 'child', column: 'documents_id', target: documentItem, where: {} }];
  return LINK_PATHS[base.name]?.[option.id]?.() ?? null;
}

/** GLPI's Ticket_Ticket link kinds: a duplicate, and a child (`tickets_id_1`) of its parent (`tickets_id_2`). */
const DUPLICATE_WITH = 2;
const SON_OF = 3;

const childOf = (column: string, name: string, where: Record<string, Arg> = {}): Hop => ({ kind: 'child', column, target: itemtype(name)!, where });
const fkTo = (column: string, name: string): Hop => ({ kind: 'fk', column, nullable: false, target: itemtype(name)! });

const CARTRIDGE_IN_USE = 'date_use IS NOT NULL AND date_out IS NULL';
const CARTRIDGE_WORN = 'date_out IS NOT NULL';
const CARTRIDGE_NEW = 'date_use IS NULL AND date_out IS NULL';

/** Child rows of `name` under a fixed condition of GLPI's join (cartridges in use…), read through a filtered table. */
function childWhere(column: string, name: string, condition: string): Hop {
  const target = itemtype(name)!;
  return { kind: 'child', column, target: { ...target, table: `(SELECT * FROM ${target.table} WHERE ${condition})` }, where: {} };
}

/** An ITIL object's newest solution, the one GLPI's "last solution" options join. */
function latestSolution(): Hop {
  const solutions = itemtype('ITILSolution')!;
  const newest = `(SELECT * FROM ${solutions.table} s WHERE s.id = (SELECT MAX(n.id) FROM ${solutions.table} n WHERE n.itemtype = s.itemtype AND n.items_id = s.items_id))`;
  return poly({ ...solutions, table: newest }, {});
}

/**
 * GLPI's `item_item` join of a ticket's links: the Ticket_Ticket rows naming it on either side.
 * Each row is read once per side, `tickets_id` being the side naming the ticket and `other` the
 * ticket on the other side.
 */
function eitherSideLinks(where: Record<string, Arg>): Hop {
  const links = itemtype('Ticket_Ticket')!;
  const key = links.column.get('tickets_id_1')!;
  const column = new Map([...links.column, ['tickets_id', { ...key, name: 'tickets_id' }], ['other', { ...key, name: 'other' }]]);
  const sides = ['tickets_id_1 AS tickets_id, tickets_id_2 AS other', 'tickets_id_2, tickets_id_1'].map((side) => `SELECT id, tickets_id_1, tickets_id_2, link, ${side} FROM ${links.table}`);
  const target: Itemtype = { ...links, table: `(${sides.join(' UNION ALL ')})`, column, columns: [...column.values()] };
  return { kind: 'child', column: 'tickets_id', target, where };
}

/**
 * A ticket's linked (40) and duplicated (47) tickets, as GLPI's API shows them: each link row's
 * `tickets_id_1`, whichever side the ticket is on; a ticket id matches the tickets linked with it.
 */
const LINKED_TICKET_LISTS: Record<string, Record<number, Record<string, Arg>>> = { Ticket: { 40: {}, 47: { link: DUPLICATE_WITH } } };

function linkedTicketsField(base: Itemtype, option: SearchOption, where: Record<string, Arg>): Field {
  const hop = eitherSideLinks(where);
  const col = hop.target.column.get(option.field);
  if (!col) throw new Unsupported(`no column ${option.field} in ${hop.target.name}`);
  // Matched as a link (the row's other side), not as the number it shows.
  return { option, base, hops: [hop], target: hop.target, column: option.field, col, multi: true, count: false, semantic: 'text', datatype: option.datatype, special: null, computed: null, rowId: (a) => `${a}.other` };
}

/**
 * Options whose uid does not name the columns GLPI's joins go through (its `linkfield` and join
 * conditions): a user's written tickets (61, as their recipient); a ticket's links counted on either
 * side (41 all, 46 duplicates); its children and parents (Ticket_Ticket rows of kind "son of", the
 * child in `tickets_id_1`), counted (68, 69) or named (67, 50).
 */
const LINK_PATHS: Record<string, Record<number, () => Hop[]>> = {
  User: { 61: () => [childOf('users_id_recipient', 'Ticket')] },
  // Cartridges and consumables counted by state, as GLPI's joins condition them: in use (installed,
  // not yet worn), worn (taken out), new (neither); a consumable is used once given out.
  Printer: { 17: () => [childWhere('printers_id', 'Cartridge', CARTRIDGE_IN_USE)], 18: () => [childWhere('printers_id', 'Cartridge', CARTRIDGE_WORN)] },
  CartridgeItem: {
    17: () => [childWhere('cartridgeitems_id', 'Cartridge', CARTRIDGE_IN_USE)],
    18: () => [childWhere('cartridgeitems_id', 'Cartridge', CARTRIDGE_WORN)],
    19: () => [childWhere('cartridgeitems_id', 'Cartridge', CARTRIDGE_NEW)],
  },
  ConsumableItem: { 17: () => [childWhere('consumableitems_id', 'Consumable', 'date_out IS NOT NULL')], 19: () => [childWhere('consumableitems_id', 'Consumable', 'date_out IS NULL')] },
  // An ITIL object's last solution (39): only its newest solution row joins; any solution is 38.
  Problem: { 39: () => [latestSolution()] },
  Change: { 39: () => [latestSolution()] },
  Ticket: {
    39: () => [latestSolution()],
    41: () => [eitherSideLinks({})],
    46: () => [eitherSideLinks({ link: DUPLICATE_WITH })],
    68: () => [childOf('tickets_id_2', 'Ticket_Ticket', { link: SON_OF })],
    69: () => [childOf('tickets_id_1', 'Ticket_Ticket', { link: SON_OF })],
    67: () => [childOf('tickets_id_2', 'Ticket_Ticket', { link: SON_OF }), fkTo('tickets_id_1', 'Ticket')],
    50: () => [childOf('tickets_id_1', 'Ticket_Ticket', { link: SON_OF }), fkTo('tickets_id_2', 'Ticket')],
  },
};

/** GLPI's service level kinds (an SLA's or OLA's `type`). */
const TTR = 0;
const TTO = 1;

/**
 * A foreign key GLPI joins only under a condition: on the searched row (`auths_id` names an LDAP
 * directory when the user's `authtype` says so, a mail server otherwise) or on the row reached (a
 * ticket's SLA or OLA of the kind the column is for).
 */
interface ConditionalLink {
  fk: string;
  target: string;
  row?: Record<string, number>;
  linked?: Record<string, number>;
}
const CONDITIONAL_LINKS: Record<string, Record<number, ConditionalLink>> = {
  User: { 30: { fk: 'auths_id', target: 'AuthLDAP', row: { authtype: AUTHTYPE.LDAP } }, 31: { fk: 'auths_id', target: 'AuthMail', row: { authtype: AUTHTYPE.MAIL } } },
  Ticket: {
    30: { fk: 'slas_id_ttr', target: 'SLA', linked: { type: TTR } },
    37: { fk: 'slas_id_tto', target: 'SLA', linked: { type: TTO } },
    190: { fk: 'olas_id_tto', target: 'OLA', linked: { type: TTO } },
    191: { fk: 'olas_id_ttr', target: 'OLA', linked: { type: TTR } },
  },
};

/** The linked row's field, and its id (0 when the condition fails or nothing is linked, as a plain 0 key). */
function conditionalLinkField(base: Itemtype, option: SearchOption, link: ConditionalLink): Field {
  const target = itemtype(link.target);
  const col = option.field === 'id' ? ID_COLUMN : target?.column.get(option.field);
  if (!target || !col || !base.column.has(link.fk)) throw new Unsupported(`no link ${link.fk} to ${link.target}`);
  const tests = (alias: string, where: Record<string, number> = {}) => Object.entries(where).map(([c, v]) => ` AND ${alias}.${ident(c)} = ${v}`).join('');
  const linked = (a: string, column: string) => `(SELECT x.${ident(column)} FROM ${target.table} x WHERE x.id = ${a}.${ident(link.fk)}${tests(a, link.row)}${tests('x', link.linked)})`;
  return {
    option,
    base,
    hops: [],
    target,
    column: option.field,
    col: { ...col, nullable: true },
    multi: false,
    count: false,
    semantic: semanticOf(option.datatype, col),
    datatype: option.datatype,
    special: null,
    computed: (a) => linked(a, option.field),
    rowId: (a) => `COALESCE(${linked(a, 'id')}, 0)`,
  };
}

/**
 * Options known to be right among several that share their uid (an SNMP-inventoried item's
 * credential is shown twice: 73 among its fields, 108 in its SNMP section; a network device's
 * firmware version too: 11 among its fields, 1314 with its components).
 */
const SHARED_UID_OK: Record<string, number[]> = { Document: [119], Ticket: [36, 38, 39, 72, 73, 97], Problem: [36, 38, 39, 72, 73, 97], Change: [36, 38, 39, 72, 73, 97], NetworkEquipment: [73, 108, 11, 1314], Printer: [73, 108] };

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

/** May this step give several rows? */
const isMulti = (hop: Hop): hop is Extract<Hop, { where: Record<string, Arg> }> => hop.kind !== 'fk' && hop.kind !== 'named';

/**
 * The row a named item's foreign key points at (a reserved item's location, `ReservationItem.Location.completename`):
 * the option's table, reached through `fk` of whichever type the row names. Null for other options.
 */
function namedItemLink(base: Itemtype, option: SearchOption): { fk: string; target: Itemtype } | null {
  const parts = option.uid.split('.');
  const target = itemtypeByTable(option.table);
  if (!base.polymorphic || !target || parts.length < 3 || parts.length > 4 || parts.at(-2) !== uidName(target.name)) return null;
  const fk = parts.length === 4 ? parts[1]! : target.fkName;
  if (base.column.has(fk)) return null;
  return base.polyTargets.some((name) => itemtype(name)?.foreignKeys.get(fk) === target.name) ? { fk, target } : null;
}

function namedItemLinkField(base: Itemtype, option: SearchOption, { fk, target }: { fk: string; target: Itemtype }): Field {
  const col = option.field === 'id' ? ID_COLUMN : target.column.get(option.field);
  if (!col) throw new Unsupported(`no column ${option.field} in ${target.table}`);
  const owners = base.polyTargets.flatMap((name) => itemtype(name) ?? []).filter((t) => t.foreignKeys.get(fk) === target.name);
  const key = (a: string) => `(CASE ${a}.itemtype ${owners.map((t) => `WHEN '${t.name}' THEN (SELECT n.${ident(fk)} FROM ${t.table} n WHERE n.id = ${a}.items_id)`).join(' ')} END)`;
  const computed = (a: string) => `(SELECT x.${ident(option.field)} FROM ${target.table} x WHERE x.id = ${key(a)})`;
  const semantic = semanticOf(option.datatype, col);
  return { option, base, hops: [], target, column: option.field, col: { ...col, nullable: true }, multi: false, count: false, semantic, datatype: option.datatype, special: null, computed, rowId: key };
}

/**
 * What GLPI's API shows for a virtual column (`_virtual_…`, computed by its display code): the
 * `name` among the option's additional fields (178: the item's own name), an empty list for an
 * option without any (a project's durations), otherwise null. None is searchable.
 */
const VIRTUAL_SHOWN: Record<string, Record<number, 'name' | 'empty'>> = { '*': { 178: 'name' }, Project: { 17: 'empty', 18: 'empty' } };

function virtualField(base: Itemtype, option: SearchOption, shown = VIRTUAL_SHOWN[base.name]?.[option.id] ?? VIRTUAL_SHOWN['*']![option.id]): Field {
  const col: Column = { name: option.field, kind: 'string', nullable: true, default: null, unsigned: false, autoIncrement: false };
  const computed = shown === 'name' && base.column.has('name') ? (a: string) => `${a}.name` : () => 'NULL';
  return { option, base, hops: [], target: base, column: option.field, col, multi: shown === 'empty', emptyList: shown === 'empty', count: false, semantic: 'text', datatype: option.datatype, special: null, computed };
}

/**
 * The virtual options of another table, GLPI's link lists (145 external links, 146 manual links),
 * shown but never searched: GLPI's API shows a manual link's name, one per link of the item (the
 * name is among the option's additional fields), and an empty list of external links (no field).
 */
function linkListField(base: Itemtype, option: SearchOption): Field {
  const manual = itemtype('ManualLink');
  if (!manual || option.table !== manual.table || !manual.polyTargets.includes(base.name)) return virtualField(base, option, 'empty');
  const hops = hopsBetween(base, manual, undefined, {});
  return { option, base, hops, target: manual, column: 'name', col: manual.column.get('name')!, multi: true, count: false, semantic: 'text', datatype: option.datatype, special: null, computed: null };
}

/** Resolves an option of `base` (whose uid starts with `base.name`) into a path. */
function resolvePath(owner: Itemtype, base: Itemtype, option: SearchOption): Field {
  if (option.table === NAMED_ITEM_TABLE) return namedItemField(base, option);
  // A virtual column this server computes (a contract's expiration) is read like the others.
  if (option.field.startsWith('_virtual') && option.table === base.table && !computedColumn(base, option.field, option)) return virtualField(base, option);
  if (option.field === '_virtual' && option.table !== base.table) return linkListField(base, option);
  const conditional = CONDITIONAL_LINKS[base.name]?.[option.id];
  if (conditional) return conditionalLinkField(base, option, conditional);
  const eitherSide = LINKED_TICKET_LISTS[base.name]?.[option.id];
  if (eitherSide) return linkedTicketsField(base, option, eitherSide);
  const named = namedItemLink(base, option);
  if (named) return namedItemLinkField(base, option, named);
  const parts = option.uid.split('.');
  const fieldName = parts[parts.length - 1]!;
  const middle = parts.slice(1, -1);
  let linkfield: string | undefined;
  if (middle.length && LINKFIELD.test(middle[0]!) && !itemtype(middle[0]!)) linkfield = middle.shift();
  const where = hopConditions(base, option);
  let hops = specialHops(base, option) ?? networkHops(base, option);
  // GLPI reaches a project's costs through the project itself (`Project.Project.ProjectCost.totalcost`).
  if (fieldName === 'totalcost' && middle[0] === base.name) middle.shift();
  if (!hops) {
    const chain = middle.map((name) => {
      const type = uidStepType(name);
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
      const multiSoFar = hops.some(isMulti);
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
  const firstMulti = hops.find(isMulti);
  if (Object.keys(where).length) {
    if (!firstMulti) throw new Unsupported('conditional link on a single-valued path');
    for (const key of Object.keys(where)) if (!firstMulti.target.column.has(key)) throw new Unsupported(`no column ${key} in ${firstMulti.target.table}`);
  }
  const datatype = option.datatype;
  const ownItil = base.kind === 'itil' && hops.length === 0;
  const profileRight = base.name === 'Profile' && hops.length > 0 && PROFILE_RIGHT_OPTIONS[option.id] !== undefined;
  const latest = base.kind === 'itil' && LATEST_DATES.includes(option.id);
  // GLPI counts an asset's processors (35, a number computed as the count of its processor links).
  const count = datatype === 'count' || (option.table === 'glpi_items_deviceprocessors' && fieldName === 'id');
  return {
    option,
    base,
    hops,
    target,
    column: fieldName,
    col,
    // A profile holds one row per right name (a unique key).
    multi: !!firstMulti && !profileRight && !latest,
    ...(profileRight ? { absent: 0 } : {}),
    ...(latest ? { latest } : {}),
    count,
    sum: computed?.sum && hops.length > 0,
    semantic: count ? 'number' : semanticOf(datatype, col),
    datatype,
    special: ownItil && fieldName === 'status' ? 'status' : ownItil && ['urgency', 'impact', 'priority'].includes(fieldName) ? 'level' : null,
    computed: computed?.sql ?? null,
  };
}

/** An ITIL object's latest follow-up, task and solution dates: one value, matched as one. */
const LATEST_DATES = [72, 73, 74];

const fieldCache = new Map<string, Field | string>();

/** The option `id` of `type` as a path from a row of `base` (AllAssets: each asset type in turn). */
export function resolveField(type: Itemtype, id: number, base: Itemtype = type): Field {
  const key = `${type.name}\u0000${base.name}\u0000${id}`;
  let hit = fieldCache.get(key);
  if (hit === undefined) {
    const option = searchOptions(type).byId.get(id);
    if (!option) throw new Unsupported(`no option ${id}`);
    try {
      const field = resolvePath(type, base, base === type ? option : forAsset(option, base));
      hit = field.multi && !field.count && !groupsLinkedRows(type, id) ? { ...field, oneRow: true } : field;
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

/**
 * Rows with rights of their own, link rows that lie in an entity of their own, and a user's own
 * rows (its authorizations, groups): a search column or criterion over them gives what their
 * sub-item list gives, so a user's groups or authorizations in other entities stay hidden.
 */
const restrictedLikeItems = (type: Itemtype) => {
  const owner = type.owners[0];
  const usersOwn = owner !== undefined && 'fk' in owner && owner.itemtype === 'User';
  return (type.kind === 'child' && type.right !== null) || (type.visibility === 'entity' && owner !== undefined) || usersOwn;
};

/**
 * Rows of a multi-valued step are restricted like the items themselves when they have rights of
 * their own or an entity of their own (see restrictedLikeItems). Tickets, problems and changes reached by any step are those the session may see
 * (its entities and the service desk's rules): a count of an item's tickets counts only those.
 */
function hopRestriction(ctx: BuildContext, hop: Hop, alias: string): Frag[] {
  const itil = hop.target.kind === 'itil' ? [accessFilter(ctx.scope, hop.target, 'read', alias)] : [];
  if (!isMulti(hop)) return itil;
  const out: Frag[] = Object.entries(hop.where).map(([column, value]) => sql`${raw(`${alias}.${ident(column)}`)} = ${value}`);
  if (hop.target.column.has('is_deleted')) out.push(raw(`${alias}.is_deleted = 0`));
  if (restrictedLikeItems(hop.target)) out.push(accessFilter(ctx.scope, hop.target, 'read', alias));
  // Link rows of one ITIL type (a project's tickets): only those naming a ticket the session may see.
  const named = typeof hop.where.itemtype === 'string' ? itemtype(hop.where.itemtype) : undefined;
  if (named?.kind === 'itil' && hop.target.column.has('items_id')) {
    const v = ctx.aliases.next('v');
    out.push(sql`${raw(`${alias}.items_id IN (SELECT ${v}.id FROM ${named.table} ${v} WHERE `)}${accessFilter(ctx.scope, named, 'read', v)})`);
  }
  return [...out, ...itil];
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
  /** The alias of each step's row, in order. */
  aliases: string[];
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
  } else if (first.kind === 'named') {
    outer = `${base}.${first.idColumn}`;
    inner = `${a1}.id`;
    linkExtra = sql`${raw(`${base}.${first.itemtypeColumn}`)} = ${first.target.name}`;
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
        : hop.kind === 'named'
          ? sql`${raw(`${alias}.id = ${prev}.${hop.idColumn} AND ${prev}.${hop.itemtypeColumn}`)} = ${hop.target.name}`
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
    aliases,
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

/**
 * GLPI's search shows a list of users (an ITIL object's actors, its tasks' writers, a note's
 * writer…) as their ids: sorting and matching still go by their names.
 */
const showsUserIds = (field: Field): boolean => field.multi && field.target.name === 'User' && field.column === 'name' && field.base.name !== 'User';

/**
 * The option's value for the row `base`, as one SQL expression (lists joined with \x1f); `shown`:
 * as the answer shows it rather than as it sorts; `rows`: only the linked rows it keeps (given the
 * alias of each step's row).
 */
export function valueExpression(field: Field, base: string, ctx: BuildContext, shown = false, rows?: (aliases: string[]) => Frag): Frag {
  if (field.hops.length === 0) return raw(columnSql(field, base));
  const chain = buildChain(field, base, ctx);
  const where = and([raw(`${chain.inner} = ${chain.outer}`), ...(chain.linkExtra ? [chain.linkExtra] : []), ...chain.conditions, ...(rows ? [rows(chain.aliases)] : [])]);
  const column = shown && showsUserIds(field) ? `${chain.last}.id` : columnSql(field, chain.last);
  const select = field.count
    ? `COUNT(DISTINCT ${chain.last}.id)`
    : field.sum
      ? `SUM(${column})`
      : field.latest
      ? `MAX(${column})`
      : field.multi && !field.oneRow
      ? `GROUP_CONCAT(${column}, char(31) ORDER BY ${chain.last}.id)`
      : column;
  const tail = field.oneRow ? ` ORDER BY ${chain.last}.id LIMIT 1` : field.multi || field.count ? '' : ' LIMIT 1';
  const value = sql`(SELECT ${raw(select)} FROM ${chain.from} WHERE ${where}${raw(tail)})`;
  return field.absent === undefined ? value : sql`COALESCE(${value}, ${field.absent})`;
}
