/**
 * Progress of a long command (import, backup, restore), step by step: on a terminal one line
 * rewritten in place (step, amount done, rate, time left); otherwise one line per finished step,
 * so logs stay readable.
 */
export interface ProgressSink {
  write(text: string): void;
  isTTY: boolean;
}

/** What a step counts: table rows or bytes. */
export type ProgressUnit = 'rows' | 'bytes';

export class Progress {
  private step = '';
  private unit: ProgressUnit = 'rows';
  private total = 0;
  private done = 0;
  private started = 0;
  private lastDraw = 0;

  constructor(
    private readonly out: ProgressSink,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  begin(step: string, total: number, unit: ProgressUnit = 'rows'): void {
    this.step = step;
    this.unit = unit;
    this.total = total;
    this.done = 0;
    this.started = this.clock();
    this.lastDraw = 0;
  }

  advance(amount: number): void {
    this.done += amount;
    const now = this.clock();
    if (!this.out.isTTY || now - this.lastDraw < 200) return;
    this.lastDraw = now;
    const rate = this.rate(now);
    const eta = rate > 0 ? Math.max(0, (this.total - this.done) / rate) : 0;
    this.out.write(`\r\x1b[K${this.step}  ${this.amount(this.done)} / ${this.amount(this.total)}  ${this.amount(rate)}/s  ETA ${clockTime(eta)}`);
  }

  /** Closes the step with its line: "<step>: <summary> in <seconds> s". */
  end(summary: string): void {
    const seconds = (this.clock() - this.started) / 1000;
    const line = `${this.step}: ${summary} in ${seconds.toFixed(1)} s`;
    this.out.write(this.out.isTTY ? `\r\x1b[K${line}\n` : `${line}\n`);
  }

  private amount(n: number): string {
    return this.unit === 'bytes' ? formatBytes(Math.round(n)) : `${Math.round(n).toLocaleString('en')} rows`;
  }

  private rate(now: number): number {
    const seconds = (now - this.started) / 1000;
    return seconds > 0 ? this.done / seconds : 0;
  }
}

/** Progress that prints nothing (callers that do not report). */
export const silentProgress = (): Progress => new Progress({ isTTY: false, write: () => {} });

function clockTime(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
