/**
 * The regular expressions of rule criteria, as GLPI writes them: a PCRE between delimiters
 * (`/^srv-(\d+)/`, `#a|b#i`), always matched without case, as GLPI does. They run on RE2
 * (re2js), whose matching time grows linearly with the text. A pattern RE2 cannot run because it
 * looks around (GLPI's own "Auto-Reply Auto-Submitted" rule has `(?!…)`) runs on JavaScript's
 * engine only when no quantified part holds another quantifier (what backtracks
 * catastrophically) and on the first 8 KiB of the text, so it stays bounded too.
 * Back-references and anything else neither can run safely are refused when the rule is
 * written, with the offset of the error in the pattern.
 */
import { RE2JS } from 're2js';

/** Characters of a value a criterion looks at: a longer text (a huge mail body) is cut there. */
export const MAX_SUBJECT = 256 * 1024;
/** The same for a look-around pattern on JavaScript's backtracking engine. */
export const MAX_BACKTRACKING_SUBJECT = 8 * 1024;

const CLOSING: Record<string, string> = { '(': ')', '{': '}', '[': ']', '<': '>' };
/** PCRE flags both engines can honour (u and D change nothing here). */
const FLAGS = /^[imsuUD]*$/;

/** A compiled criterion pattern: GLPI's captures of the text, or null when it does not match. */
export interface RulePattern {
  captures(subject: string): string[] | null;
}

export type Compiled = { ok: true; regex: RulePattern } | { ok: false; message: string; offset: number };

/**
 * GLPI's captures of a match: every group of every match, group by group (the whole match left
 * out), so `#0` is the first group's first match.
 */
function byGroup(groups: number, each: (visit: (group: (g: number) => string | null) => void) => void): string[] | null {
  const found: string[][] = Array.from({ length: groups }, () => []);
  let matched = false;
  each((group) => {
    matched = true;
    for (let g = 1; g <= groups; g++) found[g - 1]!.push(group(g) ?? '');
  });
  return matched ? found.flat() : null;
}

const META = new Set([...'\\^$.|?*+()[]{}']);
const QUANTIFIER = new Set([...'?*+{']);

/**
 * A run of plain characters every match contains (the longest outside groups, classes and
 * quantified characters, lower-cased), or '' when none is sure (a top-level alternative).
 */
export function requiredLiteral(source: string): string {
  let best = '';
  let run = '';
  let depth = 0;
  const end = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      if (next === 'Q') return ''; // \Q…\E quotes what follows: not worth reading
      i++;
      // An escaped punctuation mark is itself; \d, \w, \b… are not plain characters.
      if (depth === 0 && /[^A-Za-z0-9]/.test(next) && !QUANTIFIER.has(source[i + 1] ?? '')) run += next;
      else end();
      continue;
    }
    if (ch === '[') {
      end();
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      i = j;
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) return '';
    if (META.has(ch) || depth > 0 || QUANTIFIER.has(source[i + 1] ?? '')) {
      end();
      continue;
    }
    run += ch;
  }
  end();
  return /^[\x20-\x7e]*$/.test(best) ? best.toLowerCase() : '';
}

/** Texts lately scanned, lower-cased when pure ASCII (null otherwise): the criteria of a run test the same few fields. */
const scanned = new Map<string, string | null>();

function asciiLower(text: string): string | null {
  let known = scanned.get(text);
  if (known === undefined) {
    if (scanned.size >= 16) scanned.clear();
    scanned.set(text, (known = /[^\x00-\x7f]/.test(text) ? null : text.toLowerCase()));
  }
  return known;
}

function re2Pattern(regex: RE2JS, literal: string): RulePattern {
  return {
    captures(subject) {
      const text = subject.length > MAX_SUBJECT ? subject.slice(0, MAX_SUBJECT) : subject;
      // RE2JS is slow to scan a long text: an ASCII text without the literal every match holds cannot match.
      if (literal !== '' && asciiLower(text)?.includes(literal) === false) return null;
      const matcher = regex.matcher(text);
      return byGroup(regex.groupCount(), (visit) => {
        while (matcher.find()) {
          visit((g) => matcher.group(g));
          if (matcher.end() >= text.length) break;
        }
      });
    },
  };
}

function backtrackingPattern(regex: RegExp, groups: number): RulePattern {
  return {
    captures(subject) {
      const text = subject.length > MAX_BACKTRACKING_SUBJECT ? subject.slice(0, MAX_BACKTRACKING_SUBJECT) : subject;
      return byGroup(groups, (visit) => {
        for (const match of text.matchAll(regex)) visit((g) => match[g] ?? null);
      });
    },
  };
}

/**
 * Where a quantified group holds a quantifier itself (`(a+)+`, `(\w*x)*`): the shape of catastrophic
 * backtracking. -1 when there is none.
 */
export function nestedQuantifier(source: string): number {
  const open: { at: number; quantified: boolean }[] = [];
  let lastGroup: { at: number; quantified: boolean } | null = null;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      i++;
      lastGroup = null;
      continue;
    }
    if (ch === '[') {
      // A character class: up to its closing bracket (a leading ] or an escaped one belongs to it).
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      i = j;
      lastGroup = null;
      continue;
    }
    if (ch === '(') {
      open.push({ at: i, quantified: false });
      lastGroup = null;
      continue;
    }
    if (ch === ')') {
      lastGroup = open.pop() ?? null;
      if (lastGroup?.quantified && open.length > 0) open[open.length - 1]!.quantified = true;
      continue;
    }
    const quantifier = ch === '*' || ch === '+' || (ch === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(i)));
    if (quantifier || (ch === '?' && source[i - 1] !== '(')) {
      // `?` alone repeats nothing: only * + {n,} make a group a loop.
      const loops = quantifier && !(ch === '{' && /^\{\d+\}/.test(source.slice(i)));
      if (lastGroup && lastGroup.quantified && loops) return lastGroup.at;
      if (open.length > 0 && loops) open[open.length - 1]!.quantified = true;
      lastGroup = null;
      continue;
    }
    lastGroup = null;
  }
  return -1;
}

/** Compiles a delimited pattern; `offset` (0-based, in the pattern as written) tells where it fails. */
export function compileRulePattern(pattern: string): Compiled {
  const open = pattern[0];
  if (open === undefined || /[\\\sA-Za-z0-9]/.test(open)) {
    return { ok: false, message: 'a regular expression starts with a delimiter, such as /…/', offset: 0 };
  }
  const close = pattern.lastIndexOf(CLOSING[open] ?? open);
  if (close <= 0) return { ok: false, message: `no closing delimiter ${CLOSING[open] ?? open}`, offset: pattern.length };
  const flags = pattern.slice(close + 1);
  if (!FLAGS.test(flags)) {
    const bad = [...flags].findIndex((f) => !FLAGS.test(f));
    return { ok: false, message: `unsupported flag ${flags[bad]}`, offset: close + 1 + bad };
  }
  const source = pattern.slice(1, close);
  const inline = [...new Set(flags.replace(/[iuD]/g, ''))].join('');
  try {
    const regex = RE2JS.compile(inline ? `(?${inline})${source}` : source, RE2JS.CASE_INSENSITIVE);
    return { ok: true, regex: re2Pattern(regex, requiredLiteral(source)) };
  } catch (error) {
    const detail = error as { error?: unknown; input?: unknown; message?: string };
    // RE2JS shows the pattern with the inline flags it was given in front: they are not the user's.
    const fragment = typeof detail.input === 'string' ? detail.input.replace(/^(\(\?[a-zA-Z]+\))+/, '') : '';
    const at = 1 + Math.max(fragment ? source.indexOf(fragment) : 0, 0);
    const reason = typeof detail.error === 'string' ? detail.error : String(detail.message ?? error);
    const refused: Compiled = { ok: false, message: fragment ? `${reason}: ${fragment}` : reason, offset: at };
    return /^\(\?<?[=!]/.test(fragment) ? lookAround(source, flags, refused) : refused;
  }
}

/** A look-around pattern, on JavaScript's engine when it cannot backtrack catastrophically. */
function lookAround(source: string, flags: string, refused: Compiled): Compiled {
  const nested = nestedQuantifier(source);
  if (nested >= 0) return { ok: false, message: 'a repeated group that repeats inside (catastrophic backtracking)', offset: 1 + nested };
  if (flags.includes('U')) return refused;
  try {
    const regex = new RegExp(source, `gi${flags.includes('m') ? 'm' : ''}${flags.includes('s') ? 's' : ''}`);
    const groups = new RegExp(`${source}|`).exec('')!.length - 1;
    return { ok: true, regex: backtrackingPattern(regex, groups) };
  } catch {
    return refused;
  }
}

/**
 * Replaces `#0`…`#9` in an action's value with the rule's captures, as GLPI: one digit (`#12` is
 * `#1` then `2`), a number past the captures becomes empty, and a value is kept as written when
 * the rule captured nothing.
 */
export function withCaptures(value: string, results: readonly string[]): string {
  if (results.length === 0) return value;
  return value.replace(/#(\d)/g, (_, n: string) => results[Number(n)] ?? '');
}
