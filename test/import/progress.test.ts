/** The import's progress output: a line rewritten in place on a terminal, one line per table otherwise. */
import { describe, expect, test } from 'bun:test';
import { Progress } from '../../server/import/progress';

function run(isTTY: boolean): string {
  let out = '';
  let now = 0;
  const progress = new Progress({ isTTY, write: (text) => (out += text) }, () => now);
  progress.begin('glpi_computers', 20_000);
  for (let i = 0; i < 3; i++) {
    now += 1000; // 5 000 rows a second
    progress.advance(5000);
  }
  now += 1000;
  progress.advance(5000);
  progress.end(19_999, 1);
  return out;
}

describe('import progress', () => {
  test('on a terminal: table, rows done, rate and time left, then the table line', () => {
    const out = run(true);
    expect(out).toContain('\r\x1b[Kglpi_computers  10,000 / 20,000 rows  5,000 rows/s  ETA 0:02');
    expect(out).toContain('\r\x1b[Kglpi_computers  15,000 / 20,000 rows  5,000 rows/s  ETA 0:01');
    expect(out.endsWith('\r\x1b[Kglpi_computers: 19,999 rows, 1 skipped in 4.0 s\n')).toBe(true);
  });

  test('elsewhere: one line per table, no control characters', () => {
    expect(run(false)).toBe('glpi_computers: 19,999 rows, 1 skipped in 4.0 s\n');
  });
});
