/**
 * API tests as tables: each step is a request and what must come of it (status, body, headers,
 * and the history rows it writes). Steps run in order on a real server; a failure names the step.
 */
import { expect } from 'bun:test';
import type { ApiResponse, CallOptions, Client } from './client';

export interface Step {
  /** `METHOD path`, e.g. `PUT Computer/12` (the path is relative to /apirest.php). */
  request: string;
  /** JSON body; objects are serialised. */
  body?: unknown;
  /** Raw query string, without '?'. */
  query?: string;
  headers?: Record<string, string>;
  /** Who sends it: another session, or `anonymous` for none (default: the scenario's client). */
  as?: Client | 'anonymous';
  status: number;
  /** GLPI's error code: the body is `["CODE", "message"]`. */
  error?: string;
  /** What the body must contain (toMatchObject). */
  answer?: unknown;
  /** Response headers, exactly; null for a header that must be absent. */
  responseHeaders?: Record<string, string | null>;
  /** The history rows the request writes on this item, oldest first (each matched with toMatchObject). */
  history?: { itemtype: string; id: number; rows: Record<string, unknown>[] };
}

/** History rows of an item, straight from the Log collection (works after the item is gone). */
async function logRows(client: Client, itemtype: string, id: number): Promise<Record<string, unknown>[]> {
  const res = await client.get('Log/', { query: `searchText[itemtype]=^${itemtype}$&searchText[items_id]=^${id}$&range=0-9999&sort=id&order=ASC` });
  expect(res.status === 200 || res.status === 206).toBe(true);
  return res.body as Record<string, unknown>[];
}

function check(step: Step, res: ApiResponse): void {
  if (step.error) expect({ status: res.status, code: Array.isArray(res.body) ? res.body[0] : res.text }).toEqual({ status: step.status, code: step.error });
  else expect(res.status).toBe(step.status);
  if (step.answer !== undefined) expect(res.body).toMatchObject(step.answer as object);
  for (const [name, value] of Object.entries(step.responseHeaders ?? {})) expect(res.headers.get(name), name).toBe(value);
}

/** Runs the steps in order with `client`'s session. */
export async function scenario(client: Client, steps: Step[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    const [method, path] = step.request.split(' ', 2) as [string, string];
    const sender = step.as === 'anonymous' || step.as === undefined ? client : step.as;
    const opts: CallOptions = { body: step.body, query: step.query, headers: step.headers, anonymous: step.as === 'anonymous' };
    const before = step.history ? new Set((await logRows(client, step.history.itemtype, step.history.id)).map((r) => r.id)) : null;
    const res = await sender.call(method, path, opts);
    try {
      check(step, res);
      if (step.history && before) {
        const added = (await logRows(client, step.history.itemtype, step.history.id)).filter((r) => !before.has(r.id));
        expect(added).toMatchObject(step.history.rows);
      }
    } catch (error) {
      throw new Error(`step ${index + 1} (${step.request}): ${error instanceof Error ? error.message : String(error)}\nanswer: ${res.status} ${res.text.slice(0, 500)}`);
    }
  }
}
