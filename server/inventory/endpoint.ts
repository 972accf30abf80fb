/**
 * GLPI 10's inventory endpoint. A FusionInventory agent's XML: PROLOG is answered with the contact
 * frequency and SEND, INVENTORY written and answered SEND, a refusal `<REPLY><ERROR>…</ERROR></REPLY>`.
 * GLPI Agent's JSON (./json.ts): the same in its own shape. Each inventory is written in one
 * transaction (all or nothing). Agents send no credentials (GLPI's default): the inventory writes
 * as its own actor with every right, in the root entity.
 */
import type { Scope } from '../auth/scope';
import type { Services } from '../auth/services';
import { emptyParams } from '../core/params';
import { inTransaction } from '../db/connection';
import { ItemError, type WriteContext } from '../items/crud';
import { readInventory, type Inventory } from './inventory';
import { asXmlRequest, CONTACT_HOURS, contactAnswer, parseJsonRequest } from './json';
import { declaredCompression, decodeBody, encodedResponse, parseRequest, ProtocolError, REPLY, xmlResponse, type Compression } from './protocol';
import { checkInventoryFormat } from './schema';
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
  method: string;
  /** The body, or null when it passed the size limit. */
  body: Uint8Array | null;
  /** Content-Type, lower case, without parameters. */
  type: string;
  /** GLPI Agent says who it is in a `GLPI-Agent-ID` header. */
  glpiAgent: boolean;
  useragent: string;
  remoteAddr: string;
}

function store(services: Services, inventory: Inventory, call: AgentCall): void {
  services.noticeExternalWrites();
  let stored: ReturnType<typeof storeInventory>;
  try {
    stored = inTransaction(services.store.db, () => storeInventory(inventoryContext(services), inventory, { useragent: call.useragent, remoteAddr: call.remoteAddr, defaultEntity: 0 }));
  } catch (error) {
    if (error instanceof ItemError) throw new ProtocolError(`Inventory refused: ${error.message}`);
    throw error;
  }
  if ('refusedBy' in stored) throw new ProtocolError(`Import refused by the rule ${JSON.stringify(stored.refusedBy.name)} (${stored.refusedBy.id})`, 403);
}

const unsupported = (query: string) => new ProtocolError(`Query '${query}' is not supported.`, 501);

function xmlAnswer(services: Services, text: string, call: AgentCall): string {
  const request = parseRequest(text);
  // QUERY is optional: GLPI takes its absence for an inventory.
  const query = typeof request.QUERY === 'string' ? request.QUERY.trim().toLowerCase() : 'inventory';
  if (query === 'prolog') return REPLY.prolog;
  if (query !== 'inventory') throw unsupported(query);
  store(services, readInventory(request), call);
  return REPLY.stored;
}

function jsonAnswer(services: Services, text: string, call: AgentCall): Record<string, unknown> {
  const request = parseJsonRequest(text);
  const ok = { expiration: CONTACT_HOURS, status: 'ok' };
  switch (request.action) {
    case 'contact':
      return contactAnswer(request.body, services.store.settings.get('version'));
    case 'prolog':
    case 'get_params':
      return ok;
    case 'inventory':
      checkInventoryFormat(request.body);
      store(services, readInventory(asXmlRequest(request)), call);
      return ok;
    default:
      throw unsupported(request.action);
  }
}

/**
 * JSON when the type says so, else when the text reads as JSON (GLPI guesses the same way); before
 * the body is read, when GLPI Agent calls.
 */
const isJson = (call: AgentCall, text?: string) =>
  call.type === 'application/json' || (call.type !== 'application/xml' && (text === undefined ? call.glpiAgent : /^\s*[[{]/.test(text)));

/** The answer to one agent request, in its protocol's shape and compression. */
export function answerAgent(services: Services, call: AgentCall): Response {
  let compression: Compression = declaredCompression(call.type);
  let json = isJson(call);
  try {
    if (call.method !== 'POST') throw new ProtocolError('Method not allowed: agents POST their requests', 405);
    if (call.body === null) throw new ProtocolError('Request body too large', 413);
    const decoded = decodeBody(call.body, call.type);
    compression = decoded.compression;
    json = isJson(call, decoded.text);
    if (json) return encodedResponse(JSON.stringify(jsonAnswer(services, decoded.text, call)), 'application/json', compression);
    return xmlResponse(xmlAnswer(services, decoded.text, call), compression);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    if (json) return encodedResponse(JSON.stringify({ status: 'error', message: error.message, expiration: CONTACT_HOURS }), 'application/json', compression, error.status);
    return xmlResponse(REPLY.error(error.message), compression, error.status);
  }
}
