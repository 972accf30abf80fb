import { Database } from 'bun:sqlite';
import { expect } from 'bun:test';
import { join } from 'node:path';
import { itemtypeOrThrow, type Itemtype } from '../../server/registry';
import type { ApiResponse, Client } from '../support/client';
import type { TestServer } from '../support/server';

let counter = 0;

/** A name no other test run or test in this process uses. */
export function uniq(prefix = 'x'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

/** Which item a polymorphic row of `type` hangs off in the fixtures (Computer when it may). */
export function polyTarget(type: Itemtype): string {
  const prefs = ['Computer', 'Ticket', 'NetworkPort', 'NetworkName', 'Monitor'];
  return prefs.find((p) => type.polyTargets.includes(p)) ?? type.polyTargets[0]!;
}

/** Extra fields some itemtypes need to be valid, beyond names and owners. */
const SPECIAL: Record<string, () => Record<string, unknown>> = {
  ITILFollowup: () => ({ content: 'a followup' }),
  ITILSolution: () => ({ content: 'a solution' }),
  TicketTask: () => ({ content: 'a task' }),
  TicketValidation: () => ({ users_id_validate: 2 }),
  ChangeValidation: () => ({ users_id_validate: 2 }),
  Notepad: () => ({ content: 'a note' }),
  Config: () => ({ context: 'deskbase-tests', value: '1' }),
  DisplayPreference: () => ({ itemtype: 'Computer', num: 100_000 + counter, rank: 1, users_id: 2 }),
  Ticket_User: () => ({ users_id: 2, type: 1 }),
  ProfileRight: () => ({ rights: 0 }),
  UserEmail: () => ({ email: `user${++counter}@example.org` }),
  // The install's one agent type (Core).
  Agent: () => ({ agenttypes_id: 1 }),
  // A reservation is a time span (each fixture books its own reservable item).
  Reservation: () => ({ begin: '2026-01-05 09:00:00', end: '2026-01-05 10:00:00' }),
  // A ticket rule that never matches an ordinary ticket.
  Rule: () => ({ sub_type: 'RuleTicket', match: 'AND', condition: 1 }),
  RuleCriteria: () => ({ criteria: 'name', condition: 0, pattern: `no ticket is named ${++counter}` }),
  SlaLevelCriteria: () => ({ criteria: 'name', condition: 0, pattern: `no ticket is named ${++counter}` }),
  OlaLevelCriteria: () => ({ criteria: 'name', condition: 0, pattern: `no ticket is named ${++counter}` }),
  RuleAction: () => ({ action_type: 'assign', field: 'urgency', value: '5' }),
  // A mailbox in GLPI's host form; never collected (no server listens there).
  MailCollector: () => ({ host: '{imap.example.org:993/imap/ssl}INBOX', is_active: 0 }),
  // A webhook that never fires (inactive) to a receiver outside this machine.
  Webhook: () => ({ url: 'https://hooks.example.org/deskbase', http_method: 'POST', itemtype: 'Ticket', event: 'new', is_active: 0 }),
};

/** Values for the mandatory fields (declared, or NOT NULL without a default) the input lacks. */
function required(type: Itemtype, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const mandatory = new Set([...type.required, ...type.columns.filter((c) => !c.nullable && c.default === null && !c.autoIncrement && c.kind !== 'text').map((c) => c.name)]);
  for (const name of mandatory) {
    const col = type.column.get(name);
    if (!col || name in input) continue;
    if (name === 'itemtype') out[name] = 'Computer';
    else if (col.kind === 'string') out[name] = uniq('v').replace(/\D/g, '').slice(-(col.size ?? 255));
    else out[name] = ++counter;
  }
  return out;
}

/** Builds minimal valid inputs from the registry, creating the parents each type needs. */
export class Fixtures {
  constructor(readonly api: Client) {}

  async input(typeName: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const type = itemtypeOrThrow(typeName);
    const input: Record<string, unknown> = {};
    const writable = (c: string) => type.column.has(c) && !type.computed.includes(c);
    if (writable('name')) input.name = uniq(typeName === 'User' ? 'user' : typeName);
    else if (writable('designation')) input.designation = uniq(typeName);
    for (const owner of type.owners) {
      if ('fk' in owner && !(owner.fk in extra)) input[owner.fk] = await this.make(owner.itemtype);
    }
    // An owning item, or the item the row merely names (a consumable's user, an agent's computer).
    if (type.polymorphic && type.polyTargets.length && !('itemtype' in extra)) {
      const target = polyTarget(type);
      input.itemtype = target;
      input.items_id = await this.make(target);
    }
    Object.assign(input, SPECIAL[typeName]?.() ?? {}, extra);
    Object.assign(input, required(type, input));
    return input;
  }

  /** Creates one item of the type (and its parents); returns its id. */
  async make(typeName: string, extra: Record<string, unknown> = {}): Promise<number> {
    return this.api.create(typeName, await this.input(typeName, extra));
  }
}

/**
 * An inventory agent written straight into the database, as a GLPI import leaves one: GLPI 10.0
 * gives no profile the CREATE bit of the `agent` right (agents come from inventories).
 */
export function plantAgent(server: TestServer, fields: Record<string, string | number>): number {
  const row: Record<string, string | number> = { deviceid: uniq('device'), agenttypes_id: 1, entities_id: 0, ...fields };
  const names = Object.keys(row);
  const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
  try {
    const inserted = db.query(`INSERT INTO glpi_agents (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) RETURNING id`).get(...Object.values(row)) as { id: number };
    return inserted.id;
  } finally {
    db.close();
  }
}

/** Asserts an error answer `[code, message]` with its status. */
export function expectError(res: ApiResponse, status: number, code: string, message?: string | RegExp): void {
  expect({ status: res.status, code: Array.isArray(res.body) ? res.body[0] : res.text }).toEqual({ status, code });
  if (typeof message === 'string') expect(res.body[1]).toBe(message);
  else if (message) expect(String(res.body[1])).toMatch(message);
}

/** The history rows of an item, oldest first. */
export async function logsOf(api: Client, itemtype: string, id: number): Promise<any[]> {
  const res = await api.get(`${itemtype}/${id}/Log`, { query: 'range=0-999&sort=id&order=ASC' });
  expect(res.status === 200 || res.status === 206).toBe(true);
  return res.body as any[];
}

export const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
