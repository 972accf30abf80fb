import type { Reply, SessionContext } from '../context';
import { badRequest, errors } from '../../core/errors';
import { itemtype, type Itemtype } from '../../registry';
import { aliasOf } from '../../registry/aliases';
import { unknownResource } from '../unknown-resource';
import { aliasBranch, aliasParent } from './aliases';
import { ITEM_PATHS, itemRoute } from '../routes';

function resolveType(name: string | undefined): Itemtype {
  if (name === undefined) throw errors.resourceMissing();
  const type = itemtype(name);
  if (!type) throw unknownResource(name);
  return type;
}

function parseId(segment: string | undefined): number | null {
  if (segment === undefined) return null;
  if (!/^\d{1,15}$/.test(segment)) throw badRequest(`invalid id "${segment}": ids are non-negative integers`);
  return Number(segment);
}

const needsParentId = () => errors.resourceNotFound('a sub-itemtype needs its parent id: /:itemtype/:id/:sub_itemtype');

/** /:itemtype[/:id[/:sub_itemtype[/:sub_id]]] for every verb: the path resolved, its route from the table (routes.ts). */
export function itemtypeBranch(ctx: SessionContext): Reply | Promise<Reply> {
  const [typeName, idSegment, subName, subIdSegment] = ctx.segments;
  if (ctx.segments.length > 4) throw errors.resourceNotFound('too many path segments: at most /:itemtype/:id/:sub_itemtype/:sub_id');
  const alias = typeName === undefined ? undefined : aliasOf(typeName);
  if (alias && ctx.segments.length <= 2) return aliasBranch(ctx, alias, parseId(idSegment));
  // An old name as a parent (`/TicketFollowup/3/Document_Item`, its links) is its current type.
  const id = parseId(idSegment);
  const { type, row: parentRow } = alias ? aliasParent(ctx, alias, id) : { type: resolveType(typeName), row: undefined };
  // An old itemtype name is accepted as a sub-itemtype too (/Ticket/3/TicketFollowup), as in GLPI.
  const subAlias = subName === undefined ? undefined : aliasOf(subName);
  const sub = subName === undefined || subAlias ? null : resolveType(subName);
  const subId = parseId(subIdSegment);

  if (subAlias) {
    if (id === null) throw needsParentId();
    return aliasBranch(ctx, subAlias, subId, { parent: type, id, row: parentRow });
  }
  if (sub) {
    if (id === null) throw needsParentId();
    // A POST names the sub-items' list, with or without a sub id.
    const path = subId !== null && ctx.method !== 'POST' ? ITEM_PATHS.subItem : ITEM_PATHS.subItems;
    return itemRoute(ctx.method, path, type.name).handler(ctx, type, id, sub, subId, parentRow);
  }
  return itemRoute(ctx.method, id !== null ? ITEM_PATHS.item : ITEM_PATHS.collection, type.name).handler(ctx, type, id, null, null, undefined);
}
