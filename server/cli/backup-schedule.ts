/**
 * Scheduled backups: every `backup_interval_hours` (a Config setting; 0 turns them off) the server
 * backs its data folder up into `backup_folder` as `deskbase-backup-<UTC time>/`, and keeps the
 * newest `backup_keep` of them.
 *
 * Time is the server clock (injectable): the schedule is checked at each request and every few
 * seconds, so a test moving its clock sees the backup start on its next request. The backup runs
 * in a worker thread (backup-worker.ts) into a hidden `.…partial` folder renamed when complete;
 * pruning deletes only folders named like ours whose manifest says the schedule made them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { LastBackup } from '../api/health';
import { now } from '../core/clock';
import { formatBytes } from '../core/progress';
import type { Settings } from '../db/settings';
import type { BackupSchedule } from '../http/site-routes';
import { logError, logEvent } from '../http/log';
import { MANIFEST_FILE } from './backup';
import { runBackupJob } from './backup-worker';
import { stamp } from './fsutil';

const NAME = /^deskbase-backup-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)(?:-\d+)?$/;
const HOUR = 3_600_000;
/** Real-time period of the check when no request comes. */
const CHECK_EVERY_MS = 5_000;

/** The folder of the scheduled backups: the setting (an absolute path), else beside the data folder. */
export function backupFolderOf(setting: string, dataDir: string): string {
  const folder = setting.trim();
  if (folder === '') return `${dataDir}-backups`;
  if (!isAbsolute(folder)) throw new Error(`backup_folder must be an absolute path, not "${folder}"`);
  return folder;
}

/** The scheduled backups in a folder, oldest first: our names, and a manifest saying we made them. */
function scheduledBackups(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.filter((name) => NAME.test(name) && madeBySchedule(join(folder, name))).sort();
}

function madeBySchedule(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as { made_by?: unknown }).made_by === 'schedule';
  } catch {
    return false;
  }
}

/** The time a backup's name carries. */
function timeOfName(name: string): number {
  const [, y, mo, d, h, mi, s] = NAME.exec(name)!.map(Number);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

/** A name not taken yet, neither as a backup nor as a partial one. */
function freeName(folder: string, at: number): string {
  const base = `deskbase-backup-${stamp(new Date(at))}`;
  let name = base;
  for (let i = 2; existsSync(join(folder, name)) || existsSync(join(folder, `.${name}.partial`)); i++) name = `${base}-${i}`;
  return name;
}

export class BackupScheduler implements BackupSchedule {
  private lastResult: LastBackup | null = null;
  /** When the last backup was taken or tried (null: none known). */
  private lastAt: number | null;
  /** Since when the schedule has been on: the first backup comes one interval later. */
  private onSince = now();
  private running: { cancel: () => Promise<unknown>; target: string } | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  /** `workerEntry`: the server's entry module, which runs a backup job when started as a worker. */
  constructor(
    private readonly dataDir: string,
    private readonly settings: Settings,
    private readonly workerEntry: string,
    /** Hears of each backup's result (the request-serving threads' /health shows it). */
    private readonly publish: (last: LastBackup) => void = () => {},
  ) {
    // A restart keeps the rhythm: the newest backup on disk counts as the last one.
    let newest: string | undefined;
    try {
      newest = scheduledBackups(this.folder()).at(-1);
    } catch {
      newest = undefined; // a bad setting: the first tick reports it
    }
    this.lastAt = newest === undefined ? null : timeOfName(newest);
  }

  /** `refresh`: brings the settings up to date first (another thread or process may have changed them). */
  start(refresh: () => void = () => {}): this {
    this.timer = setInterval(() => {
      refresh();
      this.tick();
    }, CHECK_EVERY_MS);
    this.timer.unref();
    return this;
  }

  last(): LastBackup | null {
    return this.lastResult;
  }

  tick(): void {
    const hours = Number(this.settings.get('backup_interval_hours'));
    const at = now();
    if (!(hours > 0)) {
      this.onSince = at;
      return;
    }
    if (this.running) return;
    if (at >= (this.lastAt ?? this.onSince) + hours * HOUR) void this.take(at);
  }

  /** Stops the timer and any backup under way (its partial folder is removed). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const running = this.running;
    if (!running) return;
    await running.cancel();
    rmSync(running.target, { recursive: true, force: true });
  }

  private folder(): string {
    return backupFolderOf(this.settings.get('backup_folder'), this.dataDir);
  }

  private async take(at: number): Promise<void> {
    // A failure waits for the next interval too: a broken target is not retried at every request.
    this.lastAt = at;
    let folder: string, name: string, target: string;
    try {
      folder = this.folder();
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      name = freeName(folder, at);
      target = join(folder, `.${name}.partial`);
    } catch (error) {
      this.fail(at, error);
      return;
    }
    const job = runBackupJob(this.workerEntry, { dataDir: this.dataDir, target });
    this.running = { cancel: job.cancel, target };
    const result = await job.done;
    this.running = null;
    try {
      if (!result.ok) throw new Error(result.message);
      const path = join(folder, name);
      renameSync(target, path);
      this.prune(folder);
      this.record({ time: new Date(at).toISOString(), path, bytes: result.bytes, result: 'ok' });
      logEvent(`scheduled backup: ${path} (${formatBytes(result.bytes)})`);
    } catch (error) {
      rmSync(target, { recursive: true, force: true });
      this.fail(at, error);
    }
  }

  /** Deletes the oldest scheduled backups beyond `backup_keep` (at least one is kept). */
  private prune(folder: string): void {
    const keep = Math.max(1, Math.floor(Number(this.settings.get('backup_keep'))) || 1);
    const ours = scheduledBackups(folder);
    for (const name of ours.slice(0, Math.max(0, ours.length - keep))) rmSync(join(folder, name), { recursive: true, force: true });
  }

  private record(last: LastBackup): void {
    this.lastResult = last;
    this.publish(last);
  }

  private fail(at: number, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.record({ time: new Date(at).toISOString(), path: null, bytes: null, result: 'error', message });
    logError('scheduled backup failed', message); // the reason is enough: no stack for an operational failure
  }
}
