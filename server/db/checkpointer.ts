/**
 * Checkpoints off the request path. At a million rows a bulk add of 1 000 items dirties over a
 * thousand index pages; when the writing connection checkpointed them itself (every ~40 MiB of
 * WAL), copying them back into the database file and its two fsyncs held that request for
 * hundreds of milliseconds on a busy disk. A worker thread with its own connection now copies the
 * WAL back, PASSIVE: it never blocks the writer and never waits for it. Once it has caught up,
 * the writer's next transaction starts the WAL over, so the file stays small; that start syncs
 * the WAL's header on the writer's thread (SQLite's rule at synchronous=NORMAL), so each catch-up
 * costs the request path one fsync. Hence two paces: every 100 ms while the WAL holds a bulk
 * load's worth of frames (the copies stay small, the file too), and once a second under the small
 * writes of a busy desk, where catching up ten times a second meant ten fsyncs a second on the
 * thread serving the reads. The writer's own automatic checkpoint stays as the safety net for
 * when the worker falls behind. Crash safety is SQLite's: a checkpoint only copies committed
 * pages, and a killed process leaves a WAL the next start replays.
 *
 * The worker starts once the WAL first reaches 4 MiB (where SQLite would checkpoint by itself):
 * a server that writes little never pays for the thread.
 *
 * The worker is the server's entry module started again (as the backup's): that works the same
 * from the sources and in the compiled executable. That module loads the rest of the server only
 * outside this worker (main.ts): loading it all cost some 400 ms of CPU, spent by the very write
 * that grew the WAL, and a copy of every module.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { statSync } from 'node:fs';
import { onCommit, openDatabase } from './connection';

const ROLE = 'deskbase-checkpoints';
/** The paces (see above): the WAL holding at least BULK_FRAMES frames (about 8 MiB) means a bulk load (a busy desk writes some 15 frames an update). */
const BULK_PERIOD_MS = 100;
const PERIOD_MS = 1000;
const BULK_FRAMES = 2000;
const START_AT_WAL_BYTES = 4 * 1024 * 1024;

interface CheckpointJob {
  role: typeof ROLE;
  file: string;
}

/** Is this thread the checkpoint worker? */
export const isCheckpointWorker = (): boolean => !isMainThread && (workerData as CheckpointJob | null)?.role === ROLE;

/** The worker's side: checkpoints until told to stop, then closes its connection and says so. */
export function serveCheckpoints(): void {
  const { file } = workerData as CheckpointJob;
  const db = openDatabase(file);
  let timer: ReturnType<typeof setTimeout>;
  const checkpoint = () => {
    let frames = 0;
    try {
      // busy, the WAL's frames, the frames copied back.
      frames = Number(db.query<never, []>('PRAGMA wal_checkpoint(PASSIVE)').values()[0]?.[1] ?? 0);
    } catch (error) {
      // Only an optimisation: the writer's own checkpoints still run.
      console.error('[deskbase] background checkpoint failed:', error instanceof Error ? error.message : error);
    }
    timer = setTimeout(checkpoint, frames >= BULK_FRAMES ? BULK_PERIOD_MS : PERIOD_MS);
  };
  timer = setTimeout(checkpoint, BULK_PERIOD_MS);
  parentPort!.once('message', () => {
    clearTimeout(timer);
    db.close();
    parentPort!.postMessage('closed');
  });
}

/**
 * Calls `grown` once, after the commit on this thread's connection that brings the WAL of the
 * database `file` to the size where checkpoints start (a request-serving worker tells the primary
 * thread, which starts them).
 */
export function onWalGrown(file: string, grown: () => void): void {
  onCommit(() => {
    if (walBytes(file) < START_AT_WAL_BYTES) return;
    onCommit(null);
    grown();
  });
}

/**
 * The server's side: watches the WAL of the database `file` after each commit and starts the
 * worker from `entry`, the server's entry module, once the WAL is big enough (after the request
 * that grew it: creating a worker holds the main thread for 100 ms and more on a busy machine);
 * `start` starts it for a commit on another thread. `stop` resolves once the worker's connection
 * is closed (before the final checkpoint), or at once when it never started.
 */
export function startCheckpointer(entry: string, file: string): { start(): void; stop(): Promise<void> } {
  let worker: Worker | null = null;
  let closed: Promise<void> = Promise.resolve();
  let pending: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const startWorker = () => {
    const job: CheckpointJob = { role: ROLE, file };
    const started = new Worker(entry, { workerData: job });
    worker = started;
    closed = new Promise<void>((resolve) => {
      started.once('message', () => resolve());
      started.once('error', () => resolve());
      started.once('exit', () => resolve());
    });
  };
  const start = () => {
    if (pending || worker || stopped) return;
    pending = setTimeout(startWorker, 0);
  };
  onWalGrown(file, start);
  return {
    start,
    stop: async () => {
      stopped = true;
      onCommit(null);
      if (pending) clearTimeout(pending);
      if (!worker) return;
      worker.postMessage('stop');
      await closed;
      await worker.terminate();
    },
  };
}

function walBytes(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}
