/**
 * LDAP directories in the console (issue 32), in a real browser against a real slapd: the list
 * and the form (the root DN password write-only: never shown, set by typing it), the test
 * connection (bind, base DN, accounts found, a sample of mapped fields), the import lists of
 * users and groups with a filter and a bulk import, and the last synchronisation's report.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { consoleWithSession, ensureConsoleBuilt, hasChromium, launchChromium } from '../support/browser';
import { runCli } from '../support/cli';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { ROOT, Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { until } from '../support/until';
import { FIXTURE, FIXTURE_SCHEMAS, officeDirectory } from '../directory/helpers';

const runnable = hasChromium && slapdMissing === null;

describe.skipIf(!runnable)('LDAP directories in the console', () => {
  const slapd = new Slapd();
  let server: TestServer;
  let api: Client;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let page: Page;
  let id = 0;
  const pageErrors: string[] = [];
  const shot = async (name: string) => {
    if (process.env.CONSOLE_SCREENSHOTS) await page.screenshot({ path: join(process.env.CONSOLE_SCREENSHOTS, `directory-${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    await slapd.start(FIXTURE, { schemas: FIXTURE_SCHEMAS });
    server = await startServer();
    api = await new Client(server.api).login();
    // Written with a wrong root DN password: the form puts the right one.
    id = await api.create(
      'AuthLDAP',
      officeDirectory(slapd, {
        rootdn_passwd: 'not-the-password',
        realname_field: 'sn',
        firstname_field: 'givenName',
        email1_field: 'mail',
        basedn: SUFFIX,
        group_search_type: 1,
        group_condition: '(objectClass=groupOfNames)',
        group_member_field: 'member',
      }),
    );
    browser = await launchChromium();
    // Signed in as the API client's session (the sign-in form is the main console test's).
    page = await consoleWithSession(browser, server.origin, api.token, pageErrors);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await slapd.stop();
  });

  test('the list and the form; the root DN password is never shown and is set by typing it', async () => {
    await page.goto(`${server.origin}/#/AuthLDAP`);
    await page.getByRole('link', { name: 'Office' }).click();
    const form = page.locator('form.item-form');
    // Where groups are found, by GLPI's names of group_search_type.
    const groupSearch = form.locator('select', { has: page.locator('option', { hasText: 'In users and groups' }) });
    expect(await groupSearch.locator('option:checked').textContent()).toBe('In groups');
    const password = form.getByLabel('Root DN password');
    expect(await password.inputValue()).toBe('');
    await password.fill(ROOT.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.notice-success', { hasText: 'Changes saved.' }).waitFor();
    // Sealed, never returned; the password typed works (the test connection below binds with it).
    expect(Object.keys((await api.get(`AuthLDAP/${id}`)).body)).not.toContain('rootdn_passwd');
    expect(await password.inputValue()).toBe('');
    expect(pageErrors).toEqual([]);
  });

  test('test connection: bound, the base DN found, the accounts the filter finds and a sample of mapped fields', async () => {
    await page.goto(`${server.origin}/#/AuthLDAP/${id}?tab=directory`);
    await page.getByRole('region', { name: 'Last synchronisation' }).getByText('Never synchronised').waitFor();
    const panel = page.getByRole('region', { name: 'Connection' });
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.locator('.notice-success', { hasText: 'Connected: 5 accounts found' }).waitFor();
    expect(await panel.locator('dl dd').allTextContents()).toEqual(['Yes', 'Yes', '5']);
    const rows = panel.getByRole('table', { name: 'Sample of mapped fields' }).locator('tbody tr');
    expect(await rows.count()).toBe(5);
    expect(await rows.first().locator('td').allTextContents()).toEqual(['alice', `uid=alice,ou=paris,ou=people,${SUFFIX}`, 'realname: Martin · firstname: Alice · email: alice@example.org']);
    await shot('test-connection');
    expect(pageErrors).toEqual([]);
  });

  test('the import lists: users narrowed by name, checked and imported in bulk; a group imported', async () => {
    await page.goto(`${server.origin}/#/AuthLDAP/${id}?tab=import`);
    const users = page.getByRole('region', { name: 'Users to import' });
    await users.getByText('5 not imported yet').waitFor();
    await users.getByLabel('Name contains').fill('ar');
    await users.getByRole('button', { name: 'Search' }).click();
    await users.getByText('2 not imported yet').waitFor();
    expect(await users.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(['carol', 'paren(thesis)']);
    await users.getByLabel('Select all').check();
    await users.getByRole('button', { name: 'Import the selected (2)' }).click();
    await users.locator('.notice-success', { hasText: '2 imported, 0 already there, 0 not found' }).waitFor();
    await users.getByText('0 not imported yet').waitFor();
    const made = (await api.get('User/', { query: 'range=0-99' })).body as { name: string; authtype: number; auths_id: number }[];
    expect(made.filter((u) => u.auths_id === id).map((u) => [u.name, u.authtype])).toEqual([
      ['carol', 2],
      ['paren(thesis)', 2],
    ]);

    const groups = page.getByRole('region', { name: 'Groups to import' });
    await groups.getByText('2 not imported yet').waitFor();
    await groups.getByLabel('accounting').check();
    await groups.getByRole('button', { name: 'Import the selected (1)' }).click();
    await groups.locator('.notice-success', { hasText: '1 imported, 0 already there, 0 not found' }).waitFor();
    await groups.getByText('1 not imported yet').waitFor();
    const group = ((await api.get('Group/', { query: 'range=0-99' })).body as { name: string; ldap_group_dn: string }[]).find((g) => g.name === 'accounting');
    expect(group?.ldap_group_dn).toBe(`cn=accounting,ou=groups,${SUFFIX}`);
    await shot('import');
    expect(pageErrors).toEqual([]);
  });

  test("the last synchronisation's report; synchronise now", async () => {
    const run = await runCli(['directory', 'sync', '--data', server.dataDir]);
    expect(run.code).toBe(0);
    await page.goto(`${server.origin}/#/AuthLDAP/${id}?tab=directory`);
    const report = page.getByRole('region', { name: 'Last synchronisation' });
    await report.getByText('5 of 5 accounts').waitFor();
    const facts = await report.locator('dd').allTextContents();
    expect([facts[0], facts[1], facts[4], facts[5], facts[6]]).toEqual(['Done', 'deskbase directory sync', '5 of 5 accounts', '2 updated, 0 back, 0 gone, 0 with other groups', 'None']);
    await report.getByRole('button', { name: 'Synchronise now' }).click();
    await report.locator('.notice-success', { hasText: 'Synchronisation started.' }).waitFor();
    // The run goes on in the background; once it is done, Refresh shows its report, started by the signed-in user.
    await until('the run asked for to finish', async () => (await api.get(`AuthLDAP/${id}/sync`)).body as Record<string, unknown>, (r) => r.started_by === 'glpi (2)' && r.status === 'done');
    await report.getByRole('button', { name: 'Refresh' }).click();
    const shown = await until('the refreshed report', () => report.locator('dd').allTextContents(), (f) => f[0] === 'Done' && f[1] === 'glpi (2)');
    expect(shown.slice(4, 7)).toEqual(['5 of 5 accounts', '2 updated, 0 back, 0 gone, 0 with other groups', 'None']);
    await shot('last-sync');
    expect(pageErrors).toEqual([]);
  });
});
