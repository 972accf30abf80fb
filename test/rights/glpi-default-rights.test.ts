/** The default profiles carry GLPI 10's install rights on the further families, and the API follows them. */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { createUser, loginAs, unique } from './fixture';

const ctx = useServer();

async function userWith(profile: number) {
  const name = unique(`p${profile}`);
  await createUser(ctx.api, name, profile, 0);
  return loginAs(ctx.server.api, name);
}

describe("GLPI 10's default rights", () => {
  test('Technician: no domains, cables read-less; data centre and appliances in full', async () => {
    const tech = await userWith(6);
    expect((await tech.get('Domain/')).status).toBe(403);
    expect((await tech.get('Cable/')).status).toBe(403);
    expect((await tech.post('Appliance/', { input: { name: unique('app') } })).status).toBe(201);
    expect((await tech.post('Rack/', { input: { name: unique('rack') } })).status).toBe(201);
  });

  test('Supervisor manages domains; Read-Only reads them and changes nothing', async () => {
    const supervisor = await userWith(7);
    const created = await supervisor.post('Domain/', { input: { name: `${unique('d')}.example` } });
    expect(created.status).toBe(201);
    const readOnly = await userWith(8);
    expect((await readOnly.get(`Domain/${created.body.id}`)).status).toBe(200);
    expect((await readOnly.put(`Domain/${created.body.id}`, { input: { comment: 'no' } })).status).toBe(403);
  });

  test("recurrent changes have GLPI 10.0's own right: the Super-Admin's in full; a Technician reads recurrent tickets, not them", async () => {
    const recurrent = await ctx.api.create('RecurrentChange', { name: unique('patches') });
    const tech = await userWith(6);
    expect((await tech.get('TicketRecurrent/')).status).toBe(200);
    expect((await tech.get(`RecurrentChange/${recurrent}`)).status).toBe(403);
    const rights = (await ctx.api.get('Profile/4/ProfileRight', { query: 'range=0-999' })).body as { name: string; rights: number }[];
    expect(rights.find((r) => r.name === 'recurrentchange')?.rights).toBe(31);
  });

  test('Change approvals: Hotliner asks (CREATE), the Supervisor asked answers (VALIDATE), Read-Only has no access', async () => {
    const change = await ctx.api.create('Change', { name: unique('chg'), content: 'c' });
    const supervisorName = unique('p7');
    const supervisorId = await createUser(ctx.api, supervisorName, 7, 0);
    const hotliner = await userWith(5);
    const asked = await hotliner.post('ChangeValidation/', { input: { changes_id: change, users_id_validate: supervisorId, comment_submission: 'ok?' } });
    expect(asked.status).toBe(201);
    const readOnly = await userWith(8);
    expect((await readOnly.get(`ChangeValidation/${asked.body.id}`)).status).toBe(403);
    const supervisor = await loginAs(ctx.server.api, supervisorName);
    expect((await supervisor.put(`ChangeValidation/${asked.body.id}`, { input: { status: 3 } })).status).toBe(200);
  });
});
