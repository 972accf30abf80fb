import { join, resolve, sep } from 'node:path';
import { empty, type Reply, type SessionContext } from './context';
import { badRequest } from '../core/errors';
import { itemtypeOrThrow } from '../registry';
import { selectOne } from '../db/rows';
import { loadReadable } from './items/read';

/** GET /User/:id/Picture: 400 for an unknown user, 204 when there is no picture, else the image. */
export async function userPicture(ctx: SessionContext): Promise<Reply> {
  const id = Number(ctx.segments[1]);
  if (!selectOne(ctx.services.store.db, 'SELECT id FROM glpi_users WHERE id = ?', id)) {
    throw badRequest(`Bad request: user with id '${id}' not found`);
  }
  const user = loadReadable(ctx, itemtypeOrThrow('User'), id);
  if (typeof user.picture !== 'string' || user.picture === '') return empty(204);
  const root = resolve(ctx.services.store.documentsDir, '_pictures');
  const path = resolve(join(root, user.picture));
  if (!path.startsWith(root + sep)) return empty(204);
  const file = Bun.file(path);
  if (!(await file.exists())) return empty(204);
  return { status: 200, raw: file, headers: { 'Content-Type': file.type, 'Cache-Control': 'private' } };
}
