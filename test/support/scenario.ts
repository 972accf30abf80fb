/**
 * API tests as tables: each step is a request and what must come of it (status, body, headers,
 * and the history rows it writes). Steps run in order on a real server; a failure names the step.
 *
 * Chained ids: a step may `capture` values from its answer under names, e.g.
 * `capture: { ticket: (body) => body.id }`, and the steps after it use them as `${ticket}`
 * placeholders in request, query, headers, body and expectations (answer, equals, text, message,
 * lists, omits, responseHeaders, history). A string that is exactly one placeholder becomes the
 * captured value itself (a number stays a number); inside a longer string it is written in.
 * A placeholder nothing captured yet fails the step. `scenario()` returns what was captured, and
 * takes it back (`from`) to carry on after something no request does, such as a moved clock; each
 * step of `scenarioTests()` is a test of its own, so nothing is captured across them.
 * `creates()` (an add that captures the new id), `updates()` and `holds()` write the common steps.
 */
import { expect, test } from 'bun:test';
import type { ApiResponse, CallOptions, Client } from './client';
import { expectErrorShape } from './errors';
import { rawRequest } from './raw';
import { upload, type FilePart } from './upload';

/** `${name}`: a value an earlier step captured. */
export type Placeholder = `\${${string}}`;
/** What the steps captured so far, by name. */
export type Captured = Record<string, unknown>;

export interface Step {
  /** `METHOD path`, e.g. `PUT Computer/12` (the path is relative to /apirest.php). */
  request: string;
  /** Says what the step is about; shown in the test's name and in failures. */
  note?: string;
  /** JSON body; objects are serialised, strings are sent verbatim. With `files`, the upload manifest. */
  body?: unknown;
  /** Sent as a multipart upload: `body` as `uploadManifest`, then these file parts. */
  files?: FilePart[];
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
  lists?: (number | Placeholder)[];
  omits?: (number | Placeholder)[];
  /** Response headers, exactly; null for a header that must be absent. */
  responseHeaders?: Record<string, string | null>;
  /** The history rows the request writes on this item, oldest first (each matched with toMatchObject). */
  history?: { itemtype: string; id: number | Placeholder; rows: Record<string, unknown>[] };
  /** Anything else the answer must show; `captured` holds what the steps captured so far. */
  check?: (res: ApiResponse, captured: Captured) => void;
  /** Values of the answer to keep for the steps after this one (see the header); `captured` as in `check`. */
  capture?: Record<string, (body: any, res: ApiResponse, captured: Captured) => unknown>;
}

const PLACEHOLDER = /\$\{(\w+)\}/g;

/** `value` with its placeholders replaced by what was captured (objects and arrays walked, other values kept). */
export function fill(value: unknown, captured: Captured): unknown {
  const valueOf = (name: string) => {
    if (!(name in captured)) throw new Error(`\${${name}} was not captured by an earlier step`);
    return captured[name];
  };
  if (typeof value === 'string') {
    const whole = /^\$\{(\w+)\}$/.exec(value);
    return whole ? valueOf(whole[1]!) : value.replace(PLACEHOLDER, (_, name: string) => String(valueOf(name)));
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, captured));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, captured)]));
  return value;
}

const FILLED = ['request', 'query', 'headers', 'body', 'message', 'answer', 'equals', 'text', 'lists', 'omits', 'responseHeaders', 'history'] as const;

/** The step as sent and checked: its placeholders filled. */
function resolve(step: Step, captured: Captured): Step {
  const out: Record<string, unknown> = { ...step };
  for (const key of FILLED) if (step[key] !== undefined) out[key] = fill(step[key], captured);
  return out as unknown as Step;
}

/** `POST itemtype/` that must create one item, its id captured as `name`. */
export function creates(name: string, itemtype: string, input: Record<string, unknown>, as?: Step['as']): Step {
  return { request: `POST ${itemtype}/`, body: { input }, status: 201, capture: { [name]: (body: { id: number }) => body.id }, ...(as ? { as } : {}) };
}

/** `PUT path` of `input` that must succeed. */
export const updates = (path: string, input: Record<string, unknown>): Step => ({ request: `PUT ${path}`, body: { input }, status: 200 });

/** `GET path` whose answer must hold `answer` (toMatchObject), and pass `check` if given. */
export const holds = (path: string, answer: Record<string, unknown>, check?: Step['check']): Step => ({ request: `GET ${path}`, status: 200, answer, ...(check ? { check } : {}) });

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
  if (step.files) return upload(sender, step.query ? `${path}?${step.query}` : path, step.body, step.files, method, anonymous);
  if (!step.raw) {
    const opts: CallOptions = { body: step.body, query: step.query, headers: step.headers, anonymous };
    return sender.call(method, path, opts);
  }
  const api = new URL(sender.api);
  const headers = { ...(anonymous || !sender.token ? {} : { 'Session-Token': sender.token }), ...step.headers };
  const body = step.body === undefined || typeof step.body === 'string' ? step.body : JSON.stringify(step.body);
  return rawRequest(api.origin, { method, target: `${api.pathname}/${path}${step.query ? `?${step.query}` : ''}`, headers, body });
}

function check(step: Step, res: ApiResponse, captured: Captured): void {
  if (step.error) {
    expectErrorShape(res, step.status, step.error);
    // A message, unless the answer details each element of a bulk write.
    if (step.equals === undefined) expect(typeof res.body[1]).toBe('string');
    if (typeof step.message === 'string') expect(res.body[1]).toBe(step.message);
    else if (step.message) expect(res.body[1]).toMatch(step.message);
  } else expect(res.status).toBe(step.status);
  // On copies: Bun's matchers write an asymmetric matcher (expect.any…) over the value it matched,
  // and `check` and `capture` read the body after them.
  if (step.answer !== undefined) expect(structuredClone(res.body)).toMatchObject(step.answer as object);
  if (step.equals !== undefined) expect(structuredClone(res.body)).toEqual(step.equals);
  if (step.text !== undefined) expect(res.text).toBe(step.text);
  if (step.lists || step.omits) {
    // resolve() has filled the placeholders: the lists hold ids by now.
    const [lists, omits] = [(step.lists ?? []) as unknown[], (step.omits ?? []) as unknown[]];
    const ids: unknown[] = (res.body as { id: number }[]).map((row) => row.id);
    expect({ missing: lists.filter((id) => !ids.includes(id)), unwanted: ids.filter((id) => omits.includes(id)) }).toEqual({ missing: [], unwanted: [] });
  }
  for (const [name, value] of Object.entries(step.responseHeaders ?? {})) expect(res.headers.get(name), name).toBe(value);
  step.check?.(res, captured);
}

/**
 * Runs the steps in order with `client`'s session; returns what they captured. `from` carries on
 * what an earlier table captured, for a table cut in two by something no request does (a clock moved).
 */
export async function scenario(client: Client, steps: Step[], from: Captured = {}): Promise<Captured> {
  const captured: Captured = { ...from };
  for (const [index, given] of steps.entries()) {
    let step = given;
    let res: ApiResponse | undefined;
    try {
      step = resolve(given, captured);
      const history = step.history as { itemtype: string; id: number; rows: Record<string, unknown>[] } | undefined;
      const before = history ? new Set((await logRows(client, history.itemtype, history.id)).map((r) => r.id)) : null;
      res = await send(client, step);
      check(step, res, captured);
      if (history && before) {
        const added = (await logRows(client, history.itemtype, history.id)).filter((r) => !before.has(r.id));
        expect(added).toMatchObject(history.rows);
      }
      for (const [name, pick] of Object.entries(step.capture ?? {})) captured[name] = pick(res.body, res, captured);
    } catch (error) {
      const answer = res ? `\nanswer: ${res.status} ${res.text.slice(0, 500)}` : '';
      throw new Error(`step ${index + 1} (${stepName(step)}): ${error instanceof Error ? error.message : String(error)}${answer}`);
    }
  }
  return captured;
}

/**
 * A table of independent requests: one test per step, named after it. `client` is read when the
 * test runs, so it may be set up in beforeAll.
 */
export function scenarioTests(client: () => Client, steps: Step[]): void {
  for (const step of steps) test(stepName(step), () => scenario(client(), [step]));
}
