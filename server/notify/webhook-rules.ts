/**
 * What a Webhook may hold: an http(s) URL, a method, an ITIL itemtype and one of the events the
 * engine raises on it, custom headers as a JSON object of strings (none of Deskbase's own), and the
 * user whose rights shape the payloads: the one who created or last changed it (nobody may make a
 * webhook read as someone else, nor send elsewhere what another's rights read). Activating a paused webhook clears its failures and the reason it was paused.
 */
import { badRequest, errors } from '../core/errors';
import type { Params } from '../core/params';
import type { Row } from '../db/rows';
import type { ItemHooks, WriteContext } from '../items/hooks';
import { sealSecret } from '../core/secrets';
import { secretKey } from '../db/secret-key';
import { valueList } from '../registry/values';

const METHODS = new Set(['POST', 'PUT', 'PATCH', 'GET', 'DELETE']);
export const WEBHOOK_ITEMTYPES = ['Ticket', 'Problem', 'Change'];
/** The events the engine raises on ITIL items (events.ts and the rules that raise theirs), as the registry lists them for the console. */
export const WEBHOOK_EVENTS = (valueList('Webhook', 'event') ?? []).map(([event]) => String(event));
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const RESERVED_HEADER = /^(x-deskbase-|content-type$|content-length$|host$|user-agent$|transfer-encoding$)/i;

function checkUrl(value: unknown): void {
  let url: URL | null = null;
  try {
    url = typeof value === 'string' ? new URL(value) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw badRequest('url must be an http or https URL');
}

/** The custom headers as stored (JSON text), from an object or its JSON text. */
function headersText(value: unknown): string {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = value.trim() === '' ? {} : JSON.parse(value);
    } catch {
      throw badRequest('custom_headers must be a JSON object of header names and values');
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('custom_headers must be a JSON object of header names and values');
  for (const [name, v] of Object.entries(parsed)) {
    if (!HEADER_NAME.test(name) || typeof v !== 'string' || /[\r\n]/.test(v)) throw badRequest(`custom_headers: ${name} must be a header name with a one-line text value`);
    if (RESERVED_HEADER.test(name)) throw badRequest(`custom_headers: ${name} is set by Deskbase`);
  }
  return JSON.stringify(parsed);
}

function checkFields(wc: WriteContext, row: Row): void {
  if ('url' in row) checkUrl(row.url);
  if ('http_method' in row) {
    const method = String(row.http_method ?? '').toUpperCase();
    if (!METHODS.has(method)) throw badRequest(`http_method must be one of ${[...METHODS].join(', ')}`);
    row.http_method = method;
  }
  if ('itemtype' in row && !WEBHOOK_ITEMTYPES.includes(String(row.itemtype))) throw badRequest(`itemtype must be one of ${WEBHOOK_ITEMTYPES.join(', ')}`);
  if ('event' in row && !WEBHOOK_EVENTS.includes(String(row.event))) throw badRequest(`event must be one of ${WEBHOOK_EVENTS.join(', ')}`);
  if ('users_id' in row && Number(row.users_id) !== Number(wc.scope.user.id)) throw errors.rightMissing();
}

/**
 * The secret is a hidden column (never read back, so not taken as a column): set from the input
 * here, sealed with the data folder's key as mailbox and directory passwords are.
 */
function applySecret(wc: WriteContext, row: Row, input: Params): void {
  if (!('secret' in input)) return;
  const secret = input.secret;
  if (secret !== null && typeof secret !== 'string') throw badRequest('secret must be a text');
  if (typeof secret === 'string' && secret.length > 1024) throw badRequest('secret must be at most 1024 characters');
  row.secret = secret === '' || secret === null ? null : sealSecret(secretKey(wc.services.store.dataDir), secret);
}

export const webhookHooks: ItemHooks = {
  // Before the values are read as columns: custom headers may come as an object.
  prepareInput(_wc, _type, input) {
    if ('custom_headers' in input) input.custom_headers = headersText(input.custom_headers);
  },
  prepareAdd(wc, _type, row, input) {
    checkFields(wc, row);
    applySecret(wc, row, input);
    row.users_id = Number(wc.scope.user.id);
  },
  prepareUpdate(wc, _type, old, changes, input) {
    checkFields(wc, changes);
    applySecret(wc, changes, input);
    changes.users_id = Number(wc.scope.user.id);
    if (Number(changes.is_active) === 1 && Number(old.is_active) !== 1) {
      changes.failures = 0;
      changes.paused_reason = null;
    }
  },
};
