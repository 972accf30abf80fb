/**
 * The regular expressions of rule criteria, as GLPI writes them: a PCRE between delimiters
 * (`/^srv-(\d+)/`, `#a|b#i`). They run on RE2 (re2js), whose matching time grows linearly with
 * the text, so no pattern can hang a request; PCRE features RE2 cannot run in linear time
 * (back-references, look-around) are refused when the rule is written, with the error's offset.
 * GLPI matches every criterion pattern case-insensitively, whatever its flags say.
 */
import { RE2JS } from 're2js';

/** Characters of a value a criterion looks at: a longer text (a huge mail body) is cut there. */
export const MAX_SUBJECT = 256 * 1024;

const CLOSING: Record<string, string> = { '(': ')', '{': '}', '[': ']', '<': '>' };
/** PCRE flags RE2 can honour: as inline flags, or (u, D) without effect on RE2's semantics. */
const FLAGS = /^[imsuUD]*$/;

export type Compiled = { ok: true; regex: RE2JS } | { ok: false; message: string; offset: number };

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
    return { ok: true, regex };
  } catch (error) {
    const detail = error as { error?: unknown; input?: unknown; message?: string };
    // RE2JS shows the pattern with the inline flags it was given in front: they are not the user's.
    const fragment = typeof detail.input === 'string' ? detail.input.replace(/^(\(\?[a-zA-Z]+\))+/, '') : '';
    const at = fragment ? source.indexOf(fragment) : -1;
    const reason = typeof detail.error === 'string' ? detail.error : String(detail.message ?? error);
    return { ok: false, message: fragment ? `${reason}: ${fragment}` : reason, offset: 1 + Math.max(at, 0) };
  }
}

/**
 * GLPI's captures of a match: every group of every match, group by group (the whole match left
 * out), so `#0` is the first group's first match. null when the pattern does not match.
 */
export function captures(regex: RE2JS, subject: string): string[] | null {
  const text = subject.length > MAX_SUBJECT ? subject.slice(0, MAX_SUBJECT) : subject;
  const matcher = regex.matcher(text);
  const groups = regex.groupCount();
  const byGroup: string[][] = Array.from({ length: groups }, () => []);
  let found = false;
  while (matcher.find()) {
    found = true;
    for (let g = 1; g <= groups; g++) byGroup[g - 1]!.push(matcher.group(g) ?? '');
    // An empty match moves on by itself in RE2's matcher; a safety stop for the pathological case.
    if (matcher.end() >= text.length) break;
  }
  return found ? byGroup.flat() : null;
}

/** Replaces `#0`, `#1`… in an action's value with the captures of the rule's first regular expression. */
export function withCaptures(value: string, results: readonly string[]): string {
  return value.replace(/#(\d+)/g, (whole, n: string) => results[Number(n)] ?? whole);
}
