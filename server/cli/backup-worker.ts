/**
 * The scheduled backup's thread: `backup()` is synchronous (VACUUM INTO, file copies), so the
 * server runs it in a worker, on the worker's own database connection, and keeps answering
 * requests meanwhile. The worker is the server's own entry module started again (see serve.ts):
 * that works the same from the sources and in the compiled executable, where a separate worker
 * file would need an entry point of its own.
 */
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { backup } from './backup';

export interface BackupJob {
  dataDir: string;
  target: string;
}

export type BackupJobResult = { ok: true; bytes: number } | { ok: false; message: string };

/** Is this thread a backup worker (rather than the server)? */
export const isBackupWorker = (): boolean => !isMainThread;

/** The worker's side: one job, one answer. */
export function serveBackupJob(): void {
  parentPort!.once('message', (job: BackupJob) => {
    let result: BackupJobResult;
    try {
      const report = backup(job.dataDir, job.target, undefined, 'schedule');
      result = { ok: true, bytes: report.database.bytes + report.files.bytes };
    } catch (error) {
      result = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    parentPort!.postMessage(result);
  });
}

/**
 * The server's side: runs one backup in a new worker started from `entry`, the server's entry
 * module (main.ts's own path: `npm start` goes through a script that must not run again);
 * `cancel` stops it (server shutdown).
 */
export function runBackupJob(entry: string, job: BackupJob): { done: Promise<BackupJobResult>; cancel: () => Promise<unknown> } {
  const worker = new Worker(entry);
  const done = new Promise<BackupJobResult>((resolve) => {
    worker.once('message', (result: BackupJobResult) => resolve(result));
    worker.once('error', (error: Error) => resolve({ ok: false, message: error.message }));
    worker.once('exit', (code) => resolve({ ok: false, message: `the backup thread stopped (exit code ${code})` }));
  }).finally(() => void worker.terminate());
  worker.postMessage(job);
  return { done, cancel: () => worker.terminate() };
}
