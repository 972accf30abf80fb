import type { SessionContext } from '../context';
import { READ } from '../../auth/rights';
import { hasRight, type Scope } from '../../auth/scope';
import { LINKED_TYPES, NARROWER_DEVICE_TYPES } from '../../registry/data/hateoas';
import { guardedFields } from '../../registry/guarded';
import { componentTypes, isRowId, itemtype, itemtypeByTable, itemtypeOrThrow, type Itemtype } from '../../registry';
import type { Column } from '../../registry/columns';
import { nameOf, nameOfRow } from '../../items/names';
import type { Row } from '../../db/rows';
import { UNDISCLOSED_SETTINGS } from '../../db/settings';
import { AUTHTYPE } from '../../registry/values';
import { outputValue } from '../../items/values';
import type { ReadOptions } from './options';

/** Types whose items a polymorphic link type may name (reservable items). */
const linkedBy = (link: string) => (type: Itemtype) => itemtype(link)?.polyTargets.includes(type.name) ?? false;

/** Types of one of GLPI's configuration lists. */
const listedIn = (names: readonly string[]) => (type: Itemtype) => names.includes(type.name);

/** HATEOAS sub-item classes GLPI lists for every type of a config list, in GLPI's order. */
const LISTED_CHILDREN: [(type: Itemtype) => boolean, string[]][] = [
  [linkedBy('ReservationItem'), ['ReservationItem']],
  [listedIn(LINKED_TYPES.document), ['Document_Item']],
  [listedIn(LINKED_TYPES.contract), ['Contract_Item']],
  [listedIn(LINKED_TYPES.infocom), ['Infocom']],
  [listedIn(LINKED_TYPES.ticket), ['Item_Ticket']],
  [listedIn(LINKED_TYPES.project), ['Item_Project']],
  [listedIn(LINKED_TYPES.networkport), ['NetworkPort']],
  ...componentTypes().map(({ name }): [(type: Itemtype) => boolean, string[]] => [listedIn(NARROWER_DEVICE_TYPES[name] ?? LINKED_TYPES.device), [name]]),
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
  // As GLPI: a directory user's auths_id names its LDAP directory (a mail server is not linked).
  if (field === 'auths_id') return type.name === 'User' && Number(row.authtype) === AUTHTYPE.LDAP ? 'AuthLDAP' : undefined;
  return type.foreignKeys.get(field);
}

/** GLPI links and names an id above 0, and the root entity (0) in `entities_id` only (its API's parseDropdowns). */
function linkable(target: Itemtype, field: string, value: number): boolean {
  return isRowId(target, value) && (value > 0 || field === 'entities_id');
}

function linkedId(target: string, field: string, value: unknown): number | null {
  if (typeof value !== 'number') return null;
  return linkable(itemtypeOrThrow(target), field, value) ? value : null;
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
    const linkFields = new Set([...type.foreignKeys.keys(), 'items_id', ...(type.name === 'User' ? ['auths_id'] : [])].filter((f) => !hidden.has(f)));
    plans.set(type, (plan = { hidden, formatted, linkFields }));
  }
  return plan;
}

/** Columns of a row as the API shows them: hidden ones (and guarded ones without their right) dropped, DECIMAL as strings, secrets redacted. */
/** The guarded columns of a type the profile may not see (a SIM card's codes without their right). */
export function withheldFields(scope: Scope, typeName: string): readonly string[] {
  const guarded = guardedFields(typeName);
  return guarded && !hasRight(scope, guarded.right, READ) ? guarded.fields : [];
}

export function fieldsOf(scope: Scope, type: Itemtype, row: Row): Record<string, unknown> {
  const { hidden, formatted } = rowPlan(type);
  const withheld = withheldFields(scope, type.name);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    if (hidden.has(key) || (withheld.length > 0 && withheld.includes(key))) continue;
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
    const id = linkedId(target, field, out[field]);
    if (id !== null) out[field] = nameOf(db, itemtypeOrThrow(target), id);
  }
}

/** Calls `visit` for each item the row links to through a foreign key (or items_id), in column order. */
function forEachLinked(type: Itemtype, row: Row, visit: (target: string, id: number) => void): void {
  const { linkFields } = rowPlan(type);
  for (const field of Object.keys(row)) {
    if (!linkFields.has(field)) continue;
    const target = linkTarget(type, row, field);
    const id = target ? linkedId(target, field, row[field]) : null;
    if (target && id !== null) visit(target, id);
  }
}

export function linksOf(ctx: SessionContext, type: Itemtype, row: Row): { rel: string; href: string }[] {
  const links: { rel: string; href: string }[] = [];
  forEachLinked(type, row, (target, id) => links.push({ rel: target, href: `${ctx.apiBase}/${target}/${id}` }));
  const itemBase = `${ctx.apiBase}/${type.name}/${Number(row.id)}/`;
  for (const child of childTypes(type)) links.push({ rel: child, href: `${itemBase}${child}/` });
  return links;
}

const jsonString = (text: string) => JSON.stringify(text);

/**
 * An item's links as JSON text, in pieces made once per API base and type: they are most of an
 * item's answer and differ between items by the ids only.
 */
interface LinksTemplate {
  /** The API base as the start of a JSON string (`"http://…/apirest.php`). */
  base: string;
  /** Per foreign key of a served type: that type, and its link's text up to the id. */
  keys: Map<string, { target: Itemtype; head: string }>;
  /** The sub-item links, to join with the item's id. */
  children: string[];
}

const linksTemplates = new Map<string, LinksTemplate>();
/** API bases come from the Host header: the map stays small whatever clients send. */
const MAX_TEMPLATES = 256;

function linksTemplate(apiBase: string, type: Itemtype): LinksTemplate {
  const key = `${type.name}\u0000${apiBase}`;
  let template = linksTemplates.get(key);
  if (!template) {
    if (linksTemplates.size >= MAX_TEMPLATES) linksTemplates.clear();
    const base = jsonString(apiBase).slice(0, -1);
    const keys = new Map<string, { target: Itemtype; head: string }>();
    for (const field of rowPlan(type).linkFields) {
      // items_id names its type in the row: worked out per row.
      const name = field === 'items_id' ? undefined : type.foreignKeys.get(field);
      const target = name === undefined ? undefined : itemtype(name);
      if (target) keys.set(field, { target, head: `{"rel":${jsonString(target.name)},"href":${base}${jsonString(`/${target.name}/`).slice(1, -1)}` });
    }
    const itemBase = jsonString(`${apiBase}/${type.name}/`).slice(0, -1);
    const children = [''];
    for (const child of childTypes(type)) {
      const last = children.length - 1;
      children[last] += `${children[last] === '' ? '' : ','}{"rel":${jsonString(child)},"href":${itemBase}`;
      children.push(`${jsonString(`/${child}/`).slice(1)}}`);
    }
    linksTemplates.set(key, (template = { base, keys, children }));
  }
  return template;
}

/**
 * `objectJson` (an object's JSON text) with linksOf's list as its last member, the bytes
 * JSON.stringify gives; unchanged when there is no link. Written in one join of the template's
 * pieces: each intermediate string of an item's links (most of its answer) showed in the profile.
 */
export function withLinksJson(objectJson: string, apiBase: string, type: Itemtype, row: Row): string {
  const template = linksTemplate(apiBase, type);
  const { linkFields } = rowPlan(type);
  const parts: (string | number)[] = [objectJson.slice(0, -1), objectJson === '{}' ? '"links":[' : ',"links":['];
  let links = 0;
  for (const field in row) {
    if (!linkFields.has(field)) continue;
    const known = template.keys.get(field);
    const value = row[field];
    if (known) {
      if (typeof value !== 'number' || !linkable(known.target, field, value)) continue;
      parts.push(links++ === 0 ? known.head : `,${known.head}`, value, '"}');
    } else {
      const target = linkTarget(type, row, field);
      const id = target ? linkedId(target, field, value) : null;
      if (!target || id === null) continue;
      parts.push(links++ === 0 ? '' : ',', `{"rel":${jsonString(target)},"href":${template.base}${jsonString(`/${target}/${id}`).slice(1)}}`);
    }
  }
  const { children } = template;
  if (children.length > 1) {
    const id = Number(row.id);
    parts.push(links++ === 0 ? children[0]! : `,${children[0]}`);
    for (let i = 1; i < children.length; i++) parts.push(id, children[i]!);
  }
  if (links === 0) return objectJson;
  parts.push(']}');
  return parts.join('');
}

/** `_keys_names`: the display names of the requested keys (the item itself for `id`). */
export function keysNames(ctx: SessionContext, type: Itemtype, row: Row, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const db = ctx.services.store.db;
  for (const key of keys) {
    if (key === 'id') out.id = nameOfRow(type, row);
    else {
      const target = linkTarget(type, row, key);
      const id = target ? linkedId(target, key, row[key]) : null;
      if (target && id !== null) out[key] = nameOf(db, itemtypeOrThrow(target), id);
    }
  }
  return out;
}

/** The type a nested row's `…_id…` field names, as GLPI reads a foreign key's name: `glpi_<prefix>`. */
function nestedTarget(row: Record<string, unknown>, field: string): Itemtype | undefined {
  if (field === 'items_id') return typeof row.itemtype === 'string' ? itemtype(row.itemtype) : undefined;
  const match = /^(.+?)_id(?:_.+)?$/.exec(field);
  return match ? itemtypeByTable(`glpi_${match[1]}`) : undefined;
}

/**
 * The rows of a with_* section as GLPI gives them: each row (at any depth) gets `links` to the
 * rows its foreign keys name and, with expand_dropdowns, their names in place of the ids.
 */
export function nestedRows(ctx: SessionContext, value: unknown, opts: { hateoas: boolean; expandDropdowns: boolean }): unknown {
  if (Array.isArray(value)) return value.map((v) => nestedRows(ctx, v, opts));
  if (value === null || typeof value !== 'object') return value;
  const row = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const links: { rel: string; href: string }[] = [];
  for (const [key, field] of Object.entries(row)) {
    out[key] = nestedRows(ctx, field, opts);
    const target = typeof field === 'number' ? nestedTarget(row, key) : undefined;
    if (!target || !linkable(target, key, field as number)) continue;
    if (opts.hateoas) links.push({ rel: target.name, href: `${ctx.apiBase}/${target.name}/${field as number}` });
    if (opts.expandDropdowns) out[key] = nameOf(ctx.services.store.db, target, field as number);
  }
  if (links.length) out.links = [...((out.links as unknown[] | undefined) ?? []), ...links];
  return out;
}
