import { classCan } from '../auth/rights';
import { accessFilter } from '../auth/visibility';
import { badRequest, errors } from '../core/errors';
import { cachedCount, likePattern } from '../items/paging';
import { fulltextCandidates } from '../db/fulltext';
import type { Db } from '../db/connection';
import { leadingIndex } from '../db/indexes';
import { allItemtypes, type Itemtype } from '../registry';
import { ITIL_STATUS_GROUPS, type ItilTypeName } from '../registry/values';
import type { EntityTree } from '../auth/directory';
import { requireSupported, unsupported, type Criterion, type Leaf } from './criteria';
import { monthsFromNow, searchDate } from './dates';
import { matchingRows } from './text-matches';
import { FALSE, Frag, TRUE, and, idSet, not, raw, sql } from '../db/frag';
import { columnSql, resolveField, someValue, Unsupported, valueExpression, type BuildContext, type Field } from './options';

/**
 * Criteria to WHERE. Every criterion becomes a condition that is never NULL, so `NOT` and the
 * links combine exactly: `a AND b OR c` keeps SQL's precedence, as GLPI's engine does.
 */
export interface WhereContext extends BuildContext {
  /** The type whose options the criteria name (the AllAssets pseudo-type for AllAssets). */
  type: Itemtype;
  /** The table searched. */
  base: Itemtype;
  alias: string;
  entities: EntityTree;
  db: Db;
  /**
   * Leave out the trigram pre-filters: a page read by walking its sort index tests each row it
   * passes, and the pre-filter would first gather every candidate of the whole table.
   */
  noFulltext?: boolean;
}

function statusList(type: Itemtype, word: string): number[] | null {
  const s = ITIL_STATUS_GROUPS[type.name as ItilTypeName] ?? ITIL_STATUS_GROUPS.Ticket;
  const minus = (a: number[], ...b: number[][]) => a.filter((x) => !b.some((l) => l.includes(x)));
  switch (word.toLowerCase()) {
    case 'all':
      return s.all;
    case 'notold':
      return minus(s.all, s.solved, s.closed);
    case 'old':
      return [...s.solved, ...s.closed];
    case 'notclosed':
      return minus(s.all, s.closed);
    case 'process':
      return s.process;
    case 'new':
      return s.new;
    case 'solved':
      return s.solved;
    case 'closed':
      return s.closed;
    default:
      return null;
  }
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const COMPARISON = /^([<>])(=?)\s*(-?\d+(?:\.\d+)?)$/;
const INTEGER = /^-?\d{1,15}$/;

function boolValue(text: string): number | null {
  const word = text.toLowerCase();
  if (['1', 'yes', 'true'].includes(word)) return 1;
  if (['0', 'no', 'false'].includes(word)) return 0;
  return null;
}

const yesNo = (text: string): string => ({ yes: '1', no: '0' })[text.toLowerCase()] ?? text;

/** The column (or count) an option compares, on the row that holds it. */
function column(field: Field, alias: string): Frag {
  return raw(columnSql(field, alias));
}

/** A condition that is false for NULL instead of NULL. */
function nonNull(field: Field, alias: string, cond: Frag): Frag {
  return field.col.nullable ? sql`(${column(field, alias)} IS NOT NULL AND ${cond})` : cond;
}

/**
 * Options whose negation GLPI computes over the item ("none of its rows matches"): the ITIL
 * actors, a user's groups, an asset's appliances. Its other options through several rows are
 * negated row by row (see CriterionBuilder.every).
 */
const WHOLE_ITEM_NEGATION: Record<string, readonly number[]> = { itil: [4, 5, 6, 8, 65, 66, 71], User: [13], asset: [1210] };

function negatedPerRow(field: Field): boolean {
  if (!field.multi || field.count || field.sum || field.latest || field.semantic === 'number') return false;
  const base = field.base;
  const whole = base.kind === 'itil' ? WHOLE_ITEM_NEGATION.itil : (WHOLE_ITEM_NEGATION[base.name] ?? (base.kind === 'asset' ? WHOLE_ITEM_NEGATION.asset : []));
  return !whole!.includes(field.option.id);
}

class CriterionBuilder {
  /**
   * `universal`: the criterion is negated once (by its searchtype or its link). GLPI joins the
   * rows of a multi-valued option and negates the condition on each: an item with no row, or with
   * one row that does not match, is found. Its negation of `some` is then that of `every`.
   */
  private readonly everyRow: boolean;

  constructor(
    private readonly wc: WhereContext,
    private readonly field: Field,
    private readonly base: string,
    universal = false,
  ) {
    this.everyRow = universal && negatedPerRow(field);
  }

  /** Some value satisfies `cond` (on the column), or for counts, totals and latest dates: that one value does. */
  some(cond: (col: Frag, alias: string) => Frag): Frag {
    if (this.field.count || this.field.sum || this.field.latest || this.field.absent !== undefined) return cond(valueExpression(this.field, this.base, this.wc), this.base);
    return this.rows((alias) => cond(column(this.field, alias), alias));
  }

  /** Some linked row (the one holding the column) satisfies `cond` on its id. */
  someRow(cond: (id: Frag) => Frag): Frag {
    const { rowId } = this.field;
    return this.rows((alias) => cond(raw(rowId ? rowId(alias) : `${alias}.id`)));
  }

  /** Some row satisfies `cond`; negated per row (see `universal`): there are rows and all of them do. */
  protected rows(cond: (alias: string) => Frag): Frag {
    if (!this.everyRow) return someValue(this.field, this.base, this.wc, cond);
    const any = someValue(this.field, this.base, this.wc, () => TRUE);
    return and([any, not(someValue(this.field, this.base, this.wc, (alias) => not(cond(alias))))]);
  }

  text(value: string): Frag {
    const word = value.trim();
    if (word === 'NULL' || word === 'null') return not(this.some((col, a) => nonNull(this.field, a, sql`${col} <> ''`)));
    if (word === '^$') return not(this.some((col) => sql`${col} IS NOT NULL`));
    const pattern = likePattern(word);
    const exact = !/^%|[^\\]%$/.test(pattern) && word !== '^';
    if (exact && this.field.col.kind === 'string' && !this.field.count) {
      // An anchored value on a case-insensitive column: plain equality, which an index can serve.
      return this.some((col, a) => nonNull(this.field, a, sql`${col} = ${pattern.replace(/\\([\\%_])/g, '$1')}`));
    }
    const cast = this.field.semantic === 'text' ? (c: Frag) => c : (c: Frag) => sql`CAST(${c} AS TEXT)`;
    return this.some((col, a) => {
      const like = nonNull(this.field, a, sql`${cast(col)} LIKE ${pattern} ESCAPE '\\'`);
      const table = this.field.target.table;
      const index = this.field.count || this.field.computed || this.wc.noFulltext ? null : fulltextCandidates(table, this.field.column, pattern, this.wc.db);
      if (!index) return like;
      const candidates = new Frag(index.sql, index.args);
      return matchingRows(this.wc.db, table, a, candidates, like) ?? and([sql`${raw(a)}.id IN (${candidates})`, like]);
    });
  }

  contains(value: string, negate: boolean): Frag {
    const { semantic } = this.field;
    // GLPI reads the words Yes and No as 1 and 0 on a yes/no option, then compares as a number.
    const text = semantic === 'bool' ? yesNo(value.trim()) : value.trim();
    if (semantic === 'number' || semantic === 'bool') {
      const cmp = COMPARISON.exec(text.replace(/\s+/g, ''));
      if (cmp) {
        // GLPI turns `<` into `>` (and back) for notcontains, keeping `=`.
        const op = (negate ? (cmp[1] === '<' ? '>' : '<') : cmp[1]!) + (cmp[2] ?? '');
        return this.some((col, a) => nonNull(this.field, a, sql`${col} ${raw(op)} ${Number(cmp[3])}`));
      }
      if (NUMBER.test(text)) {
        const p = this.some((col, a) => nonNull(this.field, a, sql`${col} = ${Number(text)}`));
        return negate ? not(p) : p;
      }
    }
    if (semantic === 'date' || semantic === 'datetime') {
      const p = text === 'NULL' || text === 'null' || text === '^$' ? this.text(text) : this.text(searchDate(text, semantic === 'datetime'));
      return negate ? not(p) : p;
    }
    const p = this.text(value);
    return negate ? not(p) : p;
  }

  equals(value: string): Frag {
    const { field } = this;
    const text = value.trim();
    // A value read from another row (a reserved item's location) is a link, though the path is empty.
    const own = field.hops.length === 0 && !field.rowId;
    const hack = /^\$\$\$\$(\d{1,15})$/.exec(text);
    if (hack) return this.someRow((id) => sql`${id} = ${Number(hack[1])}`);
    if (field.special === 'status') {
      const list = INTEGER.test(text) ? [Number(text)] : statusList(field.base, text);
      if (!list) return FALSE;
      return sql`${column(field, this.base)} IN ${idSet(list)}`;
    }
    if (field.special === 'level') {
      if (!INTEGER.test(text)) return FALSE;
      const n = Number(text);
      if (n === 0) return TRUE;
      return n > 0 ? sql`${column(field, this.base)} = ${n}` : sql`${column(field, this.base)} >= ${-n}`;
    }
    // A profile's right (GLPI's `right` datatype): any of the value's bits is granted.
    if (field.datatype === 'right') return INTEGER.test(text) ? this.some((col, a) => nonNull(field, a, sql`(${col} & ${Number(text)}) <> 0`)) : FALSE;
    if (field.datatype === 'itemlink' || (!own && !['bool', 'number', 'date', 'datetime'].includes(field.semantic) && field.datatype !== 'itemtypename')) {
      return this.linkedRow(text, own);
    }
    // GLPI compares its 'specific' options through a link as it compares links: 0 also finds the
    // items without any linked row (no financial data, no disk, no socket, no survey).
    if (field.datatype === 'specific' && !own && INTEGER.test(text) && Number(text) === 0) {
      const valued = this.some((col, a) => nonNull(field, a, sql`${col} = 0`));
      return sql`(${valued} OR ${not(this.someRow(() => TRUE))})`;
    }
    switch (field.semantic) {
      case 'bool': {
        const b = boolValue(text);
        return b === null ? FALSE : this.some((col, a) => nonNull(field, a, sql`${col} = ${b}`));
      }
      case 'number':
        return NUMBER.test(text) ? this.some((col, a) => nonNull(field, a, sql`${col} = ${Number(text)}`)) : FALSE;
      case 'date':
      case 'datetime': {
        const day = searchDate(text, field.semantic === 'datetime').replace(/:00$/, '');
        return this.some((col, a) => nonNull(field, a, sql`${col} LIKE ${likePattern(`^${day}`)} ESCAPE '\\'`));
      }
      default:
        return this.some((col, a) => nonNull(field, a, field.col.kind === 'string' ? sql`${col} = ${text}` : sql`${col} = ${text} COLLATE NOCASE`));
    }
  }

  /** equals on a link: the linked row's id (0: no link), `myself`, `mygroups`. */
  private linkedRow(text: string, own: boolean): Frag {
    const { field, wc } = this;
    if (field.target.name === 'User' && text.toLowerCase() === 'myself') return this.someRow((id) => sql`${id} = ${Number(wc.scope.user.id)}`);
    if (field.target.name === 'Group' && text.toLowerCase() === 'mygroups') return this.someRow((id) => sql`${id} IN ${idSet(wc.scope.groups)}`);
    if (!INTEGER.test(text)) return FALSE;
    const id = Number(text);
    if (id === 0 && !own && !field.target.rootRow) return not(this.someRow((rowId) => sql`${rowId} <> 0`));
    return this.someRow((rowId) => sql`${rowId} = ${id}`);
  }

  compare(value: string, op: '<' | '>'): Frag {
    const { field } = this;
    const text = value.trim();
    if (field.semantic === 'date' || field.semantic === 'datetime') {
      const withTime = field.semantic === 'datetime';
      const bound = INTEGER.test(text) ? monthsFromNow(Number(text), withTime) : searchDate(text, withTime);
      return this.some((col, a) => nonNull(field, a, sql`${col} ${raw(op)} ${bound}`));
    }
    if (field.semantic === 'number' || field.semantic === 'bool') {
      return NUMBER.test(text) ? this.some((col, a) => nonNull(field, a, sql`${col} ${raw(op)} ${Number(text)}`)) : FALSE;
    }
    return this.some((col, a) => nonNull(field, a, sql`${col} ${raw(op)} ${text}`));
  }

  /** under: the linked node or any node below it in its tree. */
  under(value: string): Frag {
    const { field, wc } = this;
    const tree = field.target;
    if (!tree.tree) throw errors.internal();
    const text = value.trim();
    let seeds: number[];
    if (tree.name === 'Group' && text.toLowerCase() === 'mygroups') seeds = wc.scope.groups;
    else if (INTEGER.test(text)) seeds = [Number(text)];
    else return FALSE;
    let set: Frag;
    if (tree.name === 'Entity') {
      set = idSet([...new Set(seeds.flatMap((id) => wc.entities.descendants(id)))]);
    } else {
      const d = wc.aliases.next('tree');
      set = sql`(WITH RECURSIVE ${raw(d)}(id) AS (SELECT value FROM json_each(${JSON.stringify(seeds)}) UNION SELECT c.id FROM ${raw(`${tree.table} c JOIN ${d} ON c.${tree.tree} = ${d}.id`)}) SELECT id FROM ${raw(d)})`;
    }
    return this.someRow((id) => sql`${id} IN ${set}`);
  }
}

function leafCondition(leaf: Leaf, wc: WhereContext, row?: ShownRow): Frag | null {
  if (leaf.value === '') return null;
  if (leaf.meta) return metaCondition(leaf, leaf.meta, wc);
  let field: Field;
  try {
    field = resolveField(wc.type, leaf.field, wc.base);
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    // AllAssets: an option some asset types lack matches none of their rows.
    if (wc.type !== wc.base) return FALSE;
    throw unsupported(wc.type, leaf.field);
  }
  const step = row ? sharedStep(field, row.field) : -1;
  if (step >= 0) return searchtypeCondition(leaf, field, new RowCriterionBuilder(wc, field, wc.alias, row!.aliases[step]!));
  return searchtypeCondition(leaf, field, new CriterionBuilder(wc, field, wc.alias, universal(leaf)));
}

const NEGATIVE_SEARCHTYPES = ['notcontains', 'notequals', 'notunder'];
/** Is the criterion negated once (by its searchtype or its link)? See CriterionBuilder. */
const universal = (leaf: Leaf) => leaf.not !== NEGATIVE_SEARCHTYPES.includes(leaf.searchtype);

/** The criterion's condition on one row of its option (`rowAlias`), instead of on the item. */
class RowCriterionBuilder extends CriterionBuilder {
  constructor(
    wc: WhereContext,
    field: Field,
    base: string,
    private readonly rowAlias: string,
  ) {
    super(wc, field, base);
  }

  protected override rows(cond: (alias: string) => Frag): Frag {
    return cond(this.rowAlias);
  }
}

/**
 * GLPI joins the table of a path once and reads every option on that path from the same joined
 * rows, so a criterion tested on a joined row keeps the rows of the columns read through it: Ticket
 * 34 and 35 (one requester link's address and notification flag) keep each other's row, and the
 * requesters (4, through the same requester links) only those users. The criterion's option must be
 * negated row by row (the others GLPI tests over the item, in a sub-query) and its path the shown
 * option's or the start of it. Returns the step of the shown path the criterion's row is, or -1.
 */
function sharedStep(criterion: Field, shown: Field): number {
  const steps = criterion.hops.length;
  if (!negatedPerRow(criterion) || steps === 0 || steps > shown.hops.length) return -1;
  const path = (hops: Field['hops']) => JSON.stringify(hops.map((hop) => ({ ...hop, target: hop.target.name })));
  return path(criterion.hops) === path(shown.hops.slice(0, steps)) ? steps - 1 : -1;
}

/** Does a criterion keep rows of the option `field` (sharedStep)? */
export function namesRowOf(criteria: Criterion[], field: Field, type: Itemtype, base: Itemtype): boolean {
  return criteria.some((c) => {
    if (c.kind === 'group') return namesRowOf(c.criteria, field, type, base);
    if (c.meta || c.value === '') return false;
    try {
      return sharedStep(resolveField(type, c.field, base), field) >= 0;
    } catch (error) {
      if (error instanceof Unsupported) return false;
      throw error;
    }
  });
}

/** The rows of a shown option (the alias of each step's), which the criteria sharing them test instead of the item. */
interface ShownRow {
  field: Field;
  aliases: string[];
}

/**
 * The rows of a multi-valued column that the criteria keep, as GLPI's search shows them: its WHERE
 * is tested on each joined row before the rows are grouped, so a column searched shows only its
 * rows for which the whole criteria hold (with a negated criterion: those that do not match; with
 * an OR, all of them when the other side holds); a criterion on an option read through the same
 * joined rows keeps them the same way (sharedStep). The other criteria are tested on the item. Null
 * when no criterion shares the option's rows.
 */
export function shownRowsFilter(criteria: Criterion[], field: Field, wc: WhereContext): ((aliases: string[]) => Frag) | null {
  if (!field.multi || field.count || field.sum || field.latest || field.absent !== undefined) return null;
  if (!namesRowOf(criteria, field, wc.type, wc.base)) return null;
  return (aliases) => criteriaCondition(criteria, wc, { field, aliases }) ?? TRUE;
}

function searchtypeCondition(leaf: Leaf, field: Field, b: CriterionBuilder): Frag {
  switch (leaf.searchtype) {
    case 'contains':
      return b.contains(leaf.value, false);
    case 'notcontains':
      return b.contains(leaf.value, true);
    case 'equals':
      return b.equals(leaf.value);
    case 'notequals':
      return not(b.equals(leaf.value));
    case 'lessthan':
      return b.compare(leaf.value, '<');
    case 'morethan':
      return b.compare(leaf.value, '>');
    case 'under':
    case 'notunder': {
      if (!field.target.tree) throw badSearchtype(leaf, field);
      const p = b.under(leaf.value);
      return leaf.searchtype === 'under' ? p : not(p);
    }
  }
}

const badSearchtype = (leaf: Leaf, field: Field) =>
  badRequest(`searchtype ${leaf.searchtype} is not available for search option ${field.option.id} of ${field.option.uid.split('.')[0]}`);

/** The criteria as one condition on `wc.alias`; null when none applies. */
export function criteriaCondition(criteria: Criterion[], wc: WhereContext, row?: ShownRow): Frag | null {
  const parts: Frag[] = [];
  const unindexed = wc.alias === 't' && !row ? wideLinks(criteria, wc) : new Set<Criterion>();
  for (const criterion of criteria) {
    const cond = criterion.kind === 'group' ? criteriaCondition(criterion.criteria, wc, row) : leafCondition(criterion, unindexed.has(criterion) ? { ...wc, noIndex: true } : wc, row);
    if (cond === null) continue;
    const term = criterion.not ? not(cond) : sql`(${cond})`;
    parts.push(parts.length === 0 ? term : sql`${raw(criterion.link)} ${term}`);
  }
  if (parts.length === 0) return null;
  return new Frag(parts.map((p) => p.sql).join(' '), parts.flatMap((p) => p.args));
}

/** Rows a probe counts at most: beyond that, a link value is "wide". */
const PROBE_CAP = 20_000;

/**
 * Criteria that must all hold, each a link equal to one value (location AND manufacturer…): the
 * planner's statistics only know the average rows per value, and values are skewed (one location
 * may hold 90 % of the rows, the next 0.5 %). The rows of each value are counted through the
 * link's index, up to a cap; every link but the narrowest is then kept from choosing its index.
 */
function wideLinks(criteria: Criterion[], wc: WhereContext): Set<Criterion> {
  if (criteria.slice(1).some((c) => c.link !== 'AND')) return new Set();
  const candidates: { criterion: Criterion; probe: string; value: number }[] = [];
  for (const criterion of criteria) {
    const value = criterion.kind === 'leaf' ? criterion.value.trim() : '';
    // 0 ("no link") is matched as "no linked row", which no index serves.
    if (criterion.kind !== 'leaf' || criterion.not || criterion.meta || criterion.searchtype !== 'equals' || !INTEGER.test(value) || Number(value) === 0) continue;
    let field: Field;
    try {
      field = resolveField(wc.type, criterion.field, wc.base);
    } catch (error) {
      if (error instanceof Unsupported) continue;
      throw error;
    }
    const hop = field.hops[0];
    if (field.hops.length !== 1 || hop?.kind !== 'fk' || field.datatype !== 'dropdown') continue;
    const index = leadingIndex(wc.base.table, hop.column);
    if (!index) continue;
    const probe = `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${wc.base.table} INDEXED BY ${index} WHERE ${hop.column} = ? LIMIT ${PROBE_CAP})`;
    candidates.push({ criterion, probe, value: Number(value) });
  }
  // One link alone has nothing to be weighed against: no probe.
  if (candidates.length < 2) return new Set();
  const probed = candidates.map((c) => ({ criterion: c.criterion, rows: cachedCount(wc.db, c.probe, [c.value]) }));
  const narrowest = probed.reduce((a, b) => (b.rows < a.rows ? b : a));
  return new Set(probed.filter((p) => p !== narrowest).map((p) => p.criterion));
}

// ---- meta criteria ---------------------------------------------------------------------------

/** How rows of `other` (alias m) relate to a row of `main` (alias t): `outer IN (SELECT inner FROM from WHERE extra)`. */
export interface MetaLink {
  outer: string;
  /** Condition on the main row that goes with `outer` (polymorphic main rows). */
  outerExtra: Frag | null;
  inner: string;
  from: Frag;
  extra: Frag[];
}

function fkTo(from: Itemtype, to: Itemtype): string | undefined {
  const cols = [...from.foreignKeys].filter(([, target]) => target === to.name).map(([c]) => c);
  return cols.includes(to.fkName) ? to.fkName : undefined;
}

function anyFkTo(from: Itemtype, to: Itemtype): string | undefined {
  const cols = [...from.foreignKeys].filter(([, target]) => target === to.name).map(([c]) => c);
  return cols.length === 1 ? cols[0] : undefined;
}

export function metaLink(main: Itemtype, other: Itemtype, t: string, m: string, r: string): MetaLink | null {
  const table = raw(`${other.table} ${m}`);
  const none = { outerExtra: null, extra: [] as Frag[] };
  if (other.name === 'Entity' && main.column.has('entities_id')) return { ...none, outer: `${t}.entities_id`, inner: `${m}.id`, from: table };
  let fk = fkTo(main, other);
  if (fk) return { ...none, outer: `${t}.${fk}`, inner: `${m}.id`, from: table };
  fk = fkTo(other, main);
  if (fk) return { ...none, outer: `${t}.id`, inner: `${m}.${fk}`, from: table };
  if (other.polymorphic && other.polyTargets.includes(main.name)) {
    return { outer: `${t}.id`, outerExtra: null, inner: `${m}.items_id`, from: table, extra: [sql`${raw(`${m}.itemtype`)} = ${main.name}`] };
  }
  if (main.polymorphic && main.polyTargets.includes(other.name)) {
    return { outer: `${t}.items_id`, outerExtra: sql`${raw(`${t}.itemtype`)} = ${other.name}`, inner: `${m}.id`, from: table, extra: [] };
  }
  if (main.features.includes('software') && other.name === 'Software') {
    return {
      outer: `${t}.id`,
      outerExtra: null,
      inner: `${r}.items_id`,
      from: raw(`glpi_items_softwareversions ${r} JOIN glpi_softwareversions ${r}v ON ${r}v.id = ${r}.softwareversions_id JOIN glpi_softwares ${m} ON ${m}.id = ${r}v.softwares_id`),
      extra: [sql`${raw(`${r}.itemtype`)} = ${main.name}`, raw(`${r}.is_deleted = 0`)],
    };
  }
  if (main.name === 'Software' && other.features.includes('software')) {
    return {
      outer: `${t}.id`,
      outerExtra: null,
      inner: `${r}v.softwares_id`,
      from: raw(`glpi_softwareversions ${r}v JOIN glpi_items_softwareversions ${r} ON ${r}.softwareversions_id = ${r}v.id JOIN ${other.table} ${m} ON ${m}.id = ${r}.items_id`),
      extra: [sql`${raw(`${r}.itemtype`)} = ${other.name}`, raw(`${r}.is_deleted = 0`)],
    };
  }
  for (const rel of allItemtypes()) {
    if (rel.kind !== 'relation' || rel === main || rel === other) continue;
    const toMain = fkTo(rel, main);
    const toOther = fkTo(rel, other);
    const deleted = rel.column.has('is_deleted') ? [raw(`${r}.is_deleted = 0`)] : [];
    if (toMain && toOther) {
      return { outer: `${t}.id`, outerExtra: null, inner: `${r}.${toMain}`, from: raw(`${rel.table} ${r} JOIN ${other.table} ${m} ON ${m}.id = ${r}.${toOther}`), extra: deleted };
    }
    if (toOther && rel.polymorphic && rel.polyTargets.includes(main.name)) {
      return {
        outer: `${t}.id`,
        outerExtra: null,
        inner: `${r}.items_id`,
        from: raw(`${rel.table} ${r} JOIN ${other.table} ${m} ON ${m}.id = ${r}.${toOther}`),
        extra: [sql`${raw(`${r}.itemtype`)} = ${main.name}`, ...deleted],
      };
    }
    if (toMain && rel.polymorphic && rel.polyTargets.includes(other.name)) {
      return {
        outer: `${t}.id`,
        outerExtra: null,
        inner: `${r}.${toMain}`,
        from: raw(`${rel.table} ${r} JOIN ${other.table} ${m} ON ${m}.id = ${r}.items_id`),
        extra: [sql`${raw(`${r}.itemtype`)} = ${other.name}`, ...deleted],
      };
    }
  }
  fk = anyFkTo(main, other);
  if (fk) return { ...none, outer: `${t}.${fk}`, inner: `${m}.id`, from: table };
  fk = anyFkTo(other, main);
  if (fk) return { ...none, outer: `${t}.id`, inner: `${m}.${fk}`, from: table };
  return null;
}

/** Rows of the meta itemtype the session may read and that are linked to the main row. */
export function metaRows(main: Itemtype, other: Itemtype, wc: BuildContext & { alias: string }): { link: MetaLink; m: string; access: Frag } {
  if (!classCan(wc.scope, other, 'read')) throw errors.rightMissing();
  const m = wc.aliases.next('mt');
  const link = metaLink(main, other, wc.alias, m, wc.aliases.next('rel'));
  if (!link) throw badRequest(`${main.name} cannot be searched with meta criteria on ${other.name}`);
  const access = accessFilter(wc.scope, other, 'read', m);
  const trash = other.column.has('is_deleted') ? [raw(`${m}.is_deleted = 0`)] : [];
  const template = other.column.has('is_template') ? [raw(`${m}.is_template = 0`)] : [];
  return { link, m, access: and([access, ...trash, ...template]) };
}

function metaCondition(leaf: Leaf, other: Itemtype, wc: WhereContext): Frag {
  requireSupported(other, leaf.field, [other]);
  const field = resolveField(other, leaf.field);
  if ((leaf.searchtype === 'under' || leaf.searchtype === 'notunder') && !field.target.tree) throw badSearchtype(leaf, field);
  const { link, m, access } = metaRows(wc.base, other, wc);
  const cond = searchtypeCondition(leaf, field, new CriterionBuilder({ ...wc, type: other, base: other, alias: m }, field, m, universal(leaf)));
  const where = and([...link.extra, access, cond]);
  if (where.sql === '0') return FALSE;
  const inSet = sql`${raw(link.outer)} IN (SELECT ${raw(link.inner)} FROM ${link.from} WHERE ${where})`;
  return link.outerExtra ? and([link.outerExtra, inSet]) : inSet;
}
