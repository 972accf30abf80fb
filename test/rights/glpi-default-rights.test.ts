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

  test("GLPI 10.0.19's install values of the rights Deskbase once set otherwise, for every default profile", async () => {
    const names = ['budget', 'cable_management', 'domain', 'internet', 'inventory', 'queuednotification', 'reminder_public', 'reservation', 'rssfeed_public', 'rule_asset', 'typedoc', 'unmanaged'];
    const valuesOf = async (profile: number) => {
      const rows = (await ctx.api.get(`Profile/${profile}/ProfileRight`, { query: 'range=0-999' })).body as { name: string; rights: number }[];
      return names.map((name) => rows.find((r) => r.name === name)?.rights);
    };
    const byProfile = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(valuesOf));
    // Columns: Self-Service, Observer, Admin, Super-Admin, Hotliner, Technician, Supervisor, Read-Only.
    const columns = names.map((_, i) => byProfile.map((values) => values[i]));
    expect(Object.fromEntries(names.map((name, i) => [name, columns[i]]))).toEqual({
      budget: [0, 33, 127, 127, 0, 96, 96, 33],
      cable_management: [0, 0, 31, 31, 0, 0, 31, 1],
      domain: [0, 0, 31, 31, 0, 0, 31, 1],
      internet: [0, 1, 31, 159, 0, 31, 31, 1],
      inventory: [0, 0, 3073, 3073, 0, 0, 0, 0],
      queuednotification: [0, 0, 0, 31, 0, 0, 0, 1],
      reminder_public: [1, 129, 151, 159, 128, 151, 151, 1],
      reservation: [1024, 1025, 1055, 1055, 0, 1055, 1055, 129],
      rssfeed_public: [1, 129, 151, 159, 128, 151, 151, 129],
      rule_asset: [0, 0, 0, 1047, 0, 0, 0, 0],
      typedoc: [0, 1, 23, 23, 0, 0, 0, 1],
      unmanaged: [0, 0, 0, 27, 0, 0, 0, 0],
    });
    // Unmanaged devices come from the inventory: even the Super-Admin has no CREATE on them.
    expect((await ctx.api.post('Unmanaged/', { input: { name: unique('um') } })).status).toBe(403);
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
