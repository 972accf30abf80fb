/**
 * A console function does one job: no top-level function of ui/src/**\/*.tsx (component or hook)
 * runs over MAX_LINES lines; a longer one is split into smaller components and hooks.
 *
 * The console's files keep one layout, which this reads without a parser: a top-level function
 * starts at column 0 (`function`, `export function`, `async function`…) and ends at the first line
 * that is exactly `}`. A body line at column 0 that is neither blank nor a closing brace means the
 * layout was broken and the measure cannot be trusted: the test says so instead of passing.
 */
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const UI_SRC = join(import.meta.dir, '..', '..', 'ui', 'src');
const MAX_LINES = 120;

const START = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*(\w+)/;
/** A component written as an arrow function would escape the measure. */
const ARROW_COMPONENT = /^(?:export\s+)?const\s+([A-Z]\w*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:\([^)]*\)|\w+)\s*(?::[^=]+)?=>/;

interface Measured {
  file: string;
  name: string;
  line: number;
  lines: number;
  /** Why the layout could not be read, if it could not. */
  unreadable?: string;
}

/** Every top-level function of one file with its length in lines (signature to closing brace). */
function measure(file: string, text: string): Measured[] {
  const lines = text.split('\n');
  const found: Measured[] = [];
  lines.forEach((line, i) => {
    const arrow = ARROW_COMPONENT.exec(line);
    if (arrow) found.push({ file, name: arrow[1]!, line: i + 1, lines: 0, unreadable: 'a component written as an arrow function: write it as a function declaration' });
    const start = START.exec(line);
    if (!start) return;
    const end = lines.findIndex((l, j) => j > i && l === '}');
    const body = lines.slice(i + 1, end < 0 ? lines.length : end);
    const stray = body.findIndex((l) => l !== '' && !/^\s/.test(l) && !l.startsWith('}'));
    found.push({
      file,
      name: start[1]!,
      line: i + 1,
      lines: end < 0 ? 0 : end - i + 1,
      unreadable: end < 0 ? 'no closing `}` at column 0' : stray >= 0 ? `line ${i + 2 + stray} starts at column 0 inside the function` : undefined,
    });
  });
  return found;
}

function measureAll(): Measured[] {
  return [...new Bun.Glob('**/*.tsx').scanSync(UI_SRC)].sort().flatMap((file) => measure(file, readFileSync(join(UI_SRC, file), 'utf8')));
}

describe('console function size', () => {
  test(`no top-level function of ui/src/**/*.tsx is over ${MAX_LINES} lines`, () => {
    const all = measureAll();
    // The reading found the console's functions (a broken glob would pass with nothing).
    expect(all.length).toBeGreaterThan(150);
    expect(all.filter((m) => m.unreadable).map((m) => `${m.file}:${m.line} ${m.name}: ${m.unreadable}`)).toEqual([]);
    expect(all.filter((m) => m.lines > MAX_LINES).map((m) => `${m.file}:${m.line} ${m.name} is ${m.lines} lines`)).toEqual([]);
  });

  test('the measure reads a function to its closing brace and refuses a layout it cannot read', () => {
    const text = ['import x from "y";', '', 'export function Short() {', '  return (', '    <p />', '  );', '}', '', 'function broken() {', 'const inner = 1;', '}', 'const Arrow = () => <p />;'].join('\n');
    expect(measure('a.tsx', text)).toEqual([
      { file: 'a.tsx', name: 'Short', line: 3, lines: 5, unreadable: undefined },
      { file: 'a.tsx', name: 'broken', line: 9, lines: 3, unreadable: 'line 10 starts at column 0 inside the function' },
      { file: 'a.tsx', name: 'Arrow', line: 12, lines: 0, unreadable: 'a component written as an arrow function: write it as a function declaration' },
    ]);
  });
});
