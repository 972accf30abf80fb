/**
 * The SQL builder every query assembled from parts uses (lists, search, the access filter):
 * fragments with their bound values. Identifiers (tables, columns, aliases) come from the registry
 * and are inlined with `raw`; every value (from a request, a session, a row) is a `?` parameter,
 * kept next to the text so pieces can be assembled in any order without losing track of them.
 * test/foundation/sql-values.test.ts fails on a value pasted into SQL text anywhere in server/.
 */
export type Arg = string | number;

export class Frag {
  constructor(
    readonly sql: string,
    readonly args: readonly Arg[] = [],
  ) {}
}

export const raw = (text: string): Frag => new Frag(text);
export const TRUE = raw('1');
export const FALSE = raw('0');

/** `sql\`a = ${value} AND ${otherFrag}\``: plain values become parameters, fragments are inlined. */
export function sql(strings: TemplateStringsArray, ...values: (Frag | Arg)[]): Frag {
  // Plain loops: searches assemble hundreds of fragments per request.
  let text = strings[0]!;
  const args: Arg[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value instanceof Frag) {
      text += value.sql;
      for (const arg of value.args) args.push(arg);
    } else {
      text += '?';
      args.push(value);
    }
    text += strings[i + 1]!;
  }
  return new Frag(text, args);
}

export function joinFrags(parts: readonly Frag[], separator: string): Frag {
  let text = '';
  const args: Arg[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    text = i === 0 ? part.sql : text + separator + part.sql;
    for (const arg of part.args) args.push(arg);
  }
  return new Frag(text, args);
}

/** AND of conditions, dropping trivially true ones; `1` when nothing is left. */
export function and(parts: readonly Frag[]): Frag {
  const real = parts.filter((p) => p.sql !== '1');
  if (real.some((p) => p.sql === '0')) return FALSE;
  if (real.length === 0) return TRUE;
  return real.length === 1 ? real[0]! : joinFrags(real.map((p) => sql`(${p})`), ' AND ');
}

export function not(part: Frag): Frag {
  if (part.sql === '1') return FALSE;
  if (part.sql === '0') return TRUE;
  return sql`NOT (${part})`;
}

/** OR of conditions, dropping never-true ones; `0` when nothing is left, `1` when one always holds. */
export function or(parts: readonly Frag[]): Frag {
  const real = parts.filter((p) => p.sql !== '0');
  if (real.some((p) => p.sql === '1')) return TRUE;
  if (real.length === 0) return FALSE;
  return real.length === 1 ? real[0]! : joinFrags(real, ' OR ');
}

/** `?, ?, ?` for the `IN (…)` of a plain SQL string, its values passed beside it; `NULL` for none. */
export const marks = (values: readonly unknown[]): string => (values.length === 0 ? 'NULL' : `?${', ?'.repeat(values.length - 1)}`);

/** Beyond this many values a list is one JSON parameter: a filter repeats its lists, and SQLite bounds the parameters of a statement. */
export const LONG_LIST = 64;

/**
 * The inside of `IN (…)`: one parameter per value (the planner sees a list), `NULL` for none; a
 * long list (a session in thousands of entities) is one JSON parameter read by json_each.
 */
export function inList(values: readonly Arg[]): Frag {
  if (values.length === 0) return raw('NULL');
  if (values.length > LONG_LIST) return new Frag('SELECT value FROM json_each(?)', [JSON.stringify(values)]);
  return new Frag(marks(values), values);
}

/** A list of ids bound as one JSON parameter: the SQL text stays the same whatever the count. */
export function idSet(ids: readonly number[]): Frag {
  return sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** Unique aliases for one query, so nested sub-queries never shadow each other. */
export class Aliases {
  private n = 0;
  next(prefix: string): string {
    this.n++;
    return `${prefix}${this.n}`;
  }
}
