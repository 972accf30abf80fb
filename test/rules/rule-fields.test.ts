/**
 * GET /apirest.php/ruleFields/:sub_type: what a collection's rule editor offers (criteria with the
 * conditions valid for each and what a pattern holds, action fields with their action types and
 * values), GLPI's rule forms' choices; READ on the collection's right. Every dropdown criterion
 * names the table the engine compares it with.
 */
import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import type { Db } from '../../server/db/connection';
import { describeCollection } from '../../server/rules/definitions';
import { RULE_LABELS_FR } from '../../server/rules/labels-fr';
import { collection, COLLECTIONS, DROPDOWN_DICTIONARIES } from '../../server/rules/collections';
import { collectionFields } from '../../server/rules/collection-fields';
import { scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { createUser, DENIED, loginAs, unique } from '../rights/fixture';

const ctx = useServer();

describe('ruleFields', () => {
  test("ticket rules: a criterion's conditions (under on a tree, only is for a fixed list where GLPI says), its picker, and each action's types and values", async () => {
    await scenario(ctx.api, [
      {
        request: 'GET ruleFields/RuleTicket',
        status: 200,
        check: (res) => {
          const byName = (name: string) => res.body.criteria.find((c: { name: string }) => c.name === name);
          expect(byName('name')).toEqual({ name: 'name', label: 'Title', conditions: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], value: { kind: 'text' } });
          // Categories are a tree: under and not under; a group is a dropdown of Group rows.
          expect(byName('itilcategories_id')).toEqual({ name: 'itilcategories_id', label: 'Category', conditions: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12], value: { kind: 'dropdown', itemtype: 'ITILCategory' } });
          expect(byName('_groups_id_of_requester').value).toEqual({ kind: 'dropdown', itemtype: 'Group' });
          expect(byName('_users_id_requester').value).toEqual({ kind: 'dropdown', itemtype: 'User' });
          expect(byName('urgency').value).toEqual({ kind: 'list', choices: [{ value: 5, label: 'Very high' }, { value: 4, label: 'High' }, { value: 3, label: 'Medium' }, { value: 2, label: 'Low' }, { value: 1, label: 'Very low' }] });
          expect(res.body.conditions).toContainEqual({ id: 6, label: 'regular expression matches' });
          const field = (name: string) => res.body.actions.find((a: { field: string }) => a.field === name);
          expect(field('_groups_id_assign').types).toEqual([
            { type: 'assign', label: 'Assign', value: { kind: 'dropdown', itemtype: 'Group' } },
            { type: 'append', label: 'Add', value: { kind: 'dropdown', itemtype: 'Group' } },
          ]);
          expect(field('priority').types.map((t: { type: string }) => t.type)).toEqual(['assign', 'compute']);
          expect(field('priority').types[1].value).toEqual({ kind: 'list', choices: [{ value: 1, label: 'Yes' }] });
          expect(field('affectobject').types).toEqual([
            { type: 'affectbyip', label: 'Assign: equipment by IP address', value: { kind: 'text' } },
            { type: 'affectbyfqdn', label: 'Assign: equipment by name + domain', value: { kind: 'text' } },
            { type: 'affectbymac', label: 'Assign: equipment by MAC address', value: { kind: 'text' } },
          ]);
          expect(field('_affect_itilcategory_by_code').types).toEqual([{ type: 'regex_result', label: 'Assign the value from regular expression', value: { kind: 'text' } }]);
        },
      },
      {
        request: 'GET ruleFields',
        note: 'the collection as a parameter; GLPI allows only is / is not on the automatic-inventory flag',
        query: 'sub_type=RuleAsset',
        status: 200,
        check: (res) => expect(res.body.criteria[0]).toEqual({ name: '_auto', label: 'Automatic inventory', conditions: [0, 1], value: { kind: 'list', choices: [{ value: 0, label: 'No' }, { value: 1, label: 'Yes' }] } }),
      },
      {
        request: 'GET ruleFields/RuleImportAsset',
        note: 'the inventory criteria may be "already present" (10) or "is empty" (30)',
        status: 200,
        check: (res) => expect(res.body.criteria.find((c: { name: string }) => c.name === 'serial').conditions).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 30]),
      },
      {
        request: 'GET ruleFields/RuleDictionnaryComputerModel',
        status: 200,
        answer: { criteria: [{ name: 'name' }, { name: 'manufacturer' }], actions: [{ field: 'name', types: [{ type: 'assign' }, { type: 'regex_result' }, { type: 'append_regex_result' }] }] },
      },
    ]);
  });

  test('RuleRight lists the directory attributes declared as criteria (GLPI\'s defaults and those added)', async () => {
    await ctx.api.create('RuleRightParameter', { name: 'Badge colour', value: 'badgecolour' });
    await scenario(ctx.api, [
      { request: 'GET ruleFields/RuleRight', status: 200, check: (res) => expect(res.body.criteria.find((c: { name: string }) => c.name === 'badgecolour')).toEqual({ name: 'badgecolour', label: 'Badge colour', conditions: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], value: { kind: 'text' } }) },
    ]);
  });

  test('bad requests and rights', async () => {
    const login = unique('no-rule-fields');
    await createUser(ctx.api, login, 6, 0);
    const technician = await loginAs(ctx.server.api, login);
    await scenario(ctx.api, [
      { request: 'GET ruleFields', status: 400, error: 'ERROR', message: /^Bad Request: sub_type is missing \(a rule collection, such as RuleTicket\); view documentation/ },
      { request: 'GET ruleFields/Computer', status: 400, error: 'ERROR', message: /^Bad Request: Computer is not a rule collection; view documentation/ },
      // The Technician profile holds no rule right in GLPI 10.0.
      { request: 'GET ruleFields/RuleTicket', as: technician, ...DENIED },
      { request: 'GET ruleFields/RuleTicket', as: 'anonymous', status: 401, error: 'ERROR_SESSION_TOKEN_MISSING' },
    ]);
  });

  test("every collection has its editor's fields, and a dropdown criterion the engine compares by name names the engine's table", () => {
    expect(COLLECTIONS.filter((c) => !collectionFields(c.subType, DROPDOWN_DICTIONARIES[c.subType])?.criteria.length).map((c) => c.subType)).toEqual([]);
    for (const c of COLLECTIONS) {
      const fields = collectionFields(c.subType, DROPDOWN_DICTIONARIES[c.subType]);
      for (const criterion of fields!.criteria) {
        const engineTable = collection(c.subType)!.dropdowns[criterion.name];
        if (engineTable) expect({ criterion: criterion.name, table: criterion.value.kind === 'dropdown' ? criterion.value.table : null }).toEqual({ criterion: criterion.name, table: engineTable });
      }
    }
  });

  test('a French session reads the labels in French: criteria, conditions, action fields and types, listed values', async () => {
    const login = unique('fr-admin');
    const user = await createUser(ctx.api, login, 4, 0);
    expect((await ctx.api.put(`User/${user}`, { input: { language: 'fr_FR' } })).status).toBe(200);
    const french = await loginAs(ctx.server.api, login);
    const res = await french.get('ruleFields/RuleTicket');
    expect(res.status).toBe(200);
    const criterion = res.body.criteria.find((c: { name: string }) => c.name === 'urgency');
    expect([criterion.label, criterion.value.choices.map((c: { label: string }) => c.label)]).toEqual(['Urgence', ['Très haute', 'Haute', 'Moyenne', 'Basse', 'Très basse']]);
    expect(res.body.title).toBe('Règles métier pour les tickets');
    expect(res.body.conditions.find((c: { id: number }) => c.id === 6)).toEqual({ id: 6, label: "l'expression rationnelle correspond" });
    expect(res.body.actions.find((a: { field: string }) => a.field === '_groups_id_assign')).toMatchObject({ label: 'Groupe de techniciens', types: [{ type: 'assign', label: 'Assigner' }, { type: 'append', label: 'Ajouter' }] });
    // An English session still reads GLPI's English.
    expect((await ctx.api.get('ruleFields/RuleTicket')).body.criteria.find((c: { name: string }) => c.name === 'urgency').label).toBe('Urgency');
  });

  test('every label of every collection has its French translation', () => {
    const db = new Database(':memory:');
    db.run('CREATE TABLE glpi_rulerightparameters (id INTEGER, name TEXT, value TEXT)');
    const missing = new Set<string>();
    const check = (label: string) => RULE_LABELS_FR[label] === undefined && missing.add(label);
    for (const c of COLLECTIONS) {
      const d = describeCollection(db as unknown as Db, c.subType)!;
      check(d.title);
      for (const x of [...d.conditions, ...d.criteria, ...d.actions, ...d.actions.flatMap((a) => a.types)]) check(x.label);
      for (const v of [...d.criteria.map((x) => x.value), ...d.actions.flatMap((a) => a.types.map((t) => t.value))]) if (v.kind === 'list') v.choices.forEach((choice) => check(choice.label));
    }
    expect([...missing]).toEqual([]);
  });
});
