/**
 * GLPI 10's inventory endpoint for FusionInventory agents: PROLOG is answered with the contact
 * frequency and SEND, INVENTORY is written in one transaction (all or nothing) and answered
 * SEND; anything refused gets `<REPLY><ERROR>…</ERROR></REPLY>`. Agents send no credentials
 * (GLPI's default): the inventory writes as its own actor with every right, in the root entity.
 */
import type { Scope } from '../auth/scope';
import type { Services } from '../auth/services';
import { emptyParams } from '../core/params';
import { inTransaction } from '../db/connection';
import { ItemError, type WriteContext } from '../items/crud';
import { readInventory } from './inventory';
import { inflateBody, parseRequest, ProtocolError, REPLY } from './protocol';
import { storeInventory } from './store';

/** GLPI's Super-Admin profile: the rights the inventory writes with. */
const SUPER_ADMIN = 4;
/** Who history lines name for what the inventory writes. */
export const INVENTORY_ACTOR = 'Inventory';

function inventoryContext(services: Services): WriteContext {
  const dir = services.directory;
  const profile = dir.profile(SUPER_ADMIN);
  if (!profile) throw new ProtocolError('The inventory needs the Super-Admin profile', 500);
  const entities = [...dir.entities().nodes.keys()];
  const scope: Scope = {
    session: { hash: '', userId: 0, profileId: SUPER_ADMIN, entityId: 0, recursive: true, createdAt: 0, lastActive: 0 },
    user: { id: 0, name: INVENTORY_ACTOR },
    profile,
    activeEntities: entities,
    active: new Set(entities),
    recursiveVisible: new Set(entities),
    showAll: true,
    multiEntity: entities.length > 1,
    groups: [],
    version: dir.version,
  };
  return { db: services.store.db, services, scope, actor: INVENTORY_ACTOR, history: true, extra: {}, request: emptyParams() };
}

export interface AgentCall {
  body: Uint8Array;
  useragent: string;
  remoteAddr: string;
}

/** The reply (without the XML declaration) to one agent request, and whether to compress it. */
export function answerAgent(services: Services, call: AgentCall): { reply: string; compressed: boolean } {
  const { xml, compressed } = inflateBody(call.body);
  const request = parseRequest(xml);
  const query = typeof request.QUERY === 'string' ? request.QUERY.trim().toUpperCase() : '';
  if (query === 'PROLOG') return { reply: REPLY.prolog, compressed };
  if (query !== 'INVENTORY') throw new ProtocolError(`Query ${JSON.stringify(query)} is not supported`);
  const inventory = readInventory(request);
  services.noticeExternalWrites();
  let stored: ReturnType<typeof storeInventory>;
  try {
    stored = inTransaction(services.store.db, () => storeInventory(inventoryContext(services), inventory, call.useragent, call.remoteAddr));
  } catch (error) {
    if (error instanceof ItemError) throw new ProtocolError(`Inventory refused: ${error.message}`);
    throw error;
  }
  if ('refusedBy' in stored) throw new ProtocolError(`Import refused by the rule ${JSON.stringify(stored.refusedBy.name)} (${stored.refusedBy.id})`, 403);
  return { reply: REPLY.stored, compressed };
}
