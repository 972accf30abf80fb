/** The shared progress output (import, backup, restore): a line rewritten in place on a terminal, one line per step otherwise. */
import { describe, expect, test } from 'bun:test';
import { Progress, type ProgressUnit } from '../../server/core/progress';

/** Four seconds of a step, a quarter of `total` a second, on an injected clock. */
function run(isTTY: boolean, step: string, total: number, unit: ProgressUnit, summary: string): string {
  let out = '';
  let now = 0;
  const progress = new Progress({ isTTY, write: (text) => (out += text) }, () => now);
  progress.begin(step, total, unit);
  for (let i = 0; i < 4; i++) {
    now += 1000;
    progress.advance(total / 4);
  }
  progress.end(summary);
  return out;
}

describe('progress', () => {
  test('rows on a terminal: step, rows done, rate and time left, then the step line', () => {
    const out = run(true, 'glpi_computers', 20_000, 'rows', '19,999 rows, 1 skipped');
    expect(out).toContain('\r\x1b[Kglpi_computers  10,000 rows / 20,000 rows  5,000 rows/s  ETA 0:02');
    expect(out).toContain('\r\x1b[Kglpi_computers  15,000 rows / 20,000 rows  5,000 rows/s  ETA 0:01');
    expect(out.endsWith('\r\x1b[Kglpi_computers: 19,999 rows, 1 skipped in 4.0 s\n')).toBe(true);
  });

  test('bytes on a terminal: sizes and rate in binary units', () => {
    const out = run(true, 'documents', 8 * 1024 * 1024, 'bytes', '3 files, 8.0 MiB');
    expect(out).toContain('\r\x1b[Kdocuments  4.0 MiB / 8.0 MiB  2.0 MiB/s  ETA 0:02');
    expect(out).toContain('\r\x1b[Kdocuments  8.0 MiB / 8.0 MiB  2.0 MiB/s  ETA 0:00');
    expect(out.endsWith('\r\x1b[Kdocuments: 3 files, 8.0 MiB in 4.0 s\n')).toBe(true);
  });

  test('elsewhere: one line per step, no control characters', () => {
    expect(run(false, 'glpi_computers', 20_000, 'rows', '19,999 rows, 1 skipped')).toBe('glpi_computers: 19,999 rows, 1 skipped in 4.0 s\n');
    expect(run(false, 'documents', 1024, 'bytes', '1 file, 1.0 KiB')).toBe('documents: 1 file, 1.0 KiB in 4.0 s\n');
  });
});
