import type { Reply, SessionContext } from '../../auth/context';
import { errors } from '../../core/errors';
import { asList, isObject } from '../../core/params';
import { itemtypeOrThrow } from '../../registry';
import { toCurrentFields, toOldFields, type ItemtypeAlias } from '../../registry/aliases';
import { listItems } from './list';
import { getItem, loadReadable } from './read';
import { createItems, deleteItems, updateItems } from './write';

/** The request with its `input` given the current field names. */
function withCurrentInput(ctx: SessionContext, alias: ItemtypeAlias): SessionContext {
  const input = ctx.params.input;
  const convert = (element: unknown) => (isObject(element) ? toCurrentFields(alias, element) : element);
  // A list (JSON array, or `input[0][…]` form notation) converts element by element.
  const list = asList(input);
  const converted = list && (Array.isArray(input) || list.length > 0) ? list.map(convert) : convert(input);
  return { ...ctx, params: { ...ctx.params, input: converted } };
}

const oldShape = (alias: ItemtypeAlias) => (item: unknown) => (isObject(item) ? toOldFields(alias, item) : item);

/** /TicketFollowup, /Computer_SoftwareVersion…: the current type, seen and written with the old fields. */
export function aliasBranch(ctx: SessionContext, alias: ItemtypeAlias, id: number | null): Reply | Promise<Reply> {
  const type = itemtypeOrThrow(alias.target);
  switch (ctx.method) {
    case 'POST':
      return createItems(withCurrentInput(ctx, alias), type);
    case 'PUT':
    case 'PATCH':
      return updateItems(withCurrentInput(ctx, alias), type, id);
    case 'DELETE':
      return deleteItems(withCurrentInput(ctx, alias), type, id);
    default: {
      const parent = alias.parent;
      if (id === null || id === 0) {
        return listItems(ctx, type, { ...(parent && { where: 't.itemtype = ?', args: [parent.itemtype] }), mapItem: oldShape(alias) });
      }
      if (parent && loadReadable(ctx, type, id).itemtype !== parent.itemtype) throw errors.itemNotFound();
      return getItem(ctx, type, id, oldShape(alias));
    }
  }
}
