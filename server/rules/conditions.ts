/**
 * GLPI's criteria conditions (its Rule class constants) and what each means for a value. Text
 * comparisons ignore case, as GLPI's; an empty pattern is never contained nor a prefix. A value
 * that is a list (a ticket's requesters) holds a positive condition when one element does, a
 * negative one (is not, does not contain, does not match, not under, does not exist) when every
 * element does.
 */
import type { RulePattern } from './regex';

export const CONDITION = {
  IS: 0,
  IS_NOT: 1,
  CONTAINS: 2,
  NOT_CONTAINS: 3,
  BEGINS: 4,
  ENDS: 5,
  REGEX_MATCH: 6,
  REGEX_NOT_MATCH: 7,
  EXISTS: 8,
  NOT_EXISTS: 9,
  FIND: 10,
  UNDER: 11,
  NOT_UNDER: 12,
  IS_EMPTY: 30,
  /** RuleImportAsset's flags (GLPI's PATTERN_ENTITY_RESTRICT, …_NETWORK_PORT_RESTRICT, …_ONLY_CRITERIA_RULE): see engine.ts. */
  ENTITY_RESTRICT: 202,
  PORT_RESTRICT: 203,
  ONLY_CRITERIA: 204,
  CIDR: 333,
  NOT_CIDR: 334,
} as const;

const NEGATIVE = new Set<number>([CONDITION.IS_NOT, CONDITION.NOT_CONTAINS, CONDITION.REGEX_NOT_MATCH, CONDITION.NOT_UNDER, CONDITION.NOT_EXISTS, CONDITION.NOT_CIDR]);
/** Conditions that compare a dropdown's id, not its name. */
export const BY_ID = new Set<number>([CONDITION.IS, CONDITION.IS_NOT, CONDITION.UNDER, CONDITION.NOT_UNDER, CONDITION.EXISTS, CONDITION.NOT_EXISTS, CONDITION.IS_EMPTY]);
export const KNOWN = new Set<number>(Object.values(CONDITION));

/** PHP's empty(): what GLPI's exists / does not exist test. */
export const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === '0' || v === 0 || v === false || (Array.isArray(v) && v.length === 0);

/** An IPv4 address as a number, or null. */
function ipv4(text: string): number | null {
  const parts = text.trim().split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** An IPv4 range written `10.1.0.0/16` (or one address): the addresses it holds. */
export function cidrRange(pattern: string): { from: number; to: number } | null {
  const [address, bits = '32'] = pattern.trim().split('/');
  const base = ipv4(address ?? '');
  const size = /^\d{1,2}$/.test(bits) && Number(bits) <= 32 ? 2 ** (32 - Number(bits)) : null;
  if (base === null || size === null) return null;
  const from = base - (base % size);
  return { from, to: from + size - 1 };
}

export interface PreparedCriterion {
  condition: number;
  /** Lower-cased pattern for the text conditions. */
  text: string;
  /** The compiled regular expression (null when it does not compile: the criterion never holds). */
  regex: RulePattern | null;
  /** For under / not under: the pattern's row and every row below it. */
  subtree: ReadonlySet<string> | null;
  /** For the IP range conditions: the range (null: the pattern is not one, nothing is in it). */
  range?: { from: number; to: number } | null;
}

export interface Holding {
  holds: boolean;
  /** The captures of a matching regular expression: one list per value that matched (a list's elements in order). */
  captures?: string[][];
}

/** Values lately lower-cased: the criteria of a run compare the same few fields (a long description). */
const lowered = new Map<string, string>();

function lower(raw: string): string {
  let known = lowered.get(raw);
  if (known === undefined) {
    if (lowered.size >= 32) lowered.clear();
    lowered.set(raw, (known = raw.toLowerCase()));
  }
  return known;
}

const HOLDS: Holding = { holds: true };
const FAILS: Holding = { holds: false };
const verdict = (holds: boolean) => (holds ? HOLDS : FAILS);

function scalarHolds(c: PreparedCriterion, value: unknown): Holding {
  const raw = value === null || value === undefined ? '' : String(value);
  switch (c.condition) {
    case CONDITION.IS: return verdict(lower(raw) === c.text);
    case CONDITION.IS_NOT: return verdict(lower(raw) !== c.text);
    case CONDITION.CONTAINS: return verdict(c.text !== '' && lower(raw).includes(c.text));
    case CONDITION.NOT_CONTAINS: return verdict(c.text !== '' && !lower(raw).includes(c.text));
    case CONDITION.BEGINS: return verdict(c.text !== '' && lower(raw).startsWith(c.text));
    case CONDITION.ENDS: return verdict(c.text !== '' && lower(raw).endsWith(c.text));
    case CONDITION.REGEX_MATCH: {
      const found = c.regex ? c.regex.captures(raw) : null;
      return found ? { holds: true, captures: [found] } : FAILS;
    }
    case CONDITION.REGEX_NOT_MATCH: return verdict(c.regex !== null && c.regex.captures(raw) === null);
    case CONDITION.UNDER: return verdict(c.subtree?.has(raw) ?? false);
    case CONDITION.NOT_UNDER: return verdict(!(c.subtree?.has(raw) ?? false));
    case CONDITION.CIDR:
    case CONDITION.NOT_CIDR: {
      const ip = ipv4(raw);
      const inside = ip !== null && !!c.range && ip >= c.range.from && ip <= c.range.to;
      return verdict(c.condition === CONDITION.CIDR ? inside : !inside);
    }
    case CONDITION.EXISTS: return verdict(!isEmpty(value));
    case CONDITION.NOT_EXISTS:
    case CONDITION.IS_EMPTY: return verdict(isEmpty(value));
    default: return FAILS;
  }
}

/** Does the criterion hold for the value (a scalar or a list)? */
export function holds(c: PreparedCriterion, value: unknown): Holding {
  if (!Array.isArray(value)) return scalarHolds(c, value);
  if (c.condition === CONDITION.EXISTS) return verdict(value.some((v) => !isEmpty(v)));
  if (c.condition === CONDITION.NOT_EXISTS || c.condition === CONDITION.IS_EMPTY) return verdict(value.every(isEmpty));
  if (NEGATIVE.has(c.condition)) return verdict(value.every((v) => scalarHolds(c, v).holds));
  if (c.condition !== CONDITION.REGEX_MATCH) return verdict(value.some((v) => scalarHolds(c, v).holds));
  // A regular expression is tried on every element, as GLPI: each that matches gives its captures.
  const captures = value.flatMap((v) => scalarHolds(c, v).captures ?? []);
  return captures.length > 0 ? { holds: true, captures } : FAILS;
}
