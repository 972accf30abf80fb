/**
 * Serving on every core. The server is one process; with `--threads N` the primary thread (serve.ts:
 * instance lock, upgrade, scheduled backups, WAL checkpoints, session sweep, signals) serves too,
 * and N-1 worker threads each open their own SQLite connection and their own listener on the same
 * port (SO_REUSEPORT: the kernel spreads connections across the listeners). What must be one for
 * the whole server is: the limits and the sessions' idle clocks live in shared memory
 * (auth/services.ts SharedState), every write reaches the other threads' caches through a journal
 * of commits in shared memory (db/commit-journal.ts), the last backup is published in shared memory,
 * and a request on a worker asks the primary thread to check the backup schedule.
 *
 * One more worker listens on nothing and runs the writes: each listening thread hands it its write
 * requests (write-forwarding.ts), so that a write transaction never holds up a listening thread's
 * reads.
 *
 * A worker is the server's entry module started again (as the backup and checkpoint threads are),
 * which works the same from the sources and in the compiled executable.
 */
import { isMainThread, MessageChannel, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { markStarted, type LastBackup } from '../api/health';
import { attachStore } from '../db';
import { onWalGrown } from '../db/checkpointer';
import { createServices, type SharedState } from '../auth/services';
import type { ServerConfig } from '../config';
import { fileClock, setClock } from '../core/clock';
import { createApp } from '../http/app';
import type { BackupSchedule } from '../http/site-routes';
import { useConsoleOf, type ConsoleOrigin } from '../http/console';
import { logError, setLogFormat } from '../http/log';
import { installRules } from '../items/hooks';
import { MAIL_ENGINES, RULES } from '../hook-table';
import { setWebhookReader, setWebhookWaker } from '../notify/webhooks';
import { setMailWaker } from '../notify/sender';
import { webhookReader } from '../api/webhook-reader';
import { endLiveStreams, joinLiveChannel } from '../notify/live';
import { installMailEngines } from '../mail/engines';
import { SharedJson } from './shared-json';
import { forwarderOver, serveForwarded } from './write-forwarding';

const ROLE = 'deskbase-serve';

/** Everything a request-serving worker needs from the primary thread. */
interface ServeJob {
  role: typeof ROLE;
  config: ServerConfig;
  /** The port the primary thread listens on (the one chosen when --port is 0). */
  port: number;
  shared: SharedState;
  lastBackup: SharedArrayBuffer;
  startedAt: number;
  console: ConsoleOrigin;
  /** A listening thread's end of its channel to the writing thread; for the writing thread, the other end of every listening thread's. */
  writes: MessagePort | MessagePort[];
}

type FromWorker =
  | { kind: 'listening' }
  | { kind: 'failed'; message: string }
  | { kind: 'tick' }
  | { kind: 'wal' }
  | { kind: 'mail' }
  | { kind: 'webhooks' }
  | { kind: 'closing' }
  | { kind: 'stopped' };

/** Is this thread a request-serving worker? */
export const isServingWorker = (): boolean => !isMainThread && (workerData as ServeJob | null)?.role === ROLE;

/** Room for the last backup's result (a path and an error message). */
const LAST_BACKUP_BYTES = 1 << 20;

/** The primary thread's side of the last backup: written at each result, read by the workers. */
export const createLastBackupBox = (): SharedJson<LastBackup> => SharedJson.create<LastBackup>(LAST_BACKUP_BYTES);

/** What a worker tells its HTTP app of the backups: checks go to the primary thread (once a turn). */
function scheduleSeenFromWorker(lastBackup: SharedJson<LastBackup>): BackupSchedule {
  let askedThisTurn = false;
  return {
    tick() {
      if (askedThisTurn) return;
      askedThisTurn = true;
      setImmediate(() => (askedThisTurn = false));
      post({ kind: 'tick' });
    },
    last: () => lastBackup.read(),
  };
}

const post = (message: FromWorker) => parentPort!.postMessage(message);

/** The worker's side: serves on the shared port until the primary thread says stop. */
export function serveOnWorker(): void {
  const job = workerData as ServeJob;
  const { config } = job;
  setLogFormat(config.logFormat);
  if (config.testClockFile) setClock(fileClock(config.testClockFile));
  markStarted(job.startedAt);
  useConsoleOf(job.console);
  installRules(RULES);
  joinLiveChannel();
  installMailEngines(MAIL_ENGINES);
  const store = attachStore(config.dataDir);
  const services = createServices(store, config.rateLimits, job.shared, false, config.threads);
  // Deliveries this thread queues carry the item as this thread reads it; the main thread sends them.
  setWebhookReader(webhookReader(services));
  onWalGrown(store.db.filename, () => post({ kind: 'wal' }));
  // The senders run on the primary thread: a commit that queued mail or deliveries wakes them there.
  setMailWaker(() => post({ kind: 'mail' }));
  setWebhookWaker(() => post({ kind: 'webhooks' }));
  const schedule = scheduleSeenFromWorker(new SharedJson<LastBackup>(job.lastBackup));
  if (Array.isArray(job.writes)) return runWrites(createApp(services, schedule), job.writes, () => store.db.close());
  let app;
  try {
    app = createApp(services, schedule, forwarderOver(job.writes)).listen(listenOptions(config.host, job.port, true));
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  parentPort!.once('message', async () => {
    services.statistics.stop();
    endLiveStreams(); // open event streams would keep the stop waiting
    const finished = app.stop(); // no longer accepting at once; the requests in flight finish
    post({ kind: 'closing' });
    await finished;
    store.db.close();
    post({ kind: 'stopped' });
  });
  post({ kind: 'listening' });
}

/** The writing thread: answers the listening threads' writes until told to stop (once they all have). */
function runWrites(app: ReturnType<typeof createApp>, ports: MessagePort[], close: () => void): void {
  for (const port of ports) serveForwarded(port, app.answerForwarded);
  parentPort!.once('message', () => {
    post({ kind: 'closing' });
    for (const port of ports) port.close();
    close();
    post({ kind: 'stopped' });
  });
  post({ kind: 'listening' });
}

/** Bun.serve's options for a listener of the server. */
export function listenOptions(host: string, port: number, reusePort: boolean) {
  return { port, hostname: host, reusePort, maxRequestBodySize: 256 * 1024 * 1024 };
}

export interface ServingWorkers {
  /**
   * Stops the workers' listeners (`closing` resolves once none accepts any more), lets them finish
   * their requests in flight and close their connections (`stopped`); the writing thread stops
   * once they and `primaryFinished` (the primary thread's requests in flight) have.
   */
  stop(primaryFinished: Promise<unknown>): { closing: Promise<void>; stopped: Promise<void> };
}

/** The primary thread's channel to the writing thread: `port1` is its forwarder's, `port2` goes to startServingWorkers. */
export const writesChannel = (): MessageChannel => new MessageChannel();

/** What the primary thread does for its workers. */
export interface WorkerEvents {
  /** Checks the backup schedule (a worker got a request). */
  tick(): void;
  /** Starts the background checkpoints (a worker's write grew the WAL). */
  walGrown(): void;
  /** Runs the mail sender (a worker's commit queued mail). */
  wakeMail(): void;
  /** Runs the webhook sender (a worker's commit queued deliveries). */
  wakeWebhooks(): void;
  /** A worker died: the server then stops (its listener is gone). */
  crashed(message: string): void;
}

/**
 * The primary thread's side: starts `count` workers from `entry` (the server's entry module) on
 * `port`, resolving once all listen.
 */
export async function startServingWorkers(entry: string, count: number, job: Omit<ServeJob, 'role' | 'writes'>, primaryWrites: MessagePort, events: WorkerEvents): Promise<ServingWorkers> {
  const workers: Worker[] = [];
  const closing: Promise<void>[] = [];
  const stopped: Promise<void>[] = [];
  let stopping = false;
  const channels = Array.from({ length: count }, () => new MessageChannel());
  const writerEnds = [primaryWrites, ...channels.map((channel) => channel.port2)];
  // The last worker is the writing thread.
  const jobs = [...channels.map((channel) => ({ writes: channel.port1, transferList: [channel.port1] })), { writes: writerEnds, transferList: writerEnds }];
  const started = jobs.map(({ writes, transferList }) => {
    const worker = new Worker(entry, { workerData: { ...job, role: ROLE, writes } satisfies ServeJob, transferList });
    workers.push(worker);
    let resolveClosing!: () => void;
    let resolveStopped!: () => void;
    closing.push(new Promise<void>((resolve) => (resolveClosing = resolve)));
    stopped.push(new Promise<void>((resolve) => (resolveStopped = resolve)));
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromWorker) => {
        if (message.kind === 'tick') events.tick();
        else if (message.kind === 'wal') events.walGrown();
        else if (message.kind === 'mail') events.wakeMail();
        else if (message.kind === 'webhooks') events.wakeWebhooks();
        else if (message.kind === 'listening') resolve();
        else if (message.kind === 'failed') reject(new Error(message.message));
        else if (message.kind === 'closing') resolveClosing();
        else resolveStopped();
      });
      worker.on('error', (error: Error) => {
        logError('request-serving thread failed', error);
        reject(error);
        if (!stopping) events.crashed(error.message);
      });
      worker.on('exit', (code) => {
        resolveClosing();
        resolveStopped();
        reject(new Error(`a request-serving thread stopped (exit code ${code})`));
        if (!stopping) events.crashed(`a request-serving thread stopped (exit code ${code})`);
      });
    });
  });
  const stop = (primaryFinished: Promise<unknown>) => {
    stopping = true;
    const listeners = workers.slice(0, count);
    for (const worker of listeners) worker.postMessage('stop');
    const writer = workers[count];
    const listenersStopped = Promise.all([primaryFinished, ...stopped.slice(0, count)]);
    void listenersStopped.then(() => writer?.postMessage('stop'));
    return {
      closing: Promise.all(closing.slice(0, count)).then(() => {}),
      stopped: Promise.all(stopped).then(async () => void (await Promise.all(workers.map((w) => w.terminate())))),
    };
  };
  try {
    await Promise.all(started);
  } catch (error) {
    await stop(Promise.resolve()).stopped;
    throw error;
  }
  return { stop };
}
