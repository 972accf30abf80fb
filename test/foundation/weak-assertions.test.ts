/**
 * Every assertion in test/ can fail for a reason: an exact value, shape or list, not "something is
 * there". This file fails on a new assertion that only checks existence (truthy, defined, not null,
 * above 0); the few where no exact value is knowable are listed below, each with its reason.
 */
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const TEST_DIR = join(import.meta.dir, '..');
const THIS_FILE = relative(TEST_DIR, import.meta.path);

/** Assertions that pass for almost any value the code could produce. */
const WEAK = [
  /\.toBeTruthy\(\)/,
  /\.toBeFalsy\(\)/,
  /\.toBeDefined\(\)/,
  /\.not\.toBeUndefined\(\)/,
  /\.not\.toBeNull\(\)/,
  /\.toBeGreaterThan\(0\)/,
  /\.toBeGreaterThanOrEqual\(0\)/,
  /expect\(!!/,
  /expect\(Boolean\(/,
];

/** The legitimate ones: file (under test/), the assertion's code, and why no exact value is knowable. */
const ALLOWED: { file: string; code: string; reason: string }[] = [
  { file: 'core/shared-table.test.ts', code: 'expect(at).toBeGreaterThanOrEqual(0);', reason: 'property test (kept as is): the slot depends on the hash; the final lookups check every value' },
  { file: 'search/index-equivalence.test.ts', code: 'expect(narrowed).toBeGreaterThan(0);', reason: 'property test: how many generated searches take the one-index path depends on the generated criteria' },
  { file: 'items/bulk-add-equivalence.test.ts', code: 'expect(added).toBeGreaterThan(0);', reason: "property test: the generator's sanity (some elements added, some refused), bounded above on the next line" },
  { file: 'mail/collect.test.ts', code: 'expect(after.tickets + after.again).toBeGreaterThan(0);', reason: 'the kill lands mid-run: how the mails split between the killed run and the next depends on when' },
  // In folders other branches were changing at the time this list was made; to be made exact there.
  { file: 'inventory/agent.test.ts', code: 'expect(reported.length).toBeGreaterThan(0);', reason: 'left to the inventory branch' },
  { file: 'inventory/agent.test.ts', code: 'expect(computerId).toBeGreaterThan(0);', reason: 'left to the inventory branch' },
  { file: 'import/import.test.ts', code: 'expect(rows.length).toBeGreaterThan(0);', reason: 'left to the authtype branch' },
  { file: 'directory/signin.test.ts', code: "expect(await admin.create('RuleRightParameter', { name: 'Employee type', value: 'employeeType' })).toBeGreaterThan(0);", reason: 'left to the authtype branch' },
  { file: 'directory/signin.test.ts', code: "expect(await admin.create('RuleRightParameter', { name: 'DN', value: 'dn' })).toBeGreaterThan(0);", reason: 'left to the authtype branch' },
  { file: 'directory/groups.test.ts', code: "expect(await admin.create('Group_User', { users_id: aliceId, groups_id: group.manual })).toBeGreaterThan(0);", reason: 'left to the authtype branch' },
  { file: 'console/console.test.ts', code: 'expect(token).toBeTruthy();', reason: 'left to the console branch' },
  { file: 'console/console.test.ts', code: "expect(await page.getByRole('figure', { name: 'Tickets by status' }).locator('canvas').count()).toBeGreaterThan(0);", reason: 'left to the console branch' },
  { file: 'console/console.test.ts', code: 'expect(id).toBeGreaterThan(0);', reason: 'left to the console branch' },
  { file: 'console/console.test.ts', code: 'expect(total).toBeGreaterThan(0);', reason: 'left to the console branch' },
];

interface Found {
  file: string;
  line: number;
  code: string;
}

/** Every weak assertion under test/, but this file's own patterns. */
function weakAssertions(): Found[] {
  const found: Found[] = [];
  for (const file of new Bun.Glob('**/*.{ts,tsx}').scanSync(TEST_DIR)) {
    if (file === THIS_FILE || file.includes('node_modules')) continue;
    readFileSync(join(TEST_DIR, file), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        if (WEAK.some((pattern) => pattern.test(text))) found.push({ file, line: i + 1, code: text.trim() });
      });
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

const isAllowed = (f: Found) => ALLOWED.some((a) => a.file === f.file && a.code === f.code);

describe('weak assertions in test/', () => {
  const found = weakAssertions();

  test('none but the allowed ones: use the exact value, shape or list instead', () => {
    expect(found.filter((f) => !isAllowed(f)).map((f) => `${f.file}:${f.line}: ${f.code}`)).toEqual([]);
  });

  test('every allowed one is still there (a stale entry is removed from the list)', () => {
    expect(ALLOWED.filter((a) => !found.some((f) => f.file === a.file && f.code === a.code)).map((a) => `${a.file}: ${a.code}`)).toEqual([]);
  });

  test('the scan finds what it looks for', () => {
    // Built here so this file holds no assertion of the kind it forbids.
    const planted = ['expect(x).toBe', 'Truthy()'].join('');
    expect(WEAK.filter((pattern) => pattern.test(planted))).toEqual([/\.toBeTruthy\(\)/]);
  });
});
