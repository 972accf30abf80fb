/**
 * Progress while tables are copied: on a terminal one line rewritten in place (table, rows done,
 * rate, time left); otherwise one line per finished table, so logs stay readable.
 */
export interface ProgressSink {
  write(text: string): void;
  isTTY: boolean;
}

export class Progress {
  private table = '';
  private total = 0;
  private done = 0;
  private started = 0;
  private lastDraw = 0;

  constructor(
    private readonly out: ProgressSink,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  begin(table: string, total: number): void {
    this.table = table;
    this.total = total;
    this.done = 0;
    this.started = this.clock();
    this.lastDraw = 0;
  }

  advance(rows: number): void {
    this.done += rows;
    const now = this.clock();
    if (!this.out.isTTY || now - this.lastDraw < 200) return;
    this.lastDraw = now;
    const rate = this.rate(now);
    const eta = rate > 0 ? Math.max(0, (this.total - this.done) / rate) : 0;
    this.out.write(`\r\x1b[K${this.table}  ${this.done.toLocaleString('en')} / ${this.total.toLocaleString('en')} rows  ${Math.round(rate).toLocaleString('en')} rows/s  ETA ${clockTime(eta)}`);
  }

  end(imported: number, skipped: number): void {
    const seconds = (this.clock() - this.started) / 1000;
    const line = `${this.table}: ${imported.toLocaleString('en')} row${imported === 1 ? '' : 's'}${skipped ? `, ${skipped.toLocaleString('en')} skipped` : ''} in ${seconds.toFixed(1)} s`;
    this.out.write(this.out.isTTY ? `\r\x1b[K${line}\n` : `${line}\n`);
  }

  private rate(now: number): number {
    const seconds = (now - this.started) / 1000;
    return seconds > 0 ? this.done / seconds : 0;
  }
}

function clockTime(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
