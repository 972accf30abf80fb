import { json, type Reply, type SessionContext } from '../context';
import { errors } from '../../core/errors';
import { asList, isObject, toId } from '../../core/params';
import { itemtype } from '../../registry';
import { aliasOf, showsRow, toOldFields } from '../../registry/aliases';
import { readOptions } from './options';
import { renderItem } from './read';
import { unknownResource } from '../unknown-resource';

const MAX_ITEMS = 1000;

/** GET getMultipleItems?items[0][itemtype]=…&items[0][items_id]=…: getItem for each, all or nothing. */
export function getMultipleItems(ctx: SessionContext): Reply {
  const list = asList(ctx.params.items);
  if (!list || list.length > MAX_ITEMS) throw errors.badArray();
  const refs = list.map((entry) => {
    if (!isObject(entry) || (entry.itemtype === undefined && entry.items_id === undefined)) throw errors.badArray();
    // An old itemtype name (TicketFollowup) reads its current type, shown with the old fields.
    const alias = typeof entry.itemtype === 'string' ? aliasOf(entry.itemtype) : undefined;
    const type = typeof entry.itemtype === 'string' ? itemtype(alias?.target ?? entry.itemtype) : undefined;
    if (!type) throw typeof entry.itemtype === 'string' ? unknownResource(entry.itemtype) : errors.resourceNotFound('each entry of items needs an itemtype');
    const id = toId(entry.items_id);
    if (id === null) throw errors.itemNotFound();
    return { type, id, alias };
  });
  const opts = readOptions(ctx.params);
  return json(
    refs.map(({ type, id, alias }) => {
      const { body, row } = renderItem(ctx, type, id, opts);
      if (!alias) return body;
      if (!showsRow(alias, row)) throw errors.itemNotFound();
      return isObject(body) ? toOldFields(alias, body, true) : body;
    }),
  );
}
