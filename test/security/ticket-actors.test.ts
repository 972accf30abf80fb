/**
 * Issue 25, point 8: whom a session may name as an actor of a ticket (and so have notified), as
 * GLPI 10.0's forms offer them. A self-service user of A names itself or those it is a delegate
 * for as requester, users and watcher groups of A as observers, nobody else; a central profile
 * names users, groups (flagged for the role) and suppliers (assignees only) of the ticket's entity
 * or recursive above it. Refused writes leave nothing behind.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { scenario, type Step } from '../support/scenario';
import { createUser, loginAs } from '../rights/fixture';

const ctx = useServer();
const GLPI = 2;
const SELF_SERVICE = 1, TECHNICIAN = 6;
const REQUESTER = 1, ASSIGNED = 2, OBSERVER = 3;

let A: number, B: number;
let selfA: Client, techA: Client;
const user: Record<string, number> = {};
const group: Record<string, number> = {};
const supplier: Record<string, number> = {};

const refused = (verb: 'ADD' | 'UPDATE', what: string, role: string, why: RegExp | string) => ({
  status: 400,
  error: `ERROR_GLPI_${verb}`,
  message: new RegExp(`^${what} cannot be named ${role} here: ${typeof why === 'string' ? why : why.source}`),
});
const NOT_IN_ENTITY = "the user has no authorization in the item's entity";

/** A new ticket of A with these inputs, as one step. */
const open = (note: string, input: Record<string, unknown>, outcome: Partial<Step>): Step => ({
  request: 'POST Ticket/',
  note,
  body: { input: { name: `actors: ${note}`, content: 'x', entities_id: A, ...input } },
  status: 201,
  ...outcome,
});

/** The names of the tickets of this test that exist, as glpi sees them. */
async function ticketNames(): Promise<string[]> {
  const res = await ctx.api.get('Ticket/', { query: 'searchText[name]=^actors: &range=0-999' });
  return (res.body as { name: string }[]).map((t) => t.name).sort();
}

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: 'A', entities_id: 0 });
  B = await ctx.api.create('Entity', { name: 'B', entities_id: 0 });
  user.selfA = await createUser(ctx.api, 'self_a', SELF_SERVICE, A, true);
  user.colleague = await createUser(ctx.api, 'colleague_a', SELF_SERVICE, A, false);
  user.stranger = await createUser(ctx.api, 'stranger_a', SELF_SERVICE, A, false);
  user.techA = await createUser(ctx.api, 'tech_a', TECHNICIAN, A, true);
  user.techB = await createUser(ctx.api, 'tech_b', TECHNICIAN, B, true);
  group.delegated = await ctx.api.create('Group', { name: 'team of A', entities_id: A });
  await ctx.api.create('Group_User', { groups_id: group.delegated, users_id: user.selfA, is_userdelegate: 1 });
  await ctx.api.create('Group_User', { groups_id: group.delegated, users_id: user.colleague });
  group.watchA = await ctx.api.create('Group', { name: 'watchers of A', entities_id: A, is_requester: 0, is_assign: 0 });
  group.inB = await ctx.api.create('Group', { name: 'group of B', entities_id: B });
  group.rootWide = await ctx.api.create('Group', { name: 'root group', entities_id: 0, is_recursive: 1 });
  supplier.inA = await ctx.api.create('Supplier', { name: 'supplier of A', entities_id: A });
  supplier.inB = await ctx.api.create('Supplier', { name: 'supplier of B', entities_id: B });
  selfA = await loginAs(ctx.server.api, 'self_a');
  techA = await loginAs(ctx.server.api, 'tech_a');
});

describe('a self-service user of A', () => {
  test('names as requester only itself or someone it is a delegate for; as observers only users and watcher groups of A', async () => {
    await scenario(selfA, [
      open('glpi as requester', { _users_id_requester: GLPI }, refused('ADD', `User ${GLPI}`, 'requester', 'a self-service profile names as requester only itself')),
      open('a stranger of A as requester', { _users_id_requester: user.stranger }, refused('ADD', `User ${user.stranger}`, 'requester', 'a self-service profile')),
      open('a technician of B as observer', { _users_id_observer: user.techB }, refused('ADD', `User ${user.techB}`, 'observer', NOT_IN_ENTITY)),
      open('the same through _actors', { _actors: { observer: [{ itemtype: 'User', items_id: user.techB }] } }, refused('ADD', `User ${user.techB}`, 'observer', NOT_IN_ENTITY)),
      open('a technician as assignee', { _users_id_assign: user.techA }, refused('ADD', `User ${user.techA}`, 'assignee', 'a self-service profile assigns nobody')),
      open('a requester group', { _groups_id_requester: group.delegated }, refused('ADD', `Group ${group.delegated}`, 'requester', 'a self-service profile names groups as observers only')),
      open('a group of B as observer', { _groups_id_observer: group.inB }, refused('ADD', `Group ${group.inB}`, 'observer', "the group is not of the item's entity")),
      open('a supplier', { _suppliers_id_assign: supplier.inA }, refused('ADD', `Supplier ${supplier.inA}`, 'assignee', 'a self-service profile names no supplier')),
      open('for itself, watched by a colleague and a watcher group', { _users_id_requester: user.selfA, _users_id_observer: user.stranger, _groups_id_observer: group.watchA }, {}),
      open('for a colleague it is a delegate for', { _users_id_requester: user.colleague }, {}),
      // glpi's authorization on the root entity is given with its sub-entities: glpi is a user of A.
      open('glpi as observer', { _users_id_observer: GLPI }, {}),
    ]);
    expect(await ticketNames()).toEqual(['actors: for a colleague it is a delegate for', 'actors: for itself, watched by a colleague and a watcher group', 'actors: glpi as observer']);
  });

  test('adds no observer from B to its own ticket afterwards, through the ticket or its actor rows', async () => {
    const ticket = await selfA.create('Ticket', { name: 'own ticket', content: 'x', entities_id: A, _users_id_requester: user.selfA });
    await scenario(selfA, [
      { request: `PUT Ticket/${ticket}`, body: { input: { _users_id_observer: user.techB } }, ...refused('UPDATE', `User ${user.techB}`, 'observer', NOT_IN_ENTITY) },
      { request: `POST Ticket/${ticket}/Ticket_User/`, body: { input: { users_id: user.techB, type: OBSERVER } }, ...refused('ADD', `User ${user.techB}`, 'observer', NOT_IN_ENTITY) },
      { request: `POST Ticket/${ticket}/Ticket_User/`, body: { input: { users_id: user.stranger, type: OBSERVER } }, status: 201 },
    ]);
    const actors = (await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body.map((r: { users_id: number; type: number }) => [r.users_id, r.type]);
    expect(actors.sort()).toEqual([[user.selfA, REQUESTER], [user.stranger, OBSERVER]].sort());
  });
});

describe('a technician of A', () => {
  test('names users, flagged groups and suppliers of A (or recursive above it), suppliers as assignees only', async () => {
    await scenario(techA, [
      open('a technician of B as requester', { _users_id_requester: user.techB }, refused('ADD', `User ${user.techB}`, 'requester', NOT_IN_ENTITY)),
      open('a technician of B as assignee', { _users_id_assign: user.techB }, refused('ADD', `User ${user.techB}`, 'assignee', NOT_IN_ENTITY)),
      open('a group of B as assignee', { _groups_id_assign: group.inB }, refused('ADD', `Group ${group.inB}`, 'assignee', "the group is not of the item's entity, or not one for assignees \\(is_assign\\)")),
      open('a watcher-only group as requester', { _groups_id_requester: group.watchA }, refused('ADD', `Group ${group.watchA}`, 'requester', 'the group is not .*\\(is_requester\\)')),
      open('a supplier of B', { _suppliers_id_assign: supplier.inB }, refused('ADD', `Supplier ${supplier.inB}`, 'assignee', "the supplier is not of the item's entity")),
      open('a supplier as observer', { _actors: { observer: [{ itemtype: 'Supplier', items_id: supplier.inA }] } }, refused('ADD', `Supplier ${supplier.inA}`, 'observer', 'suppliers are assignees only')),
      open('users, groups and a supplier of A', {
        _users_id_requester: user.stranger,
        _users_id_observer: GLPI,
        _users_id_assign: user.techA,
        _groups_id_assign: group.rootWide,
        _groups_id_observer: group.watchA,
        _suppliers_id_assign: supplier.inA,
      }, {}),
    ]);
    const names = await ticketNames();
    expect(names.filter((n) => !n.includes('glpi as observer') && !n.includes('colleague') && !n.includes('for itself'))).toEqual(['actors: users, groups and a supplier of A']);
  });

  test('moves no actor row onto a user of B', async () => {
    const ticket = await techA.create('Ticket', { name: 'row moves', content: 'x', entities_id: A, _users_id_observer: user.stranger });
    const [row] = (await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body.filter((r: { type: number }) => r.type === OBSERVER);
    await scenario(techA, [
      { request: `PUT Ticket_User/${row.id}`, body: { input: { users_id: user.techB } }, ...refused('UPDATE', `User ${user.techB}`, 'observer', NOT_IN_ENTITY) },
      { request: `PUT Ticket_User/${row.id}`, body: { input: { type: ASSIGNED } }, status: 200 },
    ]);
    expect((await ctx.api.get(`Ticket_User/${row.id}`)).body).toMatchObject({ users_id: user.stranger, type: ASSIGNED });
  });
});
