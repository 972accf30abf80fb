/**
 * GLPI rules imported with the database run as GLPI ran them: a ticket business rule (a pattern
 * GLPI stored HTML-encoded, a group assigned, the urgency raised) and the software and
 * manufacturer dictionaries, checked by creating tickets, software and manufacturers through the
 * API of a server on the imported folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { runCli } from '../support/cli';
import { Client } from '../support/client';
import { TestServer } from '../support/server';
import { GLPI_RULE_TABLES, mariadbMissing, useMariaDb } from './helpers';

const maria = useMariaDb();

/** GLPI 10.0's rule tables, with rules as GLPI stores them (text HTML-encoded). */
const GLPI_RULES = `
${GLPI_RULE_TABLES}
INSERT INTO glpi_rules (id, entities_id, sub_type, ranking, name, description, \`match\`, is_active, is_recursive, uuid, \`condition\`) VALUES
  (6, 0, 'RuleTicket', 1, 'Ticket location from item', '', 'AND', 0, 1, 'glpi_rule_rule_ticket_location_from_item', 1),
  (20, 0, 'RuleTicket', 2, 'Urgent printers', '', 'OR', 1, 1, 'uuid-20', 1),
  (21, 0, 'RuleDictionnarySoftware', 1, 'Firefox', '', 'AND', 1, 0, 'uuid-21', 0),
  (22, 0, 'RuleDictionnaryManufacturer', 1, 'Microsoft', '', 'AND', 1, 0, 'uuid-22', 0),
  (23, 0, 'RuleDictionnaryManufacturer', 2, 'Inactive', '', 'AND', 0, 0, 'uuid-23', 0);
INSERT INTO glpi_rulecriterias (id, rules_id, criteria, \`condition\`, pattern) VALUES
  (30, 20, 'content', 6, '/&#60;urgent&#62;/'),
  (31, 20, 'name', 2, 'printer'),
  (32, 21, 'name', 6, '/^mozilla firefox (\\\\d+)/'),
  (33, 22, 'name', 4, 'microsoft'),
  (34, 23, 'name', 4, 'dell');
INSERT INTO glpi_ruleactions (id, rules_id, action_type, field, value) VALUES
  (40, 20, 'append', '_groups_id_assign', '1'),
  (41, 20, 'assign', 'urgency', '5'),
  (42, 21, 'regex_result', 'name', 'Firefox #0'),
  (43, 22, 'assign', 'name', 'Microsoft'),
  (44, 23, 'assign', 'name', 'Dell');
`;

describe.skipIf(mariadbMissing !== null)('GLPI rules imported with the database', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'deskbase-import-rules-')), 'data');
  let server: TestServer;
  let api: Client;

  beforeAll(async () => {
    await maria.db.exec(GLPI_RULES, 'glpi');
    const result = await runCli(['import', maria.db.url('glpi'), '--data', dataDir]);
    expect(result.code).toBe(0);
    server = new TestServer(dataDir, {});
    await server.start();
    api = await new Client(server.api).login('glpi', 'glpi-fixture-pass');
  });
  afterAll(async () => {
    await server?.dispose();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  test("GLPI's rules replace the fresh install's, text decoded", async () => {
    const rules = (await api.get('Rule/', { query: 'range=0-99&sort=id' })).body as { id: number; name: string }[];
    expect(rules.map((r) => [r.id, r.name])).toEqual([[6, 'Ticket location from item'], [20, 'Urgent printers'], [21, 'Firefox'], [22, 'Microsoft'], [23, 'Inactive']]);
    expect((await api.get('RuleCriteria/30')).body.pattern).toBe('/<urgent>/');
  });

  test('the ticket rule assigns the group and raises the urgency of the tickets it matches', async () => {
    const open = async (name: string, content: string) => {
      const id = await api.create('Ticket', { name, content });
      const groups = ((await api.get(`Ticket/${id}/Group_Ticket`)).body as { groups_id: number; type: number }[]).filter((g) => g.type === 2).map((g) => g.groups_id);
      return { urgency: (await api.get(`Ticket/${id}`)).body.urgency, groups };
    };
    expect(await open('Printer out of toner', 'floor 2')).toEqual({ urgency: 5, groups: [1] });
    expect(await open('Mail', 'it says <urgent> in red')).toEqual({ urgency: 5, groups: [1] });
    expect(await open('Mail', 'nothing special')).toEqual({ urgency: 3, groups: [] });
  });

  test('the dictionaries rename a software and a manufacturer written through the API; an inactive rule does not', async () => {
    const software = await api.create('Software', { name: 'Mozilla Firefox 115.0.2 ESR', entities_id: 0 });
    expect((await api.get(`Software/${software}`)).body.name).toBe('Firefox 115');
    const manufacturer = await api.create('Manufacturer', { name: 'Microsoft Corporation' });
    expect((await api.get(`Manufacturer/${manufacturer}`)).body.name).toBe('Microsoft');
    const dell = await api.create('Manufacturer', { name: 'Dell Technologies' });
    expect((await api.get(`Manufacturer/${dell}`)).body.name).toBe('Dell Technologies');
  });
});
