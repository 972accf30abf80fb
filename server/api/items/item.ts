import type { SessionContext } from '../../auth/context';
import type { Row } from '../../db/rows';
import { readExtrasOf } from '../../items/hooks';
import type { Itemtype } from '../../registry';
import type { ReadOptions } from './options';
import { expandDropdowns, fieldsOf, keysNames, linksOf } from './present';
import { withSections } from './sections';

/**
 * One item as getItem/getItems answer it: columns, with_* sections, links, _keys_names
 * (in GLPI's order). With get_sha1 the answer is the SHA-1 of that JSON instead.
 */
export function presentItem(ctx: SessionContext, type: Itemtype, row: Row, opts: ReadOptions): unknown {
  const out: Record<string, unknown> = opts.onlyId ? { id: row.id } : fieldsOf(ctx.scope, type, row);
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
