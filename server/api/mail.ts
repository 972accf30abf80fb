/**
 * The mail collectors' actions, beside GLPI's item routes (GLPI has them in its forms only):
 * - `POST /MailCollector/:id/collect` runs the collector now (joining a run in flight) and
 *   answers its counts and error: `{"tickets":…, "followups":…, "refused":…, "again":…, "error":…}`;
 * - `POST /MailCollector/:id/test` logs in and lists the mailbox's folders: `{"folders": […], "error": …}`;
 * - `GET /NotImportedEmail/:id/source` answers a refused mail's raw message (`message/rfc822`);
 * - `POST /NotImportedEmail/:id/import` with `{"input": {"entities_id": N}}` imports it anyway as
 *   a ticket of that entity: 201 `{"id": <ticket>}`, the refusal gone.
 * GLPI's `config` right guards them all (READ for the source, UPDATE for the actions), checked by
 * the router from the route table (routes.ts).
 */
import { json, type Reply, type SessionContext } from './context';
import { badRequest, errors } from '../core/errors';
import { isObject, toId } from '../core/params';
import { ItemError } from '../items/hooks';
import { selectOne } from '../db/rows';
import { importRefused } from '../mail/import';
import { testConnection } from '../mail/collect';
import { collectNow } from '../mail/mailgate';
import { refusedSource } from '../mail/refusals';

export async function collectMail(ctx: SessionContext, id: number): Promise<Reply> {
  const running = collectNow(ctx.services, id);
  if (!running) throw errors.itemNotFound();
  const { collector: _collector, ...report } = await running;
  return json(report);
}

export async function testMailCollector(ctx: SessionContext, id: number): Promise<Reply> {
  const collector = selectOne(ctx.services.store.db, 'SELECT * FROM glpi_mailcollectors WHERE id = ?', id);
  if (!collector) throw errors.itemNotFound();
  return json(await testConnection(ctx.services, collector));
}

export function refusedMailSource(ctx: SessionContext, id: number): Reply {
  const bytes = refusedSource(ctx.services.store.db, id);
  if (!bytes) throw errors.itemNotFound();
  return { status: 200, raw: new Uint8Array(bytes), headers: { 'Content-Type': 'message/rfc822', 'Content-Disposition': `attachment; filename="not-imported-${id}.eml"`, 'Cache-Control': 'private' } };
}

export async function importRefusedMail(ctx: SessionContext, id: number): Promise<Reply> {
  const input = isObject(ctx.params.input) ? ctx.params.input : ctx.params;
  const entity = toId(input.entities_id);
  if (entity === null) throw badRequest('input.entities_id must name the entity of the new ticket');
  if (!selectOne(ctx.services.store.db, 'SELECT id FROM glpi_notimportedemails WHERE id = ?', id)) throw errors.itemNotFound();
  try {
    const outcome = await importRefused(ctx.services, id, entity);
    return json({ id: outcome.id }, 201);
  } catch (error) {
    if (error instanceof ItemError) throw badRequest(error.message);
    throw error;
  }
}
