import type { Column, ResultRow } from './engine';

/**
 * The search answer keeps GLPI's key order: columns in display order (ID first for ITIL types)
 * and, with `withindexes`, rows in sort order under their ids. JavaScript objects would list
 * integer-like keys first and in ascending order, so those parts are written as JSON text here.
 */
export type Json = string;

export const jsonOf = (value: unknown): Json => JSON.stringify(value ?? null);

export function object(entries: [string, Json][]): Json {
  return `{${entries.map(([k, v]) => `${stringJson(k)}:${v}`).join(',')}}`;
}

export const array = (items: Json[]): Json => `[${items.join(',')}]`;

/** Keys of the columns; a meta column whose id is already a column of the searched type uses its uid. */
export function columnKeys(columns: Column[], uidCols: boolean): string[] {
  const own = new Set<number>();
  for (const c of columns) if (!c.meta) own.add(c.option.id);
  return columns.map((c) => (uidCols || (c.meta && own.has(c.option.id)) ? c.option.uid : String(c.option.id)));
}

/**
 * A string's JSON as JSON.stringify writes it. Most cells are plain text (names, serials): those
 * are quoted as they are, without the call; anything JSON escapes (quotes, backslashes, control
 * characters, surrogates, paired or lone) goes through JSON.stringify.
 */
export function stringJson(text: string): Json {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(text);
  }
  return `"${text}"`;
}

/** A cell's JSON: numbers, nulls and plain text (most cells) without a call to JSON.stringify. */
export function cellJson(value: unknown): Json {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return stringJson(value);
  return JSON.stringify(value);
}

/**
 * Each row's JSON is written from fixed pieces: `{"1":` + cell + `,"3":` + cell… Options sharing a
 * uid (Ticket 4/5/66) share a key with uid_cols: the last one's value wins, at the first one's place.
 */
function rowWriter(keys: string[], allAssets: boolean, cell: (value: unknown) => Json): (row: ResultRow) => Json {
  const winner = new Map<string, number>();
  keys.forEach((key, i) => winner.set(key, i));
  const names = [...winner.keys(), ...(allAssets ? ['id', 'itemtype'] : [])];
  const heads = names.map((key, j) => `${j === 0 ? '{' : ','}${JSON.stringify(key)}:`);
  const at = [...winner.values()];
  if (names.length === 0) return () => '{}';
  return (row) => {
    let out = '';
    for (let j = 0; j < at.length; j++) out += heads[j]! + cell(row.values[at[j]!]);
    if (allAssets) out += heads[at.length]! + jsonOf(row.id) + heads[at.length + 1]! + jsonOf(row.itemtype);
    return `${out}}`;
  };
}

/** `data` (or `data_html`): a list of rows, or with `withindexes` an object keyed by item id. */
export function rowsJson(rows: ResultRow[], keys: string[], opts: { allAssets: boolean; withIndexes: boolean; html: boolean }): Json {
  if (rows.length === 0) return '[]';
  const write = rowWriter(keys, opts.allAssets, opts.html ? (v: unknown) => stringJson(htmlCell(v)) : cellJson);
  if (!opts.withIndexes) {
    // One string grown row by row: no array of rows to join.
    let out = '[';
    for (let i = 0; i < rows.length; i++) out += (i === 0 ? '' : ',') + write(rows[i]!);
    return `${out}]`;
  }
  const rendered = rows.map(write);
  const entries = new Map<string, Json>();
  rows.forEach((row, i) => entries.set(String(row.id), rendered[i]!));
  return object([...entries]);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!);

/** The HTML rendering of a cell for `giveItems`: escaped text, several values one per line. */
export function htmlCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => escapeHtml(String(v))).join('<br>');
  return escapeHtml(String(value));
}
