/**
 * The console's string catalogue: every literal passed to t() in ui/src has a French translation
 * with the same placeholders, and the lists of English names the console translates at run time
 * (statuses, right names, type names) are all covered.
 */
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RIGHT_NAMES, rightBits } from '../../server/registry/rights';
import { DEFAULT_RIGHTS } from '../../server/registry/default-profiles';
import { typeLabels } from '../../server/registry/labels';
import { valueList } from '../../server/registry/values';
import { french } from '../../ui/src/lib/i18n';

const SRC = resolve(import.meta.dir, '../../ui/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The first argument of every t('…') call written as a string literal. */
function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sources(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'((?:[^'\\]|\\.)*)'/g)) keys.add(m[1]!.replace(/\\'/g, "'"));
  }
  return [...keys].sort();
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('console catalogue', () => {
  test('every literal string of the console has a French translation with the same placeholders', () => {
    const keys = literalKeys();
    expect(keys.length).toBeGreaterThan(200);
    expect(keys.filter((key) => french(key) === undefined)).toEqual([]);
    expect(keys.filter((key) => placeholders(key).join() !== placeholders(french(key)!).join())).toEqual([]);
  });

  test('value lists, right bits and names and the menu types the console shows are translated', () => {
    const lists = [
      ['Ticket', 'status'], ['Ticket', 'urgency'], ['Ticket', 'priority'], ['Ticket', 'type'], ['TicketTask', 'state'],
      ['ITILSolution', 'status'], ['TicketValidation', 'status'], ['Ticket_User', 'type'],
    ] as const;
    const names = lists.flatMap(([type, field]) => (valueList(type, field) ?? []).map(([, label]) => label));
    expect(names.length).toBeGreaterThan(20);
    const bits = ['computer', 'ticket', 'problem', 'followup', 'changevalidation', 'ticketvalidation', 'inventory', 'rule_asset'].flatMap((right) => rightBits(right).map(([, label]) => label));
    const types = ['Computer', 'Monitor', 'NetworkEquipment', 'Printer', 'Ticket', 'User', 'Group', 'Location', 'Document', 'Profile'].flatMap((type) => [...typeLabels(type)]);
    expect([...names, ...bits, ...types, ...Object.values(RIGHT_NAMES)].filter((english) => french(english) === undefined)).toEqual([]);
  });

  test("the inventory and rule_asset rights' own bits have GLPI 10.0.19's names and cover the default profiles' values", () => {
    expect(rightBits('inventory')).toEqual([[1, 'Read'], [1024, 'Import from file'], [2048, 'Import configuration']]);
    expect(rightBits('rule_asset')).toEqual([[1, 'Read'], [2, 'Update'], [4, 'Create'], [16, 'Purge'], [1024, 'Business rules (entity parent)']]);
    expect(french('Business rules (entity parent)')).toBe('Règles métier (entité parente)');
    for (const right of ['inventory', 'rule_asset']) {
      const labelled = rightBits(right).reduce((all, [bit]) => all | bit, 0);
      expect(DEFAULT_RIGHTS[right]!.map((value) => value & ~labelled)).toEqual(DEFAULT_RIGHTS[right]!.map(() => 0));
    }
  });
});
