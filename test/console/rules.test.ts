/**
 * GLPI's rules in the console (real Chromium against a real server): the Administration menu
 * lists them for a profile holding a rule right, by collection and ranking; a rule opens in the
 * form, and a change saved there is the API's; its criteria and actions are added and removed in a
 * tab of their own (a pattern the server refuses shows why), where the tester tries the
 * collection on an input; a French user reads the rule's labels in French.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type BrowserContext, type Page } from 'playwright-core';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { ensureConsoleBuilt, hasChromium, launchChromium } from '../support/browser';
import { createUser, PASSWORD, unique } from '../rights/fixture';

describe.skipIf(!hasChromium)('rules in the console', () => {
  let server: TestServer;
  let api: Client;
  let context: BrowserContext;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    api = await new Client(server.api).login();
    const browser = await launchChromium();
    context = browser.context;
    closeBrowser = browser.close;
    context.setDefaultTimeout(15_000);
    page = context.pages()[0] ?? (await context.newPage());
  }, 120_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.dispose();
  });

  test("the menu lists the rules; a rule's form saves what changed", async () => {
    await page.goto(`${server.origin}/`);
    await page.getByLabel('Login').fill('glpi');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules', exact: true }).click();
    const list = page.locator('table.list tbody');
    await list.getByText('Ticket location from user', { exact: true }).waitFor();
    expect(await list.getByText('Domain user assignation', { exact: true }).isVisible()).toBe(true);
    await list.getByText('Ticket location from user', { exact: true }).click();
    const form = page.locator('form.item-form');
    await form.getByLabel('Description').fill('Where the requester sits');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Changes saved.').waitFor();
    expect((await api.get('Rule/7')).body).toMatchObject({ name: 'Ticket location from user', description: 'Where the requester sits', sub_type: 'RuleTicket' });
  }, 60_000);

  test("a rule's criteria and actions tab adds them, shows the server's refusal, and tests the collection", async () => {
    const rule = await api.create('Rule', { name: 'Printers first', sub_type: 'RuleTicket', entities_id: 0, is_recursive: 1 });
    await api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'urgency', value: '5' });
    await page.goto(`${server.origin}/#/Rule/${rule}?tab=rule`);
    const add = page.getByRole('form', { name: 'Add a criterion' });
    await add.getByLabel('Field').selectOption({ label: 'Title' });
    await add.getByLabel('Condition').selectOption({ label: 'regular expression matches' });
    await add.getByLabel('Pattern').fill('/printer(/');
    await add.getByRole('button', { name: 'Add the criterion' }).click();
    await page.getByRole('alert').getByText('Field pattern: invalid regular expression at offset 1: missing closing ): printer(').waitFor();
    await add.getByLabel('Pattern').fill('/printer (\\w+)/');
    await add.getByRole('button', { name: 'Add the criterion' }).click();
    await page.getByText('Criterion added.').waitFor();
    expect((await api.get(`Rule/${rule}/RuleCriteria`)).body).toEqual([expect.objectContaining({ criteria: 'name', condition: 6, pattern: '/printer (\\w+)/' })]);
    await page.getByLabel('Input (JSON)').fill('{"name": "the printer jams"}');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    const result = page.locator('.rule-test-result');
    await result.getByText('Printers first').waitFor();
    expect(await result.textContent()).toContain('Printers first: matched');
    expect(await result.locator('pre').textContent()).toBe(JSON.stringify({ urgency: 5 }, null, 2));
  }, 60_000);

  test("a rule built entirely with the pickers: the collection's fields, the conditions valid for each, dropdowns of the linked rows and fixed lists", async () => {
    const printers = await api.create('Group', { name: 'Printer team', entities_id: 0, is_recursive: 1 });
    const hardware = await api.create('ITILCategory', { name: 'Hardware picked', entities_id: 0, is_recursive: 1 });
    const rule = await api.create('Rule', { name: 'Picked', sub_type: 'RuleTicket', entities_id: 0, is_recursive: 1 });
    await page.goto(`${server.origin}/#/Rule/${rule}?tab=rule`);
    const criterion = page.getByRole('form', { name: 'Add a criterion' });
    // A group criterion: "is" compares the group, picked among the Group rows.
    await criterion.getByLabel('Field').selectOption({ label: 'Requester in group' });
    await criterion.getByLabel('Condition').selectOption({ label: 'is' });
    await criterion.getByLabel('Pattern').fill('Printer t');
    await page.getByRole('option', { name: 'Printer team' }).click();
    await criterion.getByRole('button', { name: 'Add the criterion' }).click();
    await page.getByText('Criterion added.').waitFor();
    // A fixed list: urgency's values; a tree: categories offer "under".
    await criterion.getByLabel('Field').selectOption({ label: 'Urgency' });
    expect(await criterion.getByLabel('Condition').locator('option').allTextContents()).toEqual(['is', 'is not', 'contains', 'does not contain', 'starting with', 'finished by', 'regular expression matches', 'regular expression does not match', 'exists', 'does not exist']);
    await criterion.getByLabel('Pattern').selectOption({ label: 'High' });
    await criterion.getByRole('button', { name: 'Add the criterion' }).click();
    await page.locator('table.list tbody tr', { hasText: 'Urgency' }).waitFor();
    await criterion.getByLabel('Field').selectOption({ label: 'Category' });
    await criterion.getByLabel('Condition').selectOption({ label: 'under' });
    await criterion.getByLabel('Pattern').fill('Hardware p');
    await page.getByRole('option', { name: 'Hardware picked' }).click();
    await criterion.getByRole('button', { name: 'Add the criterion' }).click();
    await page.locator('table.list tbody tr', { hasText: 'Category' }).waitFor();
    // A text condition on a dropdown field takes free text.
    await criterion.getByLabel('Field').selectOption({ label: 'Title' });
    await criterion.getByLabel('Condition').selectOption({ label: 'contains' });
    await criterion.getByLabel('Pattern').fill('toner');
    await criterion.getByRole('button', { name: 'Add the criterion' }).click();
    await page.locator('table.list tbody tr', { hasText: 'Title' }).waitFor();

    const action = page.getByRole('form', { name: 'Add an action' });
    await action.getByLabel('Field').selectOption({ label: 'Technician group' });
    expect(await action.getByLabel('Action').locator('option').allTextContents()).toEqual(['Assign', 'Add']);
    await action.getByLabel('Action').selectOption({ label: 'Add' });
    await action.getByLabel('Value').fill('Printer t');
    await page.getByRole('option', { name: 'Printer team' }).click();
    await action.getByRole('button', { name: 'Add the action' }).click();
    await page.getByText('Action added.').waitFor();
    await action.getByLabel('Field').selectOption({ label: 'Status' });
    await action.getByLabel('Value').selectOption({ label: 'Pending' });
    await action.getByRole('button', { name: 'Add the action' }).click();
    await page.locator('table.list tbody tr', { hasText: 'Status' }).waitFor();
    await action.getByLabel('Field').selectOption({ label: 'Priority' });
    await action.getByLabel('Action').selectOption({ label: 'Recalculate' });
    await action.getByRole('button', { name: 'Add the action' }).click();
    await page.locator('table.list tbody tr', { hasText: 'Recalculate' }).waitFor();
    await action.getByLabel('Field').selectOption({ label: 'Associated elements' });
    expect(await action.getByLabel('Action').locator('option').allTextContents()).toEqual(['Assign: equipment by IP address', 'Assign: equipment by name + domain', 'Assign: equipment by MAC address']);

    const rows = async (sub: string) => ((await api.get(`Rule/${rule}/${sub}`)).body as Record<string, unknown>[]).map(({ criteria, condition, pattern, action_type, field, value }) => (sub === 'RuleCriteria' ? { criteria, condition, pattern } : { action_type, field, value }));
    expect(await rows('RuleCriteria')).toEqual([
      { criteria: '_groups_id_of_requester', condition: 0, pattern: String(printers) },
      { criteria: 'urgency', condition: 0, pattern: '4' },
      { criteria: 'itilcategories_id', condition: 11, pattern: String(hardware) },
      { criteria: 'name', condition: 2, pattern: 'toner' },
    ]);
    expect(await rows('RuleAction')).toEqual([
      { action_type: 'append', field: '_groups_id_assign', value: String(printers) },
      { action_type: 'assign', field: 'status', value: '4' },
      { action_type: 'compute', field: 'priority', value: '1' },
    ]);
    // The rows show GLPI's labels, the picked row's name and the listed value's label.
    const criteriaRows = page.locator('table.list').first().locator('tbody tr');
    await criteriaRows.first().getByText('Printer team').waitFor();
    expect(await criteriaRows.first().locator('td').allTextContents()).toEqual(['Requester in group', 'is', 'Printer team', 'Remove']);
    expect(await criteriaRows.nth(1).locator('td').allTextContents()).toEqual(['Urgency', 'is', 'High', 'Remove']);
    expect(await page.locator('table.list').nth(1).locator('tbody tr').nth(1).locator('td').allTextContents()).toEqual(['Assign', 'Status', 'Pending', 'Remove']);
  }, 90_000);

  test('a rule moves up and down in its collection, as GLPI\'s arrows move it, or by drag and drop', async () => {
    const first = await api.create('Rule', { name: 'HP', sub_type: 'RuleDictionnaryPrinterModel' });
    const second = await api.create('Rule', { name: 'Brother', sub_type: 'RuleDictionnaryPrinterModel' });
    const rankings = async () => [(await api.get(`Rule/${first}`)).body.ranking, (await api.get(`Rule/${second}`)).body.ranking];
    expect(await rankings()).toEqual([1, 2]);
    await page.goto(`${server.origin}/#/Rule/${second}?tab=rule`);
    await page.getByText('Ranking 2 in Dictionary of printer models').waitFor();
    await page.getByRole('button', { name: 'Move up' }).click();
    await page.getByText('Ranking 1 in Dictionary of printer models').waitFor();
    expect(await rankings()).toEqual([2, 1]);
    await page.getByRole('button', { name: 'Move up' }).click();
    await page.getByRole('alert').getByText('The rule is first already.').waitFor();
    await page.getByRole('button', { name: 'Move down' }).click();
    await page.getByText('Ranking 2 in Dictionary of printer models').waitFor();
    expect(await rankings()).toEqual([1, 2]);
    // Dragging a rule onto another's place in the collection's list moves it there.
    const third = await api.create('Rule', { name: 'Canon', sub_type: 'RuleDictionnaryPrinterModel' });
    await page.reload();
    const order = page.getByRole('list', { name: 'Rules of the collection' });
    await order.getByText('Canon', { exact: true }).waitFor();
    await order.getByText('Canon', { exact: true }).dragTo(order.getByText('HP', { exact: true }));
    await page.getByText('Rule moved.').waitFor();
    expect([...(await rankings()), (await api.get(`Rule/${third}`)).body.ranking]).toEqual([2, 3, 1]);
    await order.locator('li').first().getByText('Canon', { exact: true }).waitFor();
    expect(await order.locator('li').allTextContents()).toEqual(['Canon', 'HP', 'Brother']);
  }, 60_000);

  test("a French user reads the collection, criteria, conditions, actions and values of a rule in French", async () => {
    const rule = await api.create('Rule', { name: 'Imprimantes', sub_type: 'RuleTicket', entities_id: 0, is_recursive: 1 });
    await api.create('RuleCriteria', { rules_id: rule, criteria: 'urgency', condition: 0, pattern: '4' });
    await api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'impact', value: '5' });
    const login = unique('francophone');
    const user = await createUser(api, login, 4, 0);
    expect((await api.put(`User/${user}`, { input: { language: 'fr_FR' } })).status).toBe(200);
    const french = await new Client(server.api).login(login, PASSWORD);
    // Signed in with the French session's token (the console then speaks French, its menu too).
    await page.goto(`${server.origin}/`);
    await page.evaluate((session) => localStorage.setItem('deskbase.session-token', session), french.token);
    await page.goto(`${server.origin}/#/Rule/${rule}?tab=rule`);
    await page.reload();
    await page.getByText(`Rang ${(await api.get(`Rule/${rule}`)).body.ranking} dans Règles métier pour les tickets`).waitFor();
    const criteria = page.locator('table.list').first().locator('tbody tr');
    await criteria.first().getByText('Haute').waitFor();
    expect((await criteria.first().locator('td').allTextContents()).slice(0, 3)).toEqual(['Urgence', 'est', 'Haute']);
    expect((await page.locator('table.list').nth(1).locator('tbody tr').first().locator('td').allTextContents()).slice(0, 3)).toEqual(['Assigner', 'Impact', 'Très haute']);
  }, 60_000);
});
