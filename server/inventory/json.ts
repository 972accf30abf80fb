/**
 * GLPI Agent's JSON protocol, as GLPI 10 answers it: `contact` (the tasks the server handles:
 * inventory only here; the others disabled with a message), `prolog` and `get_params` (the
 * contact frequency), `inventory` (written as the XML one is, from the published inventory
 * format, whose keys are the XML's in lower case). Answers are `{"expiration": 24, "status":
 * "ok"}`, errors `{"status": "error", "message": …, "expiration": 24}`.
 */
import { ProtocolError, type XmlNode } from './protocol';

export const CONTACT_HOURS = 24;

export interface JsonRequest {
  action: string;
  deviceid: string;
  body: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The inventory format nests a few levels; deeper is a bomb, refused before parsing (JSON.parse would build it all). */
const MAX_DEPTH = 64;

/** Whether the text's arrays and objects nest deeper than `limit` (brackets inside strings aside). */
function nestsDeeper(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A JSON request: an object with a device id; its action (or query) defaults to inventory, as GLPI's. */
export function parseJsonRequest(text: string): JsonRequest {
  if (nestsDeeper(text, MAX_DEPTH)) throw new ProtocolError(`Malformed JSON: nested deeper than ${MAX_DEPTH} levels`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ProtocolError(`Malformed JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(body)) throw new ProtocolError('The request must be a JSON object');
  if (typeof body.deviceid !== 'string' || body.deviceid.trim() === '') throw new ProtocolError('No deviceid');
  const action = typeof body.action === 'string' ? body.action : typeof body.query === 'string' ? body.query : 'inventory';
  return { action: action.toLowerCase(), deviceid: body.deviceid.trim(), body };
}

/** The answer to `contact`: the inventory task handled, every other enabled task disabled. */
export function contactAnswer(body: Record<string, unknown>, glpiVersion: string): Record<string, unknown> {
  const enabled = Array.isArray(body['enabled-tasks']) ? body['enabled-tasks'].filter((t): t is string => typeof t === 'string') : [];
  const others = enabled.filter((task) => task !== 'inventory');
  return {
    ...(others.length > 0 ? { message: others.map((task) => `${task} task not supported`).join(';'), disabled: others } : {}),
    expiration: CONTACT_HOURS,
    status: 'ok',
    ...(enabled.includes('inventory') ? { tasks: { inventory: { server: 'glpi', version: glpiVersion } } } : {}),
  };
}

/** Keys in upper case, as the XML's elements (the inventory format is the XML's, lower-cased). */
function upperKeys(value: unknown, depth = 0): unknown {
  if (depth > 8) return null; // the format nests a few levels; deeper is not read
  if (Array.isArray(value)) return value.map((v) => upperKeys(v, depth + 1));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toUpperCase(), upperKeys(v, depth + 1)]));
}

/** The JSON inventory as the XML request readInventory reads. */
export function asXmlRequest(request: JsonRequest): XmlNode {
  const content = request.body.content;
  if (!isObject(content)) throw new ProtocolError('No content');
  // Computers and phones here (network devices are read by ./network-device.ts).
  const itemtype = typeof request.body.itemtype === 'string' ? request.body.itemtype : 'Computer';
  if (itemtype !== 'Computer' && itemtype !== 'Phone') throw new ProtocolError(`Inventory of ${itemtype} is not supported`, 501);
  const upper = upperKeys(content) as XmlNode;
  const tag = typeof request.body.tag === 'string' ? request.body.tag : '';
  return { DEVICEID: request.deviceid, QUERY: 'INVENTORY', ITEMTYPE: itemtype, CONTENT: { ...upper, ACCOUNTINFO: tag ? [{ KEYNAME: 'TAG', KEYVALUE: tag }] : [] } };
}
