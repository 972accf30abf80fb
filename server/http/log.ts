/**
 * The server's logs. `text` (the default) prints errors as `[deskbase] …` lines and no access
 * log; `json` (`--log-format json`) prints one JSON object per line: an access line per request
 * on stdout, errors on stderr, each with the request id that the response carries in X-Request-Id.
 */
export type LogFormat = 'text' | 'json';

let format: LogFormat = 'text';

export function setLogFormat(value: LogFormat): void {
  format = value;
}

export interface AccessEntry {
  request_id: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  ip: string;
  bytes_in: number;
}

/** Whether access lines are written (callers skip building the entry otherwise). */
export const accessLogged = (): boolean => format === 'json';

export function logAccess(entry: AccessEntry): void {
  if (format === 'json') process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', type: 'access', ...entry })}\n`);
}

/** An unexpected failure: the whole error (stack included) goes to the log, never to the client. */
export function logError(what: string, error: unknown, requestId?: string): void {
  if (format === 'text') {
    console.error(`[deskbase] ${what}:`, error);
    return;
  }
  const detail = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', type: 'error', request_id: requestId, message: what, ...detail })}\n`);
}

const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's X-Request-Id when it is a plain token (a proxy's id links both logs), else a new one. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get('x-request-id');
  return given && CLIENT_ID.test(given) ? given : crypto.randomUUID();
}

/** A life-cycle line (listening, stopping…): `[deskbase] …` on stdout, or a JSON line. */
export function logEvent(message: string): void {
  if (format === 'text') console.log(`[deskbase] ${message}`);
  else process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', type: 'event', message })}\n`);
}
