/**
 * API tests as tables: each step is a request and what must come of it (status, body, headers,
 * and the history rows it writes). Steps run in order on a real server; a failure names the step.
 */
import { expect, test } from 'bun:test';
import type { ApiResponse, CallOptions, Client } from './client';
import { expectErrorShape } from './errors';
import { rawRequest } from './raw';

export interface Step {
  /** `METHOD path`, e.g. `PUT Computer/12` (the path is relative to /apirest.php). */
  request: string;
  /** Says what the step is about; shown in the test's name and in failures. */
  note?: string;
  /** JSON body; objects are serialised, strings are sent verbatim. */
  body?: unknown;
  /** Raw query string, without '?'. */
  query?: string;
  headers?: Record<string, string>;
  /** Who sends it: another session, or `anonymous` for none (default: the scenario's client). */
  as?: Client | 'anonymous';
  /**
   * Sent byte for byte over a socket, for what fetch refuses or rewrites (a GET with a body,
   * `..` or `%00` in the path, odd verbs); only the given headers (and the session) are sent.
   */
  raw?: boolean;
  status: number;
  /** GLPI's error code: the body is `["CODE", message or details]` in JSON, with nothing internal in it. */
  error?: string;
  /** The error's message, exactly or by pattern. */
  message?: string | RegExp;
  /** What the body must contain (toMatchObject). */
  answer?: unknown;
  /** What the body must be, exactly (toEqual). */
  equals?: unknown;
  /** The body's text, exactly ('' for an empty answer). */
  text?: string;
  /** Ids the answer (a list of rows) must hold, and ids it must not. */
  lists?: number[];
  omits?: number[];
  /** Response headers, exactly; null for a header that must be absent. */
  responseHeaders?: Record<string, string | null>;
  /** The history rows the request writes on this item, oldest first (each matched with toMatchObject). */
  history?: { itemtype: string; id: number; rows: Record<string, unknown>[] };
  /** Anything else the answer must show. */
  check?: (res: ApiResponse) => void;
}

/** `GET Computer/1 → 404 ERROR_ITEM_NOT_FOUND`: a step's one-line name. */
export function stepName(step: Step): string {
  const who = step.as === 'anonymous' ? ' (no session)' : '';
  const body = step.note || step.body === undefined ? '' : ` ${typeof step.body === 'string' ? step.body : JSON.stringify(step.body)}`.slice(0, 80);
  return `${step.note ? `${step.note}: ` : ''}${step.request}${step.query ? `?${step.query}` : ''}${body}${who} → ${step.status}${step.error ? ` ${step.error}` : ''}`;
}

/** History rows of an item, straight from the Log collection (works after the item is gone). */
async function logRows(client: Client, itemtype: string, id: number): Promise<Record<string, unknown>[]> {
  const res = await client.get('Log/', { query: `searchText[itemtype]=^${itemtype}$&searchText[items_id]=^${id}$&range=0-9999&sort=id&order=ASC` });
  expect(res.status === 200 || res.status === 206).toBe(true);
  return res.body as Record<string, unknown>[];
}

function send(client: Client, step: Step): Promise<ApiResponse> {
  const [method, path] = step.request.split(' ', 2) as [string, string];
  const sender = step.as === 'anonymous' || step.as === undefined ? client : step.as;
  const anonymous = step.as === 'anonymous';
  if (!step.raw) {
    const opts: CallOptions = { body: step.body, query: step.query, headers: step.headers, anonymous };
    return sender.call(method, path, opts);
  }
  const api = new URL(sender.api);
  const headers = { ...(anonymous || !sender.token ? {} : { 'Session-Token': sender.token }), ...step.headers };
  const body = step.body === undefined || typeof step.body === 'string' ? step.body : JSON.stringify(step.body);
  return rawRequest(api.origin, { method, target: `${api.pathname}/${path}${step.query ? `?${step.query}` : ''}`, headers, body });
}

function check(step: Step, res: ApiResponse): void {
  if (step.error) {
    expectErrorShape(res, step.status, step.error);
    // A message, unless the answer details each element of a bulk write.
    if (step.equals === undefined) expect(typeof res.body[1]).toBe('string');
    if (typeof step.message === 'string') expect(res.body[1]).toBe(step.message);
    else if (step.message) expect(res.body[1]).toMatch(step.message);
  } else expect(res.status).toBe(step.status);
  if (step.answer !== undefined) expect(res.body).toMatchObject(step.answer as object);
  if (step.equals !== undefined) expect(res.body).toEqual(step.equals);
  if (step.text !== undefined) expect(res.text).toBe(step.text);
  if (step.lists || step.omits) {
    const ids = (res.body as { id: number }[]).map((row) => row.id);
    expect({ missing: (step.lists ?? []).filter((id) => !ids.includes(id)), unwanted: ids.filter((id) => step.omits?.includes(id)) }).toEqual({ missing: [], unwanted: [] });
  }
  for (const [name, value] of Object.entries(step.responseHeaders ?? {})) expect(res.headers.get(name), name).toBe(value);
  step.check?.(res);
}

/** Runs the steps in order with `client`'s session. */
export async function scenario(client: Client, steps: Step[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    const before = step.history ? new Set((await logRows(client, step.history.itemtype, step.history.id)).map((r) => r.id)) : null;
    const res = await send(client, step);
    try {
      check(step, res);
      if (step.history && before) {
        const added = (await logRows(client, step.history.itemtype, step.history.id)).filter((r) => !before.has(r.id));
        expect(added).toMatchObject(step.history.rows);
      }
    } catch (error) {
      throw new Error(`step ${index + 1} (${stepName(step)}): ${error instanceof Error ? error.message : String(error)}\nanswer: ${res.status} ${res.text.slice(0, 500)}`);
    }
  }
}

/**
 * A table of independent requests: one test per step, named after it. `client` is read when the
 * test runs, so it may be set up in beforeAll.
 */
export function scenarioTests(client: () => Client, steps: Step[]): void {
  for (const step of steps) test(stepName(step), () => scenario(client(), [step]));
}
