import type { SessionContext } from '../../http/context';
import { ITEM_DEVICE_TYPES, itemtype, itemtypeOrThrow, type Itemtype } from '../../registry';
import type { Column } from '../../registry/columns';
import type { Feature } from '../../registry/types';
import { nameOf, nameOfRow } from '../../store/names';
import type { Row } from '../../store/rows';
import { readExtrasOf } from '../../store/hooks';
import { UNDISCLOSED_SETTINGS } from '../../store/settings';
import { outputValue } from '../../store/values';
import type { ReadOptions } from './options';
import { withSections } from './sections';

const has = (feature: Feature) => (type: Itemtype) => type.features.includes(feature);
/** Types whose items a polymorphic link type may name (reservations, project items). */
const linkedBy = (link: string) => (type: Itemtype) => itemtype(link)?.polyTargets.includes(type.name) ?? false;

/** HATEOAS sub-item classes GLPI lists for every type of a config list, in GLPI's order. */
const LISTED_CHILDREN: [(type: Itemtype) => boolean, string[]][] = [
  [linkedBy('ReservationItem'), ['ReservationItem']],
  [has('document'), ['Document_Item']],
  [has('contract'), ['Contract_Item']],
  [has('infocom'), ['Infocom']],
  [has('ticket'), ['Item_Ticket']],
  [linkedBy('Item_Project'), ['Item_Project']],
  [has('networkport'), ['NetworkPort']],
  [has('device'), ITEM_DEVICE_TYPES],
];

const childCache = new Map<string, string[]>();
export function childTypes(type: Itemtype): string[] {
  let list = childCache.get(type.name);
  if (!list) {
    // Only the relations of types Deskbase serves are linked.
    list = [...LISTED_CHILDREN.filter(([applies]) => applies(type)).flatMap(([, c]) => c), ...type.children].filter((name) => itemtype(name) !== undefined);
    childCache.set(type.name, list);
  }
  return list;
}

/** The itemtype a foreign-key-like field of this row points at, if any. */
function linkTarget(type: Itemtype, row: Row, field: string): string | undefined {
  if (field === 'items_id' && typeof row.itemtype === 'string') return itemtype(row.itemtype) ? row.itemtype : undefined;
  return type.foreignKeys.get(field);
}

function linkedId(target: string, value: unknown): number | null {
  if (typeof value !== 'number') return null;
  return value > 0 || (value === 0 && target === 'Entity') ? value : null;
}

/**
 * What the per-row loops need to know about an itemtype, derived once: they run for every
 * column of every row of a page, so they look names up in sets instead of scanning lists.
 */
interface RowPlan {
  hidden: Set<string>;
  /** Columns whose stored value is reformatted on output (DECIMAL). */
  formatted: Map<string, Column>;
  /** Visible fields that may hold a link (foreign keys, items_id): the only ones linkTarget can name a target for. */
  linkFields: Set<string>;
}

const plans = new WeakMap<Itemtype, RowPlan>();
function rowPlan(type: Itemtype): RowPlan {
  let plan = plans.get(type);
  if (!plan) {
    const hidden = new Set(type.hidden);
    const formatted = new Map(type.columns.filter((c) => c.kind === 'decimal').map((c) => [c.name, c]));
    const linkFields = new Set([...type.foreignKeys.keys(), 'items_id'].filter((f) => !hidden.has(f)));
    plans.set(type, (plan = { hidden, formatted, linkFields }));
  }
  return plan;
}

/** Columns of a row as the API shows them: hidden ones dropped, DECIMAL as strings, secrets redacted. */
export function fieldsOf(type: Itemtype, row: Row): Record<string, unknown> {
  const { hidden, formatted } = rowPlan(type);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    if (hidden.has(key)) continue;
    const column = formatted.get(key);
    out[key] = column ? outputValue(column, row[key]) : row[key];
  }
  // Secret settings (SMTP, proxy, LDAP passwords…) keep their row but never show their value.
  if (type.table === 'glpi_configs' && UNDISCLOSED_SETTINGS.has(String(row.name))) delete out.value;
  return out;
}

/** Replaces foreign keys by the names of what they point at (tree dropdowns: complete names). */
export function expandDropdowns(ctx: SessionContext, type: Itemtype, row: Row, out: Record<string, unknown>): void {
  const db = ctx.services.store.db;
  for (const field of Object.keys(out)) {
    const target = linkTarget(type, row, field);
    if (!target) continue;
    const id = linkedId(target, out[field]);
    if (id !== null) out[field] = nameOf(db, itemtypeOrThrow(target), id);
  }
}

export function linksOf(ctx: SessionContext, type: Itemtype, row: Row): { rel: string; href: string }[] {
  const links: { rel: string; href: string }[] = [];
  const { linkFields } = rowPlan(type);
  for (const field of Object.keys(row)) {
    if (!linkFields.has(field)) continue;
    const target = linkTarget(type, row, field);
    const id = target ? linkedId(target, row[field]) : null;
    if (target && id !== null) links.push({ rel: target, href: `${ctx.apiBase}/${target}/${id}` });
  }
  const itemBase = `${ctx.apiBase}/${type.name}/${Number(row.id)}/`;
  for (const child of childTypes(type)) links.push({ rel: child, href: `${itemBase}${child}/` });
  return links;
}

function keysNames(ctx: SessionContext, type: Itemtype, row: Row, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const db = ctx.services.store.db;
  for (const key of keys) {
    if (key === 'id') out.id = nameOfRow(type, row);
    else {
      const target = linkTarget(type, row, key);
      const id = target ? linkedId(target, row[key]) : null;
      if (target && id !== null) out[key] = nameOf(db, itemtypeOrThrow(target), id);
    }
  }
  return out;
}

/**
 * One item as getItem/getItems answer it: columns, with_* sections, links, _keys_names
 * (in GLPI's order). With get_sha1 the answer is the SHA-1 of that JSON instead.
 */
export function presentItem(ctx: SessionContext, type: Itemtype, row: Row, opts: ReadOptions): unknown {
  const out: Record<string, unknown> = opts.onlyId ? { id: row.id } : fieldsOf(type, row);
  const extras = opts.onlyId ? undefined : readExtrasOf(type);
  if (extras) Object.assign(out, extras(ctx.services.store.db, row));
  if (opts.expandDropdowns && !opts.onlyId) expandDropdowns(ctx, type, row, out);
  Object.assign(out, withSections(ctx, type, row, opts));
  if (opts.hateoas) {
    const links = linksOf(ctx, type, opts.onlyId ? { id: row.id } : row);
    if (links.length) out.links = links;
  }
  if (opts.sha1) return new Bun.CryptoHasher('sha1').update(JSON.stringify(out)).digest('hex');
  if (opts.keysNames.length) out._keys_names = keysNames(ctx, type, row, opts.keysNames);
  return out;
}
