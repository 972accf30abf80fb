import { beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { until } from '../support/until';
import { bulk, search, toQuery, type Criterion } from './helpers';

/**
 * The trigram index and the dropdown indexes only make searches fast: on random computers and
 * random criteria, the engine (and the list endpoint's searchText) must answer exactly what a
 * plain scan of the rows answers, also after updates, trash, restore and purge. So must every
 * way of reading a page (backwards from the end, from a sort key, rank by rank on a dropdown).
 */

const ctx = useServer();
let glpi: Client;
/** 0 (none), then North, South, East and west (NOCASE orders it last). */
const locations: number[] = [];
const locationNames = new Map<number, string>();
/** 0 (none), then two manufacturers. */
const manufacturers: number[] = [];

const TEXT_FIELDS = { name: 1, serial: 5, otherserial: 6, comment: 16, contact: 7 } as const;
type TextField = keyof typeof TEXT_FIELDS;
const FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextField[];

interface Model {
  id: number;
  values: Partial<Record<TextField, string>>;
  locations_id: number;
  manufacturers_id: number;
  is_deleted: boolean;
}

// Few characters, so fragments of three and more often match; `%`, `_` and `\` test escaping,
// `é` a character SQLite's LIKE does not fold.
const text = fc.string({ unit: fc.constantFrom('a', 'B', 'b', 'c', '-', '%', '_', '\\', 'é', '1', '2', ' '), minLength: 0, maxLength: 9 });
const values = fc.record({ name: text, serial: text, otherserial: text, comment: text, contact: text }, { requiredKeys: [] });
const fragment = fc.string({ unit: fc.constantFrom('a', 'b', 'B', 'c', '-', '%', '_', '\\', 'é', '1', '2'), minLength: 1, maxLength: 5 });
const anchored = fc.tuple(fc.constantFrom('', '^'), fragment, fc.constantFrom('', '$')).map(([a, f, b]) => `${a}${f}${b}`);

type Leaf =
  | { kind: 'text'; field: TextField; searchtype: 'contains' | 'notcontains'; value: string }
  | { kind: 'location'; searchtype: 'equals' | 'notequals'; index: number }
  | { kind: 'manufacturer'; searchtype: 'equals' | 'notequals'; index: number };
interface Node {
  link: 'AND' | 'OR' | 'AND NOT' | 'OR NOT';
  leaf?: Leaf;
  group?: Node[];
}

const leaf: fc.Arbitrary<Leaf> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('text' as const), field: fc.constantFrom(...FIELD_NAMES), searchtype: fc.constantFrom('contains' as const, 'notcontains' as const), value: anchored }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('location' as const), searchtype: fc.constantFrom('equals' as const, 'notequals' as const), index: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('manufacturer' as const), searchtype: fc.constantFrom('equals' as const, 'notequals' as const), index: fc.nat(2) }) },
);
const link = fc.constantFrom('AND' as const, 'OR' as const, 'AND NOT' as const, 'OR NOT' as const);
const node: fc.Arbitrary<Node> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ link, leaf }) },
  { weight: 1, arbitrary: fc.record({ link, group: fc.array(fc.record({ link, leaf }), { minLength: 1, maxLength: 3 }) }) },
);
const criteria = fc.array(node, { minLength: 1, maxLength: 3 });

/** SQLite's LIKE: `%`, `_`, `\` escapes, ASCII letters case-insensitive. */
function likeMatches(value: string, pattern: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) source += escapeRegex(pattern[++i]!);
    else if (c === '%') source += '[\\s\\S]*';
    else if (c === '_') source += '[\\s\\S]';
    else source += escapeRegex(c);
  }
  return new RegExp(`^${source}$`, 'u').test(asciiLower(value));
}
const escapeRegex = (c: string) => asciiLower(c).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** GLPI's contains: `^` anchors the start, `$` the end; the value is trimmed. */
function textMatches(value: string | undefined, wanted: string): boolean {
  let word = wanted.trim();
  const start = word.startsWith('^');
  const end = word.endsWith('$') && word.length > (start ? 1 : 0);
  if (start) word = word.slice(1);
  if (end) word = word.slice(0, -1);
  if (value === undefined || value === null) return false;
  const escaped = word.replace(/[\\%_]/g, (c) => `\\${c}`);
  return likeMatches(value, `${start ? '' : '%'}${escaped}${end ? '' : '%'}`);
}

function leafMatches(row: Model, l: Leaf): boolean {
  if (l.kind === 'location') return (row.locations_id === locations[l.index]) === (l.searchtype === 'equals');
  if (l.kind === 'manufacturer') return (row.manufacturers_id === manufacturers[l.index]) === (l.searchtype === 'equals');
  const hit = textMatches(row.values[l.field], l.value);
  return l.searchtype === 'contains' ? hit : !hit;
}

/** Evaluated with SQL's precedence, as the engine joins them: AND binds tighter than OR. */
function matches(row: Model, nodes: Node[]): boolean {
  if (nodes.length === 0) return true;
  const terms: { link: 'AND' | 'OR'; value: boolean }[] = nodes.map((n) => {
    const value = n.group ? matches(row, n.group) : leafMatches(row, n.leaf!);
    return { link: n.link.startsWith('OR') ? 'OR' : 'AND', value: n.link.endsWith('NOT') ? !value : value };
  });
  let any = false;
  let current = terms[0]!.value;
  for (const t of terms.slice(1)) {
    if (t.link === 'AND') current = current && t.value;
    else {
      any = any || current;
      current = t.value;
    }
  }
  return any || current;
}

function toCriteria(nodes: Node[]): Criterion[] {
  return nodes.map((n) => {
    if (n.group) return { link: n.link, criteria: toCriteria(n.group) };
    const l = n.leaf!;
    if (l.kind === 'location') return { link: n.link, field: 3, searchtype: l.searchtype, value: locations[l.index]! };
    if (l.kind === 'manufacturer') return { link: n.link, field: 23, searchtype: l.searchtype, value: manufacturers[l.index]! };
    return { link: n.link, field: TEXT_FIELDS[l.field], searchtype: l.searchtype, value: l.value };
  });
}

/** Criteria whose value trims to nothing are skipped by the engine; GLPI's `NULL` words mean something else. */
const usable = (nodes: Node[]): boolean => nodes.every((n) => (n.group ? usable(n.group) : n.leaf!.kind !== 'text' || !['', '^', '$', '^$', 'NULL', 'null'].includes(n.leaf!.value.trim())));

async function engineIds(nodes: Node[], deleted: boolean): Promise<number[]> {
  const res = await search(glpi, 'Computer', { criteria: toCriteria(nodes), forcedisplay: [2], range: '0-999', is_deleted: deleted ? 1 : 0 });
  if (res.status >= 300) throw new Error(`search failed: ${res.status} ${res.text}`);
  expect(res.body.totalcount).toBe(res.body.count);
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((r) => Number(r['2'])).sort((a, b) => a - b);
}

type Order = 'ASC' | 'DESC';
/** Sort keys: option 1 (name), 7 (contact) or 3 (location, whose name is the sort value; none is NULL). */
const SORT_KEYS = {
  1: (r: Model) => (r.values.name === undefined ? null : asciiLower(r.values.name)),
  7: (r: Model) => (r.values.contact === undefined ? null : asciiLower(r.values.contact)),
  3: (r: Model) => (r.locations_id === 0 ? null : asciiLower(locationNames.get(r.locations_id)!)),
} as const;
type SortOption = keyof typeof SORT_KEYS;

/** `size` matches from `start` (NULL first, then SQLite's NOCASE order), ties by id. */
function pageOf(rows: Model[], sort: SortOption, order: Order, start: number, size: number): number[] {
  const key = SORT_KEYS[sort];
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const byKey = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    return byKey || a.id - b.id;
  });
  if (order === 'DESC') sorted.reverse();
  return sorted.slice(start, start + size).map((r) => r.id);
}

/** A page sorted by name or location: the engine may walk an index, read backwards, seek or rank (see search/page.ts). */
async function pageIds(nodes: Node[], sort: SortOption, order: Order, start: number): Promise<number[]> {
  const res = await search(glpi, 'Computer', { criteria: toCriteria(nodes), forcedisplay: [2], range: `${start}-${start + 4}`, sort, order });
  if (res.status >= 300) throw new Error(`search failed: ${res.status} ${res.text}`);
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((r) => Number(r['2']));
}

async function listIds(field: TextField, value: string): Promise<number[]> {
  const res = await glpi.get('Computer/', { query: `${toQuery({ searchText: { [field]: value } })}&range=0-999&only_id=true` });
  if (res.status >= 300) throw new Error(`list failed: ${res.status} ${res.text}`);
  return (res.body as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
}

async function compare(rows: Model[], queries: Node[][], texts: [TextField, string][], at: number): Promise<void> {
  // Always also: no criteria, and two dropdowns that must both match (the engine picks the narrower's index).
  const dropdowns: Node[] = [
    { link: 'AND', leaf: { kind: 'location', searchtype: 'equals', index: 1 + (at % 4) } },
    { link: 'AND', leaf: { kind: 'manufacturer', searchtype: 'equals', index: 1 + (at % 2) } },
  ];
  for (const nodes of [[], dropdowns, ...queries]) {
    for (const deleted of [false, true]) {
      const expected = rows.filter((r) => r.is_deleted === deleted && matches(r, nodes)).map((r) => r.id);
      expect({ nodes, deleted, ids: await engineIds(nodes, deleted) }).toEqual({ nodes, deleted, ids: expected });
    }
    const live = rows.filter((r) => !r.is_deleted && matches(r, nodes));
    for (const [sort, order, start] of [
      [1, nodes.length % 2 ? 'ASC' : 'DESC', 0],
      [1, at % 2 ? 'ASC' : 'DESC', at % Math.max(live.length, 1)],
      [3, at % 3 ? 'DESC' : 'ASC', (at >> 2) % Math.max(live.length, 1)],
    ] as const) {
      const page = await pageIds(nodes, sort, order, start);
      expect({ nodes, sort, order, start, page }).toEqual({ nodes, sort, order, start, page: pageOf(live, sort, order, start, 5) });
    }
  }
  for (const [field, value] of texts) {
    if (value.trim() === '') continue;
    const expected = rows.filter((r) => !r.is_deleted && textMatches(r.values[field], value)).map((r) => r.id);
    expect({ field, value, ids: await listIds(field, value) }).toEqual({ field, value, ids: expected });
  }
}

type Input = { values: Partial<Record<TextField, string>>; location: number; manufacturer: number };
type Change =
  | ({ kind: 'update'; at: number } & Input)
  | { kind: 'trash' | 'restore' | 'purge'; at: number }
  | { kind: 'add'; inputs: Input[]; refused: number }
  | { kind: 'bulkUpdate'; updates: ({ at: number } & Input)[]; refused: number }
  | { kind: 'bulkPurge'; at: number[] };
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('update' as const), at: fc.nat(), values, location: fc.nat(4), manufacturer: fc.nat(2) }),
  fc.record({ kind: fc.constantFrom('trash' as const, 'restore' as const, 'purge' as const), at: fc.nat() }),
  // A bulk add (its index entries written at the end of its transaction) with one refused element.
  fc.record({ kind: fc.constant('add' as const), inputs: fc.array(fc.record({ values, location: fc.nat(4), manufacturer: fc.nat(2) }), { minLength: 1, maxLength: 4 }), refused: fc.nat() }),
  // Bulk updates and purges (their rows' index entries rewritten at the end of the transaction):
  // a row may come twice, an update is refused, a purge names a row that is gone.
  fc.record({ kind: fc.constant('bulkUpdate' as const), updates: fc.array(fc.record({ at: fc.nat(), values, location: fc.nat(4), manufacturer: fc.nat(2) }), { minLength: 1, maxLength: 4 }), refused: fc.nat() }),
  fc.record({ kind: fc.constant('bulkPurge' as const), at: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) }),
);

/** A bulk update whose element `refused` points at no location: that element alone is rolled back. */
async function bulkUpdateWithRefusal(rows: Model[], c: Extract<Change, { kind: 'bulkUpdate' }>): Promise<Model[]> {
  const targets = c.updates.map((u) => rows[u.at % rows.length]!);
  const input = c.updates.map((u, i) => ({ id: targets[i]!.id, ...u.values, locations_id: locations[u.location], manufacturers_id: manufacturers[u.manufacturer] }));
  const at = c.refused % (input.length + 1);
  input.splice(at, 0, { id: targets[0]!.id, name: 'refused', locations_id: 999_999, manufacturers_id: 0 } as (typeof input)[number]);
  const res = await glpi.put('Computer/', { input });
  expect(res.status).toBe(207);
  c.updates.forEach((u, i) => {
    Object.assign(targets[i]!.values, u.values);
    targets[i]!.locations_id = locations[u.location]!;
    targets[i]!.manufacturers_id = manufacturers[u.manufacturer]!;
  });
  return rows;
}

/** A bulk purge of some rows (one may come twice) and of one that is gone. */
async function bulkPurge(rows: Model[], c: Extract<Change, { kind: 'bulkPurge' }>): Promise<Model[]> {
  const purged = new Set(c.at.map((at) => rows[at % rows.length]!));
  const gone = Math.max(...rows.map((r) => r.id)) + 1_000;
  const res = await glpi.del('Computer/', { body: { input: [...purged, { id: gone }, ...purged].map((r) => ({ id: r.id })), force_purge: true } });
  expect(res.status).toBe(207);
  return rows.filter((r) => !purged.has(r as Model));
}

/** A bulk add whose element `refused` points at no location: that element alone is rolled back. */
async function addWithRefusal(rows: Model[], c: Extract<Change, { kind: 'add' }>): Promise<Model[]> {
  const at = c.refused % (c.inputs.length + 1);
  const input = c.inputs.map((i) => ({ ...i.values, locations_id: locations[i.location], manufacturers_id: manufacturers[i.manufacturer] }));
  input.splice(at, 0, { name: 'refused', serial: 'refused', locations_id: 999_999, manufacturers_id: 0 } as (typeof input)[number]);
  const res = await glpi.post('Computer/', { input });
  expect(res.status).toBe(207);
  const results = (res.body as [string, { id: number | false }[]])[1];
  expect(results.map((r) => r.id === false)).toEqual(input.map((_, i) => i === at));
  const added = results
    .filter((r) => r.id !== false)
    .map((r, i) => ({ id: r.id as number, values: { ...c.inputs[i]!.values }, locations_id: locations[c.inputs[i]!.location]!, manufacturers_id: manufacturers[c.inputs[i]!.manufacturer]!, is_deleted: false }));
  return [...rows, ...added];
}

async function apply(rows: Model[], c: Change): Promise<Model[]> {
  if (c.kind === 'add') return addWithRefusal(rows, c);
  if (rows.length === 0) return rows;
  if (c.kind === 'bulkUpdate') return bulkUpdateWithRefusal(rows, c);
  if (c.kind === 'bulkPurge') return bulkPurge(rows, c);
  const row = rows[c.at % rows.length]!;
  switch (c.kind) {
    case 'update':
      expect((await glpi.put(`Computer/${row.id}`, { input: { ...c.values, locations_id: locations[c.location], manufacturers_id: manufacturers[c.manufacturer] } })).status).toBe(200);
      Object.assign(row.values, c.values);
      row.locations_id = locations[c.location]!;
      row.manufacturers_id = manufacturers[c.manufacturer]!;
      return rows;
    case 'trash':
      expect((await glpi.del(`Computer/${row.id}`)).status).toBe(204);
      row.is_deleted = true;
      return rows;
    case 'restore':
      expect((await glpi.put(`Computer/${row.id}`, { input: { is_deleted: 0 } })).status).toBe(200);
      row.is_deleted = false;
      return rows;
    case 'purge':
      expect((await glpi.del(`Computer/${row.id}`, { query: 'force_purge=true' })).status).toBe(204);
      return rows.filter((r) => r !== row);
  }
}

beforeAll(async () => {
  glpi = ctx.api;
  const names = ['North', 'South', 'East', 'west'];
  const ids = await bulk(glpi, 'Location', names.map((name) => ({ name })));
  ids.forEach((id, i) => locationNames.set(id, names[i]!));
  locations.push(0, ...ids);
  manufacturers.push(0, ...(await bulk(glpi, 'Manufacturer', [{ name: 'Acme' }, { name: 'Globex' }])));
});

/** `check` on the rows, then again after `changes`; the rows are purged whatever happens. */
async function checkAcrossChanges(rows: Model[], changes: Change[], check: (rows: Model[]) => Promise<void>): Promise<void> {
  try {
    await check(rows);
    for (const c of changes) rows = await apply(rows, c);
    await check(rows);
  } finally {
    await glpi.del('Computer/', { body: { input: rows.map((r) => ({ id: r.id })), force_purge: true } });
  }
}

describe('indexed search equals a plain scan', () => {
  // First in the file, on a table this test alone has filled: the ties are then large enough
  // against the table's size for the engine to walk ids instead of sorting (search/page.ts).
  test('pages through ties (shared names, one contact and one location for most rows) in both orders, after trash, restore and purge', async () => {
    // Names shared by four or five rows (`N3` and `n3` are one under NOCASE): ties inside a page and across its edges.
    const model = (i: number): Input => ({ values: { name: `${i % 2 ? 'n' : 'N'}${i % 13}`, ...(i % 9 === 0 ? {} : { contact: i % 4 === 0 ? 'Other' : 'same' }) }, location: i % 7 === 0 ? 2 : 1, manufacturer: 0 });
    const inputs = Array.from({ length: 60 }, (_, i) => model(i));
    // A third of the rows in a sub-entity: a key's index lists rows by entity before id.
    const [sub] = await bulk(glpi, 'Entity', [{ name: 'tie-sub', entities_id: 0 }]);
    const ids = await bulk(glpi, 'Computer', inputs.map((i, n) => ({ ...i.values, locations_id: locations[i.location], manufacturers_id: 0, entities_id: n % 3 === 0 ? sub : 0 })));
    const rows: Model[] = ids.map((id, i) => ({ id, values: { ...inputs[i]!.values }, locations_id: locations[inputs[i]!.location]!, manufacturers_id: 0, is_deleted: false }));
    const check = async (rows: Model[]) => {
      const live = rows.filter((r) => !r.is_deleted);
      for (const sort of [1, 7, 3] as const) {
        for (const order of ['ASC', 'DESC'] as const) {
          for (let start = 0; start < live.length; start += 3) {
            const page = await pageIds([], sort, order, start);
            expect({ sort, order, start, page }).toEqual({ sort, order, start, page: pageOf(live, sort, order, start, 5) });
          }
        }
      }
      // About 40 rows share the contact `same` (after the 20 with none or `Other`): its pages were sliced from the tie read once.
      const res = await search(glpi, 'Computer', { forcedisplay: [2], range: '30-34', sort: 7, order: 'ASC', rawdata: 1 });
      expect(String((res.body as { rawdata: { sql: { search: string } } }).rawdata.sql.search)).toContain('ORDER BY +t.id');
      // Sorted by location, a rank is read whole through the location's index and sliced.
      const ranked = await search(glpi, 'Computer', { forcedisplay: [2], range: '20-24', sort: 3, order: 'DESC', rawdata: 1 });
      expect(String((ranked.body as { rawdata: { sql: { search: string } } }).rawdata.sql.search)).toMatch(/INDEXED BY .* ORDER BY \+t\.id$/);
    };
    await checkAcrossChanges(rows, [{ kind: 'trash', at: 5 }, { kind: 'trash', at: 17 }, { kind: 'purge', at: 30 }, { kind: 'restore', at: 5 }, { kind: 'update', at: 8, values: { name: 'moved', contact: 'Other' }, location: 3, manufacturer: 0 }] as Change[], check);
  });

  test('pages read from remembered key positions (distinct names, some NULL), in both orders, after trash, restore, purge and updates', async () => {
    const inputs: Input[] = Array.from({ length: 90 }, (_, i) => ({ values: i % 10 === 3 ? {} : { name: `k${String((i * 37) % 90).padStart(2, '0')}${i % 2 ? 'x' : 'X'}` }, location: 1, manufacturer: 0 }));
    const ids = await bulk(glpi, 'Computer', inputs.map((i) => ({ ...i.values, locations_id: locations[1], manufacturers_id: 0 })));
    const rows: Model[] = ids.map((id, i) => ({ id, values: { ...inputs[i]!.values }, locations_id: locations[1]!, manufacturers_id: 0, is_deleted: false }));
    let anchored = 0;
    const check = async (rows: Model[]) => {
      const live = rows.filter((r) => !r.is_deleted);
      // Twice: the first pass reads from the start's offset and learns where keys begin, the second reads from there.
      for (const pass of [1, 2]) {
        for (const order of ['ASC', 'DESC'] as const) {
          for (let start = pass; start < live.length; start += 4) {
            const res = await search(glpi, 'Computer', { forcedisplay: [2], range: `${start}-${start + 4}`, sort: 1, order, rawdata: 1 });
            const page = ((res.body.data ?? []) as Record<string, unknown>[]).map((r) => Number(r['2']));
            expect({ order, start, page }).toEqual({ order, start, page: pageOf(live, 1, order, start, 5) });
            const search_ = String((res.body as { rawdata: { sql: { search: string } } }).rawdata.sql.search);
            if (/ AS k .* [<>]= \?/.test(search_)) anchored++;
          }
        }
      }
    };
    await checkAcrossChanges(rows, [{ kind: 'trash', at: 5 }, { kind: 'trash', at: 17 }, { kind: 'purge', at: 30 }, { kind: 'restore', at: 5 }, { kind: 'update', at: 8, values: { name: 'k40x' }, location: 1, manufacturer: 0 }] as Change[], check);
    expect(anchored).toBeGreaterThan(20);
  });

  test('text criteria on shared fragments (rare and common trigrams, pages read by walking the name index), after trash, restore, purge and updates', async () => {
    // 400 rows: `wkz` is in over 256 serials (a common trigram), `-12` or `1wk` in a few.
    const inputs: Input[] = Array.from({ length: 400 }, (_, i) => ({ values: { name: `w${i % 37}-${i}`, serial: i % 3 ? `s${i}wkz` : `s${i}`, ...(i % 5 ? { contact: 'c' } : {}) }, location: 1, manufacturer: 0 }));
    const ids = await bulk(glpi, 'Computer', inputs.map((i) => ({ ...i.values, locations_id: locations[i.location], manufacturers_id: 0 })));
    const rows: Model[] = ids.map((id, i) => ({ id, values: { ...inputs[i]!.values }, locations_id: locations[1]!, manufacturers_id: 0, is_deleted: false }));
    const text = (field: TextField, searchtype: 'contains' | 'notcontains', value: string, link: Node['link'] = 'AND'): Node => ({ link, leaf: { kind: 'text', field, searchtype, value } });
    const queries: Node[][] = [
      [text('serial', 'contains', 'wk')],
      [text('serial', 'contains', 'wkz$')],
      [text('serial', 'contains', '1wkz')],
      [text('name', 'contains', '-12'), text('serial', 'contains', '3wk', 'OR')],
      [text('name', 'contains', 'w1-1'), text('serial', 'contains', 'wkz', 'AND NOT')],
      [text('serial', 'notcontains', 's1'), text('name', 'contains', '-2', 'OR')],
      [text('contact', 'contains', 'c'), text('serial', 'contains', '^s2', 'AND NOT')],
    ];
    // A bulk add this large refreshes the planner's statistics a second later; only then does
    // the engine know the matches are many and walk the name index (its page query says so).
    await until('the page read by walking the name index', async () => {
      const res = await search(glpi, 'Computer', { criteria: toCriteria(queries[0]!), forcedisplay: [2], range: '0-4', rawdata: 1 });
      return String((res.body as { rawdata?: { sql?: { search?: string } } }).rawdata?.sql?.search);
    }, (sqlText) => sqlText.includes('CASE WHEN'));
    const check = async (rows: Model[]) => {
      for (const nodes of queries) {
        for (const deleted of [false, true]) {
          const expected = rows.filter((r) => r.is_deleted === deleted && matches(r, nodes)).map((r) => r.id);
          expect({ nodes, deleted, ids: await engineIds(nodes, deleted) }).toEqual({ nodes, deleted, ids: expected });
        }
        const live = rows.filter((r) => !r.is_deleted && matches(r, nodes));
        for (const order of ['ASC', 'DESC'] as const) {
          for (const start of [0, 7, 61, 130].filter((at) => at === 0 || at < live.length)) {
            const page = await pageIds(nodes, 1, order, start);
            expect({ nodes, order, start, page }).toEqual({ nodes, order, start, page: pageOf(live, 1, order, start, 5) });
          }
        }
      }
    };
    await checkAcrossChanges(rows, [{ kind: 'trash', at: 4 }, { kind: 'trash', at: 1 }, { kind: 'purge', at: 10 }, { kind: 'restore', at: 4 }, { kind: 'update', at: 2, values: { name: 'a-12', serial: 's13wkz' }, location: 1, manufacturer: 0 }] as Change[], check);
  });

  test('dropdown criteria only (counted per combination, pages through one dropdown index): random computers and criteria, then random changes', async () => {
    const dropdownLeaf = leaf.filter((l) => l.kind !== 'text');
    const dropdownNode: fc.Arbitrary<Node> = fc.oneof(
      { weight: 3, arbitrary: fc.record({ link, leaf: dropdownLeaf }) },
      { weight: 1, arbitrary: fc.record({ link, group: fc.array(fc.record({ link, leaf: dropdownLeaf }), { minLength: 1, maxLength: 3 }) }) },
    );
    // Rows where the location mostly decides the manufacturer: the count table then often proves
    // a manufacturer criterion redundant, and the page reads the location's index alone.
    const input = fc.record({ values, location: fc.nat(4), manufacturer: fc.nat(2) }).map((i) => (i.location % 2 ? { ...i, manufacturer: 1 } : i));
    let counted = 0;
    let narrowed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(input, { minLength: 1, maxLength: 25 }), fc.array(fc.array(dropdownNode, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), fc.array(change, { maxLength: 8 }), fc.nat(1_000_000), async (inputs, queries, changes, at) => {
        const ids = await bulk(glpi, 'Computer', inputs.map((i) => ({ ...i.values, locations_id: locations[i.location], manufacturers_id: manufacturers[i.manufacturer] })));
        let rows: Model[] = ids.map((id, i) => ({ id, values: { ...inputs[i]!.values }, locations_id: locations[inputs[i]!.location]!, manufacturers_id: manufacturers[inputs[i]!.manufacturer]!, is_deleted: false }));
        const paths = async () => {
          for (const nodes of queries) {
            const res = await search(glpi, 'Computer', { criteria: toCriteria(nodes), forcedisplay: [2], range: '0-4', sort: 1, rawdata: 1 });
            const sqlText = (res.body as { rawdata: { sql: { count: string[]; search: string } } }).rawdata.sql;
            if (sqlText.count[0]?.includes('glpi_computers__counts')) counted++;
            // Read through one dropdown's values alone: none of the criteria's own sub-queries is left.
            if (sqlText.search.includes('json_each') && !/glpi_(locations|manufacturers) h/.test(sqlText.search)) narrowed++;
          }
        };
        try {
          await paths();
          await compare(rows, queries, [], at);
          for (const c of changes) rows = await apply(rows, c);
          await compare(rows, queries, [], at + 1);
        } finally {
          if (rows.length) await glpi.del('Computer/', { body: { input: rows.map((r) => ({ id: r.id })), force_purge: true } });
        }
      }),
      { numRuns: 30, seed: 20261124 },
    );
    // Every such search was counted from the combinations; some pages were read through one dropdown index alone.
    expect(counted).toBeGreaterThan(30);
    expect(narrowed).toBeGreaterThan(0);
  });

  test('random computers, random criteria, then random updates, trash, restore, purge, bulk adds, bulk updates and bulk purges', async () => {
    const textQuery = fc.tuple(fc.constantFrom(...FIELD_NAMES), anchored);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ values, location: fc.nat(4), manufacturer: fc.nat(2) }), { minLength: 1, maxLength: 25 }),
        fc.array(criteria.filter(usable), { minLength: 1, maxLength: 4 }),
        fc.array(textQuery, { minLength: 1, maxLength: 3 }),
        fc.array(change, { maxLength: 8 }),
        fc.nat(),
        async (inputs, queries, texts, changes, at) => {
          const ids = await bulk(glpi, 'Computer', inputs.map((i) => ({ ...i.values, locations_id: locations[i.location], manufacturers_id: manufacturers[i.manufacturer] })));
          let rows: Model[] = ids.map((id, i) => ({
            id,
            values: { ...inputs[i]!.values },
            locations_id: locations[inputs[i]!.location]!,
            manufacturers_id: manufacturers[inputs[i]!.manufacturer]!,
            is_deleted: false,
          }));
          try {
            await compare(rows, queries, texts, at);
            for (const c of changes) rows = await apply(rows, c);
            await compare(rows, queries, texts, at + 1);
          } finally {
            if (rows.length) await glpi.del('Computer/', { body: { input: rows.map((r) => ({ id: r.id })), force_purge: true } });
          }
        },
      ),
      { numRuns: 40, seed: 20261123 },
    );
  });
});
