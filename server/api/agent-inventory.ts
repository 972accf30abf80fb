/**
 * /apirest.php/agentInventory/<agent id> — the last inventory an agent sent, as a file named
 * after its device id (GLPI's download of files/_inventories): the `inventory` right's READ bit,
 * an agent of the session's entities. Sent gzip'd as kept to clients that take gzip.
 */
import { READ } from '../auth/rights';
import { hasRight } from '../auth/scope';
import type { Reply, SessionContext } from './context';
import { errors } from '../core/errors';
import { selectOne } from '../db/rows';
import { inflate, readRawInventory } from '../inventory/raw';

const TYPES = { json: 'application/json', xml: 'application/xml' } as const;

export function agentInventory(ctx: SessionContext): Reply {
  if (!hasRight(ctx.scope, 'inventory', READ)) throw errors.rightMissing();
  const { db } = ctx.services.store;
  const agentId = Number(ctx.segments[1]);
  const agent = Number.isInteger(agentId) ? selectOne(db, 'SELECT deviceid, entities_id FROM glpi_agents WHERE id = ?', agentId) : null;
  const kept = agent && ctx.scope.active.has(Number(agent.entities_id)) ? readRawInventory(db, agentId) : null;
  if (!agent || !kept) throw errors.itemNotFound();
  const acceptsGzip = /\bgzip\b/.test(ctx.headers.get('accept-encoding') ?? '');
  return {
    status: 200,
    raw: Buffer.from(acceptsGzip ? kept.gzipped : inflate(kept.gzipped)),
    headers: {
      'Content-Type': TYPES[kept.format],
      'Content-Disposition': `attachment; filename="${String(agent.deviceid).replace(/[^\w.-]/g, '_')}.${kept.format}"`,
      ...(acceptsGzip ? { 'Content-Encoding': 'gzip' } : {}),
    },
  };
}
