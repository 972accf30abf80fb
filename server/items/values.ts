import * as v from 'valibot';
import type { Column } from '../registry/columns';
import type { Itemtype } from '../registry';

/** Input value of one column after validation, ready for SQLite. */
export type DbValue = string | number | null;

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const INT_TEXT = /^-?\d{1,16}$/;
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

function validCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Accepts `YYYY-MM-DD[ HH:MM[:SS]]` and answers GLPI's `YYYY-MM-DD HH:MM:SS` (or the date alone). */
function dateSchema(withTime: boolean) {
  const expected = withTime ? 'expected a date as YYYY-MM-DD HH:MM:SS' : 'expected a date as YYYY-MM-DD';
  return v.pipe(
    v.string(expected),
    v.trim(),
    v.check((s) => {
      const m = DATETIME.exec(s);
      if (!m || !validCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
      return m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60);
    }, expected),
    v.transform((s) => {
      const m = DATETIME.exec(s)!;
      const day = `${m[1]}-${m[2]}-${m[3]}`;
      return withTime ? `${day} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}` : day;
    }),
  );
}

const intSchema = (col: Column) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.regex(INT_TEXT), v.transform(Number)), v.pipe(v.boolean(), v.transform(Number))],
      'expected an integer',
    ),
    v.integer('expected an integer'),
    v.minValue(col.unsigned ? 0 : Number.MIN_SAFE_INTEGER, col.unsigned ? 'expected a number >= 0' : 'number too small'),
    v.maxValue(Number.MAX_SAFE_INTEGER, 'number too large'),
  );

const boolSchema = v.union(
  [
    v.pipe(v.boolean(), v.transform((b) => (b ? 1 : 0))),
    v.pipe(v.picklist([0, 1]), v.transform((n) => n)),
    v.pipe(v.picklist(['0', '1', 'true', 'false']), v.transform((s) => (s === '1' || s === 'true' ? 1 : 0))),
  ],
  'expected a boolean (true, false, 1 or 0)',
);

const numberSchema = v.union(
  [v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.trim(), v.regex(NUMBER_TEXT), v.transform(Number))],
  'expected a number',
);

function textSchema(col: Column) {
  const max = col.size ?? 255;
  return v.pipe(
    v.union([v.string(), v.pipe(v.number(), v.transform(String))], 'expected a string'),
    v.maxLength(max, `longer than ${max} characters`),
  );
}

function baseSchema(col: Column) {
  switch (col.kind) {
    case 'int':
      return intSchema(col);
    case 'bool':
      return boolSchema;
    case 'decimal':
    case 'float':
      return numberSchema;
    case 'datetime':
      return dateSchema(true);
    case 'date':
      return dateSchema(false);
    default:
      return textSchema(col);
  }
}

/**
 * The valibot schema of one column's input; nullable columns accept null and '' for dates.
 * Every schema carries its own messages, so a failure reads "expected …", not a type dump.
 */
export function columnSchema(col: Column): v.GenericSchema<unknown, DbValue> {
  const base = baseSchema(col) as v.GenericSchema<unknown, DbValue>;
  if (!col.nullable) return base;
  if (col.kind === 'datetime' || col.kind === 'date') {
    return v.pipe(v.unknown(), v.transform((x) => (x === '' || x === 'NULL' ? null : x)), v.nullable(base)) as v.GenericSchema<unknown, DbValue>;
  }
  return v.nullable(base) as v.GenericSchema<unknown, DbValue>;
}

const schemaCache = new WeakMap<Column, v.GenericSchema<unknown, DbValue>>();

/**
 * The values most inputs carry (a whole number for an integer column, a short enough string for
 * a text one) pass their schema unchanged: answered without it, as a bulk add checks thousands.
 */
function plainlyValid(col: Column, value: unknown): boolean {
  if (typeof value === 'number') return col.kind === 'int' && Number.isSafeInteger(value) && (value >= 0 || !col.unsigned);
  return typeof value === 'string' && (col.kind === 'string' || col.kind === 'text') && value.length <= (col.size ?? 255);
}

/** Validates one value for a column: the cleaned value, or a message. */
export function checkValue(col: Column, value: unknown): { ok: true; value: DbValue } | { ok: false; message: string } {
  if (plainlyValid(col, value)) return { ok: true, value: value as DbValue };
  let schema = schemaCache.get(col);
  if (!schema) schemaCache.set(col, (schema = columnSchema(col)));
  const res = v.safeParse(schema, value);
  if (res.success) return { ok: true, value: res.output };
  return { ok: false, message: `Field ${col.name}: ${res.issues[0].message}` };
}

/** How a stored value is shown: DECIMAL columns as fixed-point strings, like MySQL. */
export function outputValue(col: Column | undefined, value: unknown): unknown {
  if (col?.kind === 'decimal' && typeof value === 'number') return value.toFixed(col.size ?? 0);
  return value;
}

/** The default of a column for a new row (NULL-able columns without default stay NULL). */
export function defaultValue(col: Column): DbValue {
  if (col.default !== null) return col.default;
  if (col.nullable) return null;
  return col.kind === 'int' || col.kind === 'bool' || col.kind === 'decimal' || col.kind === 'float' ? 0 : '';
}

export function writableColumns(type: Itemtype): Column[] {
  return type.columns.filter((c) => c.name !== 'id' && !type.computed.includes(c.name));
}
