import type { Reply, SessionContext } from '../context';
import { badRequest } from '../../core/errors';
import type { Params } from '../../core/params';
import type { Row } from '../../db/rows';
import type { Itemtype } from '../../registry';
import { listItems } from './list';
import { loadReadable } from './read';

/**
 * How rows of `child` hang off one `parent` item, first rule that applies (as GLPI): the child
 * has the parent's foreign key, or is polymorphic, or the parent points at the child.
 */
export function subItemLink(parent: Itemtype, child: Itemtype, parentRow: Record<string, unknown>): { where: string; args: (string | number)[] } | null {
  const id = Number(parentRow.id);
  if (child.column.has(parent.fkName)) return { where: `t.${parent.fkName} = ?`, args: [id] };
  if (child.polymorphic) return { where: 't.itemtype = ? AND t.items_id = ?', args: [parent.name, id] };
  if (parent.column.has(child.fkName)) return { where: 't.id = ?', args: [Number(parentRow[child.fkName] ?? 0)] };
  return null;
}

/** Fields a write under /:parent/:id/:child gets from its URL. */
export function parentFields(parent: Itemtype, parentId: number, child: Itemtype): Params {
  if (child.column.has(parent.fkName)) return { [parent.fkName]: parentId };
  if (child.polymorphic) return { itemtype: parent.name, items_id: parentId };
  return {};
}

/**
 * The children of one readable parent item (a 400 when the two types are not linked); `parentRow`
 * is the parent as the path already read it, when it did.
 */
export function subItemScope(ctx: SessionContext, parent: Itemtype, parentId: number, child: Itemtype, parentRow?: Row): { where: string; args: (string | number)[] } {
  const link = subItemLink(parent, child, parentRow ?? loadReadable(ctx, parent, parentId));
  if (!link) throw badRequest(`${child.name} items are not linked to ${parent.name}`);
  return link;
}

/** GET /:parent/:id/:child — the parent must exist and be readable, then a normal page of children. */
export function listSubItems(ctx: SessionContext, parent: Itemtype, parentId: number, child: Itemtype, parentRow?: Row): Reply {
  return listItems(ctx, child, subItemScope(ctx, parent, parentId, child, parentRow));
}
