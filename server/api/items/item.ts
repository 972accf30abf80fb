import type { SessionContext } from '../context';
import type { Row } from '../../db/rows';
import { itemExtrasOf, readExtrasOf } from '../../items/hooks';
import type { Itemtype } from '../../registry';
import type { ReadOptions } from './options';
import { expandDropdowns, fieldsOf, keysNames, linksOf, withLinksJson } from './present';
import { withSections } from './sections';

/** Columns, extras and with_* sections: what comes before the links. */
function presentHead(ctx: SessionContext, type: Itemtype, row: Row, opts: ReadOptions): Record<string, unknown> {
  const out: Record<string, unknown> = opts.onlyId ? { id: row.id } : fieldsOf(ctx.scope, type, row);
  const extras = opts.onlyId ? undefined : readExtrasOf(type);
  if (extras) Object.assign(out, extras(ctx.services.store.db, row));
  const itemExtras = opts.single && !opts.onlyId ? itemExtrasOf(type) : undefined;
  if (itemExtras) Object.assign(out, itemExtras(ctx.services.store.db, row));
  if (opts.expandDropdowns && !opts.onlyId) expandDropdowns(ctx, type, row, out);
  Object.assign(out, withSections(ctx, type, row, opts));
  return out;
}

const linkedRow = (row: Row, opts: ReadOptions): Row => (opts.onlyId ? { id: row.id } : row);

function presentTail(ctx: SessionContext, type: Itemtype, row: Row, opts: ReadOptions, out: Record<string, unknown>): unknown {
  if (opts.hateoas) {
    const links = linksOf(ctx, type, linkedRow(row, opts));
    if (links.length) out.links = links;
  }
  if (opts.sha1) return new Bun.CryptoHasher('sha1').update(JSON.stringify(out)).digest('hex');
  if (opts.keysNames.length) out._keys_names = keysNames(ctx, type, row, opts.keysNames);
  return out;
}

/**
 * One item as getItem/getItems answer it: columns, with_* sections, links, _keys_names
 * (in GLPI's order). With get_sha1 the answer is the SHA-1 of that JSON instead.
 */
export function presentItem(ctx: SessionContext, type: Itemtype, row: Row, opts: ReadOptions): unknown {
  return presentTail(ctx, type, row, opts, presentHead(ctx, type, row, opts));
}

/** `{…}` with one more member at its end. */
const withMember = (objectJson: string, key: string, valueJson: string) =>
  `${objectJson.slice(0, -1)}${objectJson === '{}' ? '' : ','}"${key}":${valueJson}}`;

/**
 * presentItem's answer as JSON text, the same bytes: the links, most of an item's answer and
 * alike between items, are written as text instead of built as objects and serialised.
 */
export function presentItemJson(ctx: SessionContext, type: Itemtype, row: Row, opts: ReadOptions): string {
  const out = presentHead(ctx, type, row, opts);
  // A SHA-1, or a column named like a member that comes after it: the general way.
  if (opts.sha1 || Object.hasOwn(out, 'links') || Object.hasOwn(out, '_keys_names')) return JSON.stringify(presentTail(ctx, type, row, opts, out));
  let text = JSON.stringify(out);
  if (opts.hateoas) text = withLinksJson(text, ctx.apiBase, type, linkedRow(row, opts));
  if (opts.keysNames.length) text = withMember(text, '_keys_names', JSON.stringify(keysNames(ctx, type, row, opts.keysNames)));
  return text;
}
