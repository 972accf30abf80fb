/**
 * The agents' authentication GLPI 10.0.10 offers (inventory setting `auth_required`): none, or
 * HTTP Basic with `basic_auth_login` and `basic_auth_password`. Refused agents get 401 with a
 * Basic challenge (the agents then send their credentials), in GLPI's words.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ProtocolError } from './protocol';

export const BASIC_AUTH = 'basic_auth';

/** Equal without telling how much of it matched (both hashed to one length). */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** The refusal for these Basic credentials (the Authorization header), or null when they are the configured ones. */
export function basicAuthRefusal(settings: Record<string, string>, authorization: string | null): ProtocolError | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match) return new ProtocolError('Authorization header required to send an inventory', 401);
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const login = colon < 0 ? decoded : decoded.slice(0, colon);
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  // Both compared, whatever the first gives: no shortcut to time.
  const loginOk = sameSecret(login, settings.basic_auth_login ?? '');
  const passwordOk = sameSecret(password, settings.basic_auth_password ?? '');
  const configured = (settings.basic_auth_login ?? '') !== '';
  return configured && loginOk && passwordOk ? null : new ProtocolError('Access denied. Wrong login or password for basic authentication.', 401);
}
