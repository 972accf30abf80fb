/**
 * GLPI 10's inventory endpoint. A FusionInventory agent's XML: PROLOG is answered with the contact
 * frequency and SEND, INVENTORY written and answered SEND, a refusal `<REPLY><ERROR>…</ERROR></REPLY>`.
 * GLPI Agent's JSON (./json.ts): the same in its own shape; a network inventory (`netinventory`,
 * or an inventory of a network equipment or printer) writes that device (./network-store.ts). Each inventory is written in one
 * transaction (all or nothing). Agents send no credentials (GLPI's default): the inventory writes
 * as its own actor with every right, in the root entity.
 */
import type { Scope } from '../auth/scope';
import type { Services } from '../auth/services';
import { inTransaction } from '../db/connection';
import { ItemError, type WriteContext } from '../items/crud';
import { readInventory } from './inventory';
import type { Refusal } from './match';
import { NETWORK_ITEMTYPES, readNetworkDevice, type NetworkItemtype } from './network-device';
import { storeNetworkDevice } from './network-store';
import { asXmlRequest, CONTACT_HOURS, contactAnswer, parseJsonRequest } from './json';
import { declaredCompression, decodeBody, encodedResponse, parseRequest, ProtocolError, REPLY, xmlResponse, type Compression } from './protocol';
import { checkInventoryFormat } from './schema';
import { storeInventory, type InventorySetup } from './store';
import { BASIC_AUTH, basicAuthRefusal } from './auth';
import { keepRawInventory, type RawFormat } from './raw';
import { inventorySettings } from '../db/inventory-state';

/** GLPI's Super-Admin profile: the rights the inventory writes with. */
const SUPER_ADMIN = 4;
/** Who history lines name for what the inventory writes. */
export const INVENTORY_ACTOR = 'Inventory';

export function inventoryContext(services: Services): WriteContext {
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
  return { db: services.store.db, services, scope, actor: INVENTORY_ACTOR, history: true, extra: {}, recursive: false };
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

/** What the inventory configuration asks of each inventory. */
function setupFrom(settings: Record<string, string>): InventorySetup {
  return { defaultEntity: Number(settings.entities_id_default) || 0, defaultState: Number(settings.states_id_default) || 0, vmType: Number(settings.vm_type) || 0, imports: (setting) => settings[setting] === '1' };
}

/** Writes an inventory (a computer's or a network device's) and keeps the text it came in, in one transaction. */
function store(services: Services, write: (wc: WriteContext, setup: InventorySetup) => { agentId: number } | Refusal, sent: { format: RawFormat; text: string }): void {
  services.noticeExternalWrites();
  const { db } = services.store;
  let stored: { agentId: number } | Refusal;
  try {
    stored = inTransaction(db, () => {
      const result = write(inventoryContext(services), setupFrom(inventorySettings(db)));
      if (!('refusedBy' in result)) keepRawInventory(db, result.agentId, sent.format, sent.text);
      return result;
    });
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
  const inventory = readInventory(request);
  store(services, (wc, setup) => storeInventory(wc, inventory, call, setup), { format: 'xml', text });
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
    case 'netinventory': {
      checkInventoryFormat(request.body);
      const itemtype = typeof request.body.itemtype === 'string' ? request.body.itemtype : 'Computer';
      // A phone is a network device when the agent read it over the network (its network_device).
      const networkDevice = itemtype !== 'Phone' || (typeof request.body.content === 'object' && request.body.content !== null && 'network_device' in request.body.content);
      if ((NETWORK_ITEMTYPES as readonly string[]).includes(itemtype) && networkDevice) {
        const device = readNetworkDevice(itemtype as NetworkItemtype, request.deviceid, request.body);
        store(services, (wc, setup) => storeNetworkDevice(wc, device, call, setup), { format: 'json', text });
        return ok;
      }
      // A network inventory is of a network device; GLPI reads any other as an inventory.
      if (request.action === 'netinventory') throw new ProtocolError(`Network inventory of ${itemtype} is not supported`, 501);
      const inventory = readInventory(asXmlRequest(request));
      store(services, (wc, setup) => storeInventory(wc, inventory, call, setup), { format: 'json', text });
      return ok;
    }
    default:
      throw unsupported(request.action);
  }
}

/**
 * JSON when the type says so, else when the text reads as JSON (GLPI guesses the same way); before
 * the body is read, when GLPI Agent calls.
 */
const isJson = (call: Pick<AgentCall, 'type' | 'glpiAgent'>, text?: string) =>
  call.type === 'application/json' || (call.type !== 'application/xml' && (text === undefined ? call.glpiAgent : /^\s*[[{]/.test(text)));

/** An error in the protocol's shape: JSON or XML, compressed as the request was. */
function errorResponse(error: ProtocolError, json: boolean, compression: Compression): Response {
  if (json) return encodedResponse(JSON.stringify({ status: 'error', message: error.message, expiration: CONTACT_HOURS }), 'application/json', compression, error.status);
  return xmlResponse(REPLY.error(error.message), compression, error.status);
}

/**
 * Whether agents may send at all, decided before their body is read (nothing costly before
 * authentication): the inventory enabled in its configuration, and the agents' credentials
 * when it asks for Basic authentication. A refusal in the protocol's shape, or null.
 */
export function refuseAgent(services: Services, call: Pick<AgentCall, 'type' | 'glpiAgent'> & { authorization: string | null }): Response | null {
  const settings = inventorySettings(services.store.db);
  const refusal = settings.enabled_inventory !== '1' ? new ProtocolError('Inventory is disabled', 403) : settings.auth_required === BASIC_AUTH ? basicAuthRefusal(settings, call.authorization) : null;
  if (!refusal) return null;
  const response = errorResponse(refusal, isJson(call), declaredCompression(call.type));
  if (refusal.status === 401) response.headers.set('WWW-Authenticate', 'Basic realm="basic"');
  return response;
}

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
    return errorResponse(error, json, compression);
  }
}
