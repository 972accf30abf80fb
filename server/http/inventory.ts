/**
 * Where agents post (GLPI's /front/inventory.php, and its root page, which hands any non-empty
 * POST to the inventory): the body is read under a limit, answered by the inventory module, and
 * every refusal is the protocol's own `<REPLY><ERROR>` answer.
 */
import type { Services } from '../auth/services';
import { answerAgent } from '../inventory/endpoint';
import { MAX_INVENTORY_BODY, ProtocolError, REPLY, replyResponse, ZLIB_TYPE } from '../inventory/protocol';
import { readBytesLimited } from './body';
import { logError } from './log';

const ACCEPTED_TYPES = new Set([ZLIB_TYPE, 'application/xml', 'text/xml', '']);

export const isInventoryRequest = (request: Request, pathname: string) =>
  pathname === '/front/inventory.php' || (pathname === '/' && request.method === 'POST' && request.headers.get('content-length') !== '0');

async function readBytesOrRefuse(request: Request): Promise<Uint8Array> {
  const bytes = await readBytesLimited(request, MAX_INVENTORY_BODY);
  if (bytes === null) throw new ProtocolError(`Request body larger than ${MAX_INVENTORY_BODY} bytes`, 413);
  return bytes;
}

export async function inventoryResponse(services: Services, request: Request, ip: () => string, requestId: string): Promise<Response> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const zlibAsked = type === ZLIB_TYPE;
  try {
    if (request.method !== 'POST') throw new ProtocolError('Method not allowed: agents POST their requests', 405);
    if (!ACCEPTED_TYPES.has(type)) throw new ProtocolError(`Content type ${type} is not supported: send XML, zlib-compressed (${ZLIB_TYPE}) or not`, 415);
    const length = Number(request.headers.get('content-length') ?? 0);
    if (length > MAX_INVENTORY_BODY) throw new ProtocolError(`Request body larger than ${MAX_INVENTORY_BODY} bytes`, 413);
    const body = await readBytesOrRefuse(request);
    const { reply, compressed } = answerAgent(services, { body, useragent: request.headers.get('user-agent') ?? '', remoteAddr: ip() });
    return replyResponse(reply, compressed);
  } catch (error) {
    if (error instanceof ProtocolError) return replyResponse(REPLY.error(error.message), zlibAsked, error.status);
    logError('inventory', error, requestId);
    return replyResponse(REPLY.error('Internal error'), zlibAsked, 500);
  }
}
