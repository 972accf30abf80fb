/**
 * No value is pasted into SQL text anywhere in server/: values are `?` parameters (the `sql`
 * fragment builder of server/db/frag.ts binds every interpolation that is not `raw`, and plain
 * strings write `marks(list)` beside the list passed as arguments). The scan reads every plain
 * (untagged) template literal that holds SQL and fails on an interpolation quoted as a string
 * literal (`'${…}'`) or standing where a value goes (after a comparison, in `IN (…)`, after
 * LIMIT/OFFSET or `&`), unless it is a constant of the code (UPPER_CASE), placeholders, a
 * fragment's text, or one of the identifiers listed below with why.
 */
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `file: expression` pairs that interpolate identifiers or the code's own SQL words, not values. */
const IDENTIFIERS: Record<string, string> = {
  'server/search/options.ts: t.name': "registry itemtype names, the cases of a CASE over a polymorphic link's itemtype",
  'server/search/options.ts: key(a)': 'a column expression (the CASE above)',
  'server/search/engine.ts: column': 'a joined column, `alias.column` from the registry',
  'server/items/cascade.ts: noType': "the code's own NULL or ''",
  'server/inventory/match.ts: marks': 'the placeholders of its values',
  'server/import/source.ts: limit': "the import's batch size, a number of the code",
  'server/db/fulltext.ts: table': "a trigger's DDL names its table (from the registry); DDL takes no parameters",
};

const SQL_WORDS = /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|WHERE|JOIN)\b/;
const VALUE_SPOT = /(=|<>|!=|<=|>=|<|>|\bIN \(|\bLIMIT|\bOFFSET|&)\s*\$\{((?:[^{}]|\{[^}]*\})*)\}(?![.\w])/g;
const QUOTED = /'\$\{([^}]*)\}'/g;

interface Template {
  line: number;
  text: string;
  tagged: boolean;
}

/** The template literals of a source file (nested ones too), their interpolations kept as `${expr}`. */
function templates(source: string): Template[] {
  const out: Template[] = [];
  const read = (from: number): number => {
    let j = from;
    let text = '';
    while (j < source.length && source[j] !== '`') {
      if (source[j] === '\\') {
        text += source.slice(j, j + 2);
        j += 2;
      } else if (source[j] === '$' && source[j + 1] === '{') {
        let k = j + 2;
        let depth = 1;
        let expr = '';
        while (k < source.length) {
          const c = source[k]!;
          if (c === '`') {
            const end = read(k + 1);
            expr += source.slice(k, end);
            k = end;
            continue;
          }
          if (c === '{') depth++;
          if (c === '}' && --depth === 0) break;
          expr += c;
          k++;
        }
        text += `\${${expr}}`;
        j = k + 1;
      } else text += source[j++];
    }
    out.push({ line: source.slice(0, from).split('\n').length, text, tagged: /\bsql$/.test(source.slice(Math.max(0, from - 4), from - 1)) });
    return j + 1;
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '/' && source[i + 1] === '/') i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
    else if (c === '/' && source[i + 1] === '*') i = source.indexOf('*/', i) + 2;
    else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      i = j + 1;
    } else if (c === '`') i = read(i + 1);
    else i++;
  }
  return out;
}

const allowed = (file: string, expr: string) =>
  /^[A-Z][A-Z0-9_]*$/.test(expr) || expr.includes("'?'") || /^marks\(.*\)$/.test(expr) || /\.sql$/.test(expr) || `${file}: ${expr}` in IDENTIFIERS;

/** `file:line expression` for each value pasted into SQL text. */
function pasted(file: string, source: string): string[] {
  const found: string[] = [];
  for (const t of templates(source)) {
    if (t.tagged || !SQL_WORDS.test(t.text.replace(/\$\{[^}]*\}/g, ''))) continue;
    for (const m of t.text.matchAll(QUOTED)) if (!(`${file}: ${m[1]}` in IDENTIFIERS)) found.push(`${file}:${t.line} '\${${m[1]}}'`);
    for (const m of t.text.matchAll(VALUE_SPOT)) if (!allowed(file, m[2]!.trim())) found.push(`${file}:${t.line} ${m[1]} \${${m[2]}}`);
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('SQL values are parameters', () => {
  test('the scan finds a pasted value and passes a bound one', () => {
    const bad = [
      'const q = `SELECT * FROM glpi_users WHERE id IN (${ids.join(", ")})`;',
      'const q = `SELECT * FROM t WHERE t.name = \'${name}\'`;',
      'const q = `SELECT 1 FROM t WHERE t.users_id = ${Number(scope.user.id)} AND t.x = 1`;',
      'const q = `SELECT * FROM t WHERE a = 1 LIMIT ${size}`;',
    ];
    for (const line of bad) expect(pasted('x.ts', line), line).toHaveLength(1);
    const good = [
      'const q = `SELECT * FROM ${type.table} t WHERE t.id IN (${marks(ids)}) AND t.${ident(c)} = ?`;',
      'const q = sql`SELECT * FROM t WHERE t.users_id = ${me} AND t.id IN (${inList(ids)})`;',
      'const q = `SELECT * FROM t WHERE t.entities_id = ${alias}.id LIMIT ${MAX_PAGE}`;',
      'const q = `SELECT * FROM t WHERE (${filter.sql})`;',
    ];
    for (const line of good) expect(pasted('x.ts', line), line).toEqual([]);
  });

  test('no value is pasted into SQL text in server/', () => {
    const found = sources('server').flatMap((file) => pasted(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  test('every listed identifier is still where it is said to be', () => {
    for (const entry of Object.keys(IDENTIFIERS)) {
      const [file, expr] = entry.split(': ') as [string, string];
      expect(readFileSync(file, 'utf8'), entry).toContain(`\${${expr}}`);
    }
  });
});
