import type { Reply, SessionContext } from '../context';
import { ApiError, badRequest, errors, ITEM_NOT_FOUND_MESSAGE } from '../../core/errors';
import { asList, isObject } from '../../core/params';
import { selectOne, type Row } from '../../db/rows';
import { ItemError } from '../../items/crud';
import { itemtypeOrThrow, type Itemtype } from '../../registry';
import { showsRow, toCurrentFields, toOldFields, toOldHref, toOldMessage, type ItemtypeAlias } from '../../registry/aliases';
import { listItems, type ListScope } from './list';
import { getItem, loadReadable } from './read';
import { parentFields, subItemScope } from './subitems';
import { createItems, deleteItems, updateItems, type ElementGuard } from './write';

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

/** Whether a current row is one the old type shows (under `under`, one of that parent item's). */
const showsOwnRow = (alias: ItemtypeAlias, under: Under | null) => (row: Row) => showsRow(alias, row) && (!under || Number(row.items_id) === under.id);

/**
 * An update or delete under an old name reaches only the rows the old type shows: an element
 * naming another row fails alone, as one whose id does not exist (GLPI's "Item not found").
 */
function ownRowGuard(ctx: SessionContext, alias: ItemtypeAlias, type: Itemtype, under: Under | null): ElementGuard | undefined {
  if (!alias.parent) return undefined;
  const shows = showsOwnRow(alias, under);
  const sql = `SELECT itemtype, items_id FROM ${type.table} WHERE id = ?`;
  return (id) => {
    const row = selectOne(ctx.services.store.db, sql, id);
    if (row && !shows(row)) throw new ItemError(ITEM_NOT_FOUND_MESSAGE, 'ERROR_ITEM_NOT_FOUND');
  };
}

/** A refused element's message, in the names the client sent. */
function oldElement(alias: ItemtypeAlias, element: unknown): unknown {
  if (!isObject(element) || typeof element.message !== 'string' || !Object.values(element).includes(false)) return element;
  return { ...element, message: toOldMessage(alias, element.message) };
}

/** A write's refusal (its message, or each refused element's) in the names the client sent. */
function oldError(alias: ItemtypeAlias, error: ApiError): ApiError {
  const detail = typeof error.detail === 'string' ? toOldMessage(alias, error.detail) : Array.isArray(error.detail) ? error.detail.map((e) => oldElement(alias, e)) : error.detail;
  return new ApiError(error.status, error.code, detail, error.withDoc, error.headers);
}

/** A write under an old name: its headers and refusals name the old type and fields. */
async function oldWrite(alias: ItemtypeAlias, write: Promise<Reply>): Promise<Reply> {
  try {
    return withOldNames(alias, await write);
  } catch (error) {
    throw error instanceof ApiError ? oldError(alias, error) : error;
  }
}

/**
 * The current type behind an old name used as the parent of a sub-item path
 * (`/TicketFollowup/3/Document_Item`, the old type's own HATEOAS links): only a row the old type
 * shows is a parent there.
 */
export function aliasParent(ctx: SessionContext, alias: ItemtypeAlias, id: number | null): { type: Itemtype; row: Row | undefined } {
  const type = itemtypeOrThrow(alias.target);
  const row = id === null ? undefined : loadReadable(ctx, type, id);
  if (row && !showsRow(alias, row)) throw errors.itemNotFound();
  return { type, row };
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
    const link = subItemScope(ctx, under.parent, under.id, type, under.row);
    where.push(link.where);
    args.push(...link.args);
  }
  return { ...(where.length > 0 && { where: where.join(' AND '), args }), mapItem: oldShape(alias, false) };
}

/** The parent item of a sub-item path (`/Ticket/3/TicketFollowup`). */
export interface Under {
  parent: Itemtype;
  id: number;
  /** The parent's row, when the path already read it (an old name as the parent). */
  row?: Row;
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
  const input = () => withCurrentInput(ctx, alias);
  switch (ctx.method) {
    case 'POST':
      return oldWrite(alias, createItems(input(), type, fields));
    case 'PUT':
    case 'PATCH':
      return oldWrite(alias, updateItems(input(), type, id, fields, ownRowGuard(ctx, alias, type, under)));
    case 'DELETE':
      return oldWrite(alias, deleteItems(input(), type, id, ownRowGuard(ctx, alias, type, under)));
    default:
      if (id === null || id === 0) return withOldNames(alias, listItems(ctx, type, listScope(ctx, alias, type, under)));
      return getItem(ctx, type, id, { shows: showsOwnRow(alias, under), reshape: oldShape(alias, true) });
  }
}
