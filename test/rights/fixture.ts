import { expect } from 'bun:test';
import { Client, type ApiResponse } from '../support/client';
import type { Step } from '../support/scenario';
import type { TestServer } from '../support/server';

/**
 * Shared fixture of the rights tests, built through the API as `glpi`:
 * entity tree Root > A > A1 and Root > B, and one user per default profile, each granted
 * that profile on A with its sub-entities (so A and A1 are in reach, B and the root are not).
 */

export const PASSWORD = 'Rights-test-pw-1';
export const RIGHT_MISSING = "You don't have permission to perform this action.";

/** Outcomes of scenario steps: the class right is missing (403), the item is out of reach (404), or the element is refused (400). */
export const DENIED = { status: 403, error: 'ERROR_RIGHT_MISSING' } as const satisfies Partial<Step>;
export const NOT_FOUND = { status: 404, error: 'ERROR_ITEM_NOT_FOUND' } as const satisfies Partial<Step>;
export const refused = (error: 'ERROR_GLPI_ADD' | 'ERROR_GLPI_UPDATE' | 'ERROR_GLPI_DELETE') => ({ status: 400, error, message: RIGHT_MISSING }) satisfies Partial<Step>;

export interface ProfileDef {
  id: number;
  name: string;
  slug: string;
}

/** The eight profiles of a fresh install, with their fixed ids. */
export const PROFILES: ProfileDef[] = [
  { id: 1, name: 'Self-Service', slug: 'selfservice' },
  { id: 2, name: 'Observer', slug: 'observer' },
  { id: 3, name: 'Admin', slug: 'admin' },
  { id: 4, name: 'Super-Admin', slug: 'superadmin' },
  { id: 5, name: 'Hotliner', slug: 'hotliner' },
  { id: 6, name: 'Technician', slug: 'technician' },
  { id: 7, name: 'Supervisor', slug: 'supervisor' },
  { id: 8, name: 'Read-Only', slug: 'readonly' },
];

export interface Base {
  glpi: Client;
  api: string;
  entities: { root: 0; A: number; A1: number; B: number };
  /** profile id -> user id */
  userIds: Record<number, number>;
  /** profile id -> logged-in client (session started on entities A + A1) */
  as: Record<number, Client>;
}

let counter = 0;
/** A name no other test uses. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Logs a user in with the shared test password. */
export async function loginAs(api: string, login: string, password = PASSWORD): Promise<Client> {
  return new Client(api).login(login, password);
}

/** Creates a user holding `profileId` on `entityId` (recursive by default) and returns its id. */
export async function createUser(
  glpi: Client,
  name: string,
  profileId: number,
  entityId: number,
  recursive = true,
  password: string | null = PASSWORD,
): Promise<number> {
  const input: Record<string, unknown> = { name, _profiles_id: profileId, _entities_id: entityId, _is_recursive: recursive ? 1 : 0 };
  if (password !== null) Object.assign(input, { password, password2: password });
  return glpi.create('User', input);
}

export async function buildBase(server: TestServer): Promise<Base> {
  const glpi = await new Client(server.api).login();
  const A = await glpi.create('Entity', { name: 'A', entities_id: 0 });
  const A1 = await glpi.create('Entity', { name: 'A1', entities_id: A });
  const B = await glpi.create('Entity', { name: 'B', entities_id: 0 });
  const userIds: Record<number, number> = {};
  await Promise.all(
    PROFILES.map(async (p) => {
      userIds[p.id] = await createUser(glpi, `user_${p.slug}`, p.id, A, true);
    }),
  );
  const as: Record<number, Client> = {};
  await Promise.all(
    PROFILES.map(async (p) => {
      as[p.id] = await loginAs(server.api, `user_${p.slug}`);
    }),
  );
  return { glpi, api: server.api, entities: { root: 0, A, A1, B }, userIds, as };
}

/** Creates several items in one bulk request and returns their ids, in order. */
export async function bulkCreate(client: Client, itemtype: string, inputs: Record<string, unknown>[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const res = await client.post(`${itemtype}/`, { input: inputs });
  if (res.status !== 201) throw new Error(`bulk create ${itemtype} failed: ${res.status} ${res.text}`);
  return (res.body as { id: number }[]).map((r) => r.id);
}

/** Asserts the GLPI error shape `[code, message]` with its status. */
export function expectError(res: ApiResponse, status: number, code: string, message?: string | RegExp): void {
  expect({ status: res.status, code: Array.isArray(res.body) ? res.body[0] : res.text }).toEqual({ status, code });
  if (message !== undefined) {
    if (typeof message === 'string') expect(res.body[1]).toBe(message);
    else expect(String(res.body[1])).toMatch(message);
  }
}

/** Ids of a collection answer. */
export function idsOf(res: ApiResponse): number[] {
  expect(Array.isArray(res.body)).toBe(true);
  return (res.body as { id: number }[]).map((r) => Number(r.id));
}

/**
 * One Computer per placement the scope tests need: root (plain and recursive), A (plain and
 * recursive), A1 and B. Returns their ids by placement name.
 */
export async function placeComputers(glpi: Client, entities: { A: number; A1: number; B: number }, extra: Record<string, unknown> = {}): Promise<Record<string, number>> {
  const { A, A1, B } = entities;
  const placed: [string, number, number][] = [
    ['root', 0, 0],
    ['rootRec', 0, 1],
    ['A', A, 0],
    ['ARec', A, 1],
    ['A1', A1, 0],
    ['B', B, 0],
  ];
  const ids = await bulkCreate(glpi, 'Computer', placed.map(([name, entities_id, is_recursive]) => ({ name: `pc-${name}`, entities_id, is_recursive, ...extra })));
  return Object.fromEntries(placed.map(([name], i) => [name, ids[i]!]));
}
