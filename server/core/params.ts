import * as v from 'valibot';
import { ApiError, badRequest, errors } from './errors';

/** Parameters of one request: query string, then body keys over it. Null-prototype objects. */
export type Params = Record<string, unknown>;

const MAX_PAIRS = 20_000;
const MAX_DEPTH = 12;

export function emptyParams(): Params {
  return Object.create(null) as Params;
}

function decode(text: string): string {
  // Most keys and values hold nothing to decode.
  if (!text.includes('%') && !text.includes('+')) return text;
  const plus = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    // Leave malformed percent sequences as they are, like PHP's urldecode.
    return plus.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/**
 * Splits `a[b][]` into ['a', 'b', ''] (PHP's bracket notation; '.' and ' ' in the base become '_').
 * Past MAX_DEPTH levels the key is refused before the rest of it is read.
 */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key.replace(/[. ]/g, '_')];
  const path = [key.slice(0, open).replace(/[. ]/g, '_')];
  const re = /\[([^\]]*)\]/y;
  re.lastIndex = open;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key))) {
    if (path.length === MAX_DEPTH) throw badRequest(`parameter nesting deeper than ${MAX_DEPTH} levels`);
    path.push(m[1]!);
    if (re.lastIndex >= key.length) break;
  }
  return path;
}

const INTEGER_KEY = /^\d+$/;

/**
 * Puts one value at its path. `nextIndexes` holds, per container, the index the next `[]` takes
 * (PHP's: one past the largest integer key so far), so appending costs the same at any length.
 */
function assign(target: Params, path: string[], value: string, nextIndexes: Map<Params, number>): void {
  let node = target;
  for (let i = 0; i < path.length; i++) {
    const next = nextIndexes.get(node) ?? 0;
    const key = path[i] === '' ? String(next) : path[i]!;
    if (INTEGER_KEY.test(key) && Number(key) >= next) nextIndexes.set(node, Number(key) + 1);
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const existing = node[key];
    if (existing === null || typeof existing !== 'object') node[key] = emptyParams();
    node = node[key] as Params;
  }
}

/** Refuses a query or body of more than MAX_PAIRS pairs before splitting it. */
function checkPairCount(query: string): void {
  let count = 1;
  for (let at = query.indexOf('&'); at >= 0; at = query.indexOf('&', at + 1)) {
    if (++count > MAX_PAIRS) throw badRequest(`too many parameters (at most ${MAX_PAIRS})`);
  }
}

/** Parses a query string (or form body) with PHP's rules: `a[0][b]=x`, `a[]=x`, raw or encoded brackets. */
export function parseQueryString(query: string): Params {
  const params = emptyParams();
  if (query.startsWith('?')) query = query.slice(1);
  if (query === '') return params; // most requests: nothing to split
  checkPairCount(query);
  const nextIndexes = new Map<Params, number>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    if (key === '' || key.startsWith('[')) continue;
    assign(params, keyPath(key), eq < 0 ? '' : decode(pair.slice(eq + 1)), nextIndexes);
  }
  return params;
}

/** Freezes parameters and every object in them: shared between requests, none may change them. */
function frozen(params: Params): Params {
  for (const value of Object.values(params)) if (value !== null && typeof value === 'object') frozen(value as Params);
  return Object.freeze(params);
}

/**
 * Query strings parsed lately: clients send the same ones again and again (a dashboard's search,
 * a polling script), so most requests find their parameters here instead of parsing them anew.
 * Bounded: emptied when full, and only short query strings are kept (this runs before the session
 * is known: long made-up ones cannot fill memory).
 */
const parsedQueries = new Map<string, Params>();
const MAX_QUERIES = 1024;
const MAX_KEPT_QUERY = 1024;

/**
 * A query string's parameters as parseQueryString reads them, frozen: the same object for every
 * request that sends the same query string. A request that adds body keys copies it first.
 */
export function queryParams(query: string): Params {
  if (query.length > MAX_KEPT_QUERY) return frozen(parseQueryString(query));
  let params = parsedQueries.get(query);
  if (params === undefined) {
    params = frozen(parseQueryString(query));
    if (parsedQueries.size >= MAX_QUERIES) parsedQueries.clear();
    parsedQueries.set(query, params);
  }
  return params;
}

const withoutTokens = (key: string, value: unknown) => (key === 'session_token' || key === 'app_token' ? undefined : value);
/** paramsKey's texts of shared (frozen) parameters. */
const keyTexts = new WeakMap<Params, string>();

/**
 * Parameters as a part of a cache key: their JSON without the session and application tokens
 * (which say who asks, as the key's scope does), worked out once for shared parameters.
 */
export function paramsKey(params: Params): string {
  let text = keyTexts.get(params);
  if (text === undefined) {
    text = JSON.stringify(params, withoutTokens);
    if (Object.isFrozen(params)) keyTexts.set(params, text);
  }
  return text;
}

/** Copies plain JSON data into null-prototype objects (no `__proto__` tricks downstream). */
export function toParams(value: unknown, depth = 0): unknown {
  if (depth > 64) throw errors.jsonPayloadInvalid('nested too deeply');
  if (Array.isArray(value)) return value.map((v) => toParams(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out = emptyParams();
    const source = value as Params;
    for (const k of Object.keys(source)) out[k] = toParams(source[k], depth + 1);
    return out;
  }
  return value;
}

export function isObject(value: unknown): value is Params {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A list given either as a JSON array or as bracket notation (`a[0]=…&a[1]=…`). */
export function asList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
  }
  return null;
}

/** A boolean parameter: true/false/1/0 as JSON values or strings (empty means false). */
export const BOOLEAN = v.union([
  v.boolean(),
  v.pipe(v.picklist([0, 1]), v.transform((n) => n === 1)),
  v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(['true', 'false', '1', '0', '']), v.transform((s) => s === 'true' || s === '1')),
]);

/** An id: a non-negative integer as a number or a string of digits. */
const ID = v.union([
  v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,15}$/), v.transform(Number)),
]);

/** Reads a boolean flag; anything but true/false/1/0 is a clear 400. */
export function flag(params: Params, name: string, fallback: boolean): boolean {
  const value = params[name];
  if (value === undefined || value === null) return fallback;
  const res = v.safeParse(BOOLEAN, value);
  if (!res.success) throw badRequest(`parameter ${name} must be a boolean (true, false, 1 or 0)`);
  return res.output;
}

/** A non-negative integer given as a number or a string of digits, else null. */
export function toId(value: unknown): number | null {
  const res = v.safeParse(ID, value);
  return res.success ? res.output : null;
}

export function mergeInto(target: Params, source: Params): void {
  for (const k of Object.keys(source)) target[k] = source[k];
}

/** A query string's parameters with a body's keys over them (a new object: the query's are shared). */
export function withBody(query: Params, body: Params): Params {
  if (Object.keys(body).length === 0) return query;
  const params = emptyParams();
  mergeInto(params, query);
  mergeInto(params, body);
  return params;
}

export { ApiError };
