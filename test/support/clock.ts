import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The time of a server started with `--test-clock`: frozen until a test moves it, so nothing
 * depends on how fast the machine runs (argon2, a loaded CPU).
 */
export class TestClock {
  readonly file = join(mkdtempSync(join(tmpdir(), 'deskbase-clock-')), 'now');
  private current: number;

  constructor(start = Date.UTC(2026, 0, 15, 9, 0, 0)) {
    this.current = start;
    this.write();
  }

  get now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
    this.write();
  }

  /** The server's command-line arguments for this clock. */
  get args(): string[] {
    return ['--test-clock', this.file];
  }

  private write(): void {
    writeFileSync(this.file, String(this.current));
  }
}
