import type { Reply, SessionContext } from '../../auth/context';
import { badRequest, errors } from '../../core/errors';
import { asList, isObject } from '../../core/params';
import { itemtypeOrThrow, type Itemtype } from '../../registry';
import { showsRow, toCurrentFields, toOldFields, toOldHref, type ItemtypeAlias } from '../../registry/aliases';
import { listItems, type ListScope } from './list';
import { getItem, loadReadable } from './read';
import { parentFields, subItemScope } from './subitems';
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

const oldShape = (alias: ItemtypeAlias, single: boolean) => (item: unknown) => (isObject(item) ? toOldFields(alias, item, single) : item);

/** Headers naming the current type (Accept-Range, Location, Link) name the old one, as GLPI's do. */
export function withOldNames(alias: ItemtypeAlias, reply: Reply): Reply {
  if (!reply.headers) return reply;
  const headers = Object.fromEntries(
    Object.entries(reply.headers).map(([name, value]) => {
      if (name === 'Accept-Range' && value.startsWith(`${alias.target} `)) return [name, alias.name + value.slice(alias.target.length)];
      return [name, name === 'Location' || name === 'Link' ? toOldHref(alias, value) : value];
    }),
  );
  return { ...reply, headers };
}

/**
 * Rows the old type shows: the current type's rows on its fixed parent type (under `under`, that
 * parent item's). A write checks the URL's id and every id its input names.
 */
function requireOwnRows(ctx: SessionContext, alias: ItemtypeAlias, type: Itemtype, id: number | null, under: Under | null, withInput: boolean): void {
  if (!alias.parent) return;
  const input = ctx.params.input;
  const list = withInput ? asList(input) : null;
  const elements = list && (Array.isArray(input) || list.length > 0) ? list : withInput ? [input] : [];
  const ids = [id, ...elements.map((e) => (isObject(e) && e.id !== undefined ? Number(e.id) : null))];
  for (const one of ids) {
    if (one === null || !Number.isInteger(one) || one <= 0) continue;
    const row = loadReadable(ctx, type, one);
    if (!showsRow(alias, row) || (under && Number(row.items_id) !== under.id)) throw errors.itemNotFound();
  }
}

/** The rows the old type lists: those on its fixed parent type, and under `under` its children. */
function listScope(ctx: SessionContext, alias: ItemtypeAlias, type: Itemtype, under: Under | null): ListScope {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (alias.parent) {
    where.push('t.itemtype = ?');
    args.push(alias.parent.itemtype);
  }
  if (under) {
    const link = subItemScope(ctx, under.parent, under.id, type);
    where.push(link.where);
    args.push(...link.args);
  }
  return { ...(where.length > 0 && { where: where.join(' AND '), args }), mapItem: oldShape(alias, false) };
}

/** The parent item of a sub-item path (`/Ticket/3/TicketFollowup`). */
export interface Under {
  parent: Itemtype;
  id: number;
}

/**
 * /TicketFollowup[/:id], /Ticket/:id/TicketFollowup[/:id]…: the current type, seen and written with
 * the old fields, only its rows on the old type's fixed parent.
 */
export function aliasBranch(ctx: SessionContext, alias: ItemtypeAlias, id: number | null, under: Under | null = null): Reply | Promise<Reply> {
  const type = itemtypeOrThrow(alias.target);
  if (under && alias.parent && under.parent.name !== alias.parent.itemtype) {
    throw badRequest(`${alias.name} items belong to a ${alias.parent.itemtype}: /${alias.parent.itemtype}/:id/${alias.name}`);
  }
  const fields = under ? parentFields(under.parent, under.id, type) : {};
  switch (ctx.method) {
    case 'POST':
      return createItems(withCurrentInput(ctx, alias), type, fields).then((reply) => withOldNames(alias, reply));
    case 'PUT':
    case 'PATCH':
      requireOwnRows(ctx, alias, type, id, under, true);
      return updateItems(withCurrentInput(ctx, alias), type, id, fields);
    case 'DELETE':
      requireOwnRows(ctx, alias, type, id, under, true);
      return deleteItems(withCurrentInput(ctx, alias), type, id);
    default:
      if (id === null || id === 0) return withOldNames(alias, listItems(ctx, type, listScope(ctx, alias, type, under)));
      requireOwnRows(ctx, alias, type, id, under, false);
      return getItem(ctx, type, id, oldShape(alias, true));
  }
}
