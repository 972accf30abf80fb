/**
 * Where agents post (GLPI's /front/inventory.php, and its root page, which hands any non-empty
 * POST to the inventory): the body is read under a limit and answered by the inventory module;
 * an unexpected failure is logged and answered as the protocol's error.
 */
import type { Services } from '../auth/services';
import { answerAgent, refuseAgent } from '../inventory/endpoint';
import { MAX_INVENTORY_BODY, REPLY, xmlResponse } from '../inventory/protocol';
import { readBytesLimited } from './body';
import { logError } from './log';

export async function inventoryResponse(services: Services, request: Request, ip: () => string, requestId: string): Promise<Response> {
  try {
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const refusal = refuseAgent(services, { type, glpiAgent: request.headers.has('glpi-agent-id'), authorization: request.headers.get('authorization') });
    if (refusal) return refusal;
    const declared = Number(request.headers.get('content-length') ?? 0);
    const body = request.method !== 'POST' || declared > MAX_INVENTORY_BODY ? null : await readBytesLimited(request, MAX_INVENTORY_BODY);
    return answerAgent(services, {
      method: request.method,
      body: request.method === 'POST' ? body : new Uint8Array(0),
      type,
      glpiAgent: request.headers.has('glpi-agent-id'),
      useragent: request.headers.get('user-agent') ?? '',
      remoteAddr: ip(),
    });
  } catch (error) {
    logError('inventory', error, requestId);
    return xmlResponse(REPLY.error('Internal error'), 'none', 500);
  }
}
