import { parseCommand, runAdminTool, runTool } from './cli';
import { ConfigError, readConfig, USAGE } from './config';
import { createApp } from './http/app';
import { fileClock, setClock } from './core/clock';
import { consoleOrigin, consoleSource } from './http/console';
import { markStarted } from './api/health';
import { VERSION } from './core/version';
import { installRules } from './items/hooks';
import { MAIL_ENGINES, RULES } from './hook-table';
import { installMailEngines } from './mail/engines';
import { automaticActions } from './itil/automatic-actions';
import { NOTIFY_ACTIONS } from './notify/alerts';
import { USER_ACTIONS } from './notify/user-events';
import { CRON_TASKS } from './registry/automatic-actions';
import { replayDictionaries } from './rules/replay';
import { staleAgentsAction } from './inventory/stale-agents';
import { mailSender, setMailWaker } from './notify/sender';
import { webhookSender } from './notify/webhook-sender';
import { setWebhookReader, setWebhookWaker } from './notify/webhooks';
import { webhookReader } from './api/webhook-reader';
import { endLiveStreams, joinLiveChannel } from './notify/live';
import { mailgate } from './mail/mailgate';
import { ldapsync } from './directory/ldapsync';
import { runImportCommand } from './import';
import { unfinishedImportIn } from './import/state';
import { createServices } from './auth/services';
import { openStore } from './db';
import { checkpoint } from './db/connection';
import { startCheckpointer } from './db/checkpointer';
import { logError, logEvent, setLogFormat } from './http/log';
import { acquireInstanceLock, InstanceLockError, LOCK_ENFORCED } from './db/instance-lock';
import { BackupScheduler } from './cli/backup-schedule';
import { isBackupWorker, serveBackupJob } from './cli/backup-worker';
import { createLastBackupBox, isServingWorker, listenOptions, serveOnWorker, startServingWorkers, writesChannel, type ServingWorkers } from './threads/serving';
import { forwarderOver } from './threads/write-forwarding';
import { createSharedState } from './auth/services';
import { foreignListeners } from './core/listeners';

/** Says so when another process listens on the server's address and port (see listenOrExit). */
function sharedPortRefused(host: string, port: number): boolean {
  const others = foreignListeners(port);
  if (others === 0) return false;
  console.error(`deskbase: another program also listens on port ${port} on ${host} (SO_REUSEPORT); stop it or choose another --port`);
  return true;
}

/**
 * Binds the port, or exits 1 with a clear message when it is taken. With one thread reusePort
 * stays off: two servers would share the port and the kernel would split clients between two
 * databases. With several, the primary thread first binds without it (a port in use fails as
 * before, and port 0 picks a free one), then again with it so the workers can join. Between the
 * two binds another program of the same user using SO_REUSEPORT could join the port unnoticed
 * (each thread's Bun.serve opens its own socket, and Linux lets any process of the same user join
 * a reusePort group): the kernel's list of listeners is read after this bind and again
 * once the workers listen (sharedPortRefused), and a listener not ours stops the start.
 */
function listenOrExit(app: ReturnType<typeof createApp>, host: string, port: number, threads: number) {
  try {
    if (threads === 1) return app.listen(listenOptions(host, port, false));
    const probe = Bun.serve({ ...listenOptions(host, port, false), fetch: () => new Response(null) });
    const chosen = probe.port!;
    probe.stop(true);
    const listening = app.listen(listenOptions(host, chosen, true));
    if (sharedPortRefused(host, chosen)) process.exit(1);
    return listening;
  } catch (error) {
    return exitOnListenError(error, host, port);
  }
}

/** Says why the port cannot be bound, and exits 1. */
function exitOnListenError(error: unknown, host: string, port: number): never {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') console.error(`deskbase: port ${port} on ${host} is already in use; stop what listens there or choose another --port`);
  else if (code === 'EACCES') console.error(`deskbase: not allowed to listen on port ${port} on ${host}; choose a port above 1023 or run with the right privileges`);
  else console.error(`deskbase: cannot listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/**
 * Fails before the data folder is opened when the port cannot be bound: a first start would
 * otherwise create the database and print the admin's one-time password, then stop.
 */
function checkPortOrExit(host: string, port: number): void {
  if (port === 0) return;
  try {
    Bun.serve({ ...listenOptions(host, port, false), fetch: () => new Response(null) }).stop(true);
  } catch (error) {
    exitOnListenError(error, host, port);
  }
}

async function main(entry: string): Promise<void> {
  let config;
  try {
    const argv = process.argv.slice(2);
    if (argv.includes('--version')) {
      process.stdout.write(`deskbase ${VERSION}\n`);
      return;
    }
    const command = parseCommand(argv);
    if (command.name === 'import') process.exit(await runImportCommand(command.args, process.env));
    if (command.name === 'admin' || command.name === 'directory') process.exit(await runAdminTool({ name: command.name, args: command.args }, process.env));
    if (command.name !== 'serve') process.exit(runTool({ name: command.name, args: command.args }, process.env));
    config = readConfig(command.args, process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`deskbase: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  if (config === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  setLogFormat(config.logFormat);
  if (config.testClockFile) setClock(fileClock(config.testClockFile));
  const startedAt = markStarted();
  let releaseLock: () => void;
  try {
    releaseLock = acquireInstanceLock(config.dataDir);
  } catch (error) {
    if (error instanceof InstanceLockError) {
      console.error(`deskbase: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (!LOCK_ENFORCED) logEvent('warning: no file locking on this platform; make sure only one server uses this data folder');
  const unfinished = unfinishedImportIn(config.dataDir);
  if (unfinished) {
    console.error(`deskbase: ${unfinished}`);
    releaseLock();
    process.exit(1);
  }
  checkPortOrExit(config.host, config.port);
  const { store, generatedAdminPassword, applied } = await openStore(config.dataDir, config.adminPassword, logEvent);
  if (applied.length) logEvent(`data folder ${config.dataDir}: applied ${applied.join(', ')}`);
  if (generatedAdminPassword) {
    logEvent(`created the super-admin "glpi" with password: ${generatedAdminPassword}`);
    logEvent('(shown once; set DESKBASE_ADMIN_PASSWORD on first start to choose it)');
  }
  installRules(RULES);
  installMailEngines(MAIL_ENGINES);
  const shared = createSharedState(config.threads);
  const services = createServices(store, config.rateLimits, shared, true, config.threads);
  const lastBackup = createLastBackupBox();
  const backups = new BackupScheduler(config.dataDir, store.settings, entry, (last) => lastBackup.write(last));
  // GLPI's automatic actions Deskbase runs: a failure is logged, never a failed request.
  const actions = automaticActions(store.db, (name, error) => logError(`automatic action ${name}`, error), [
    [CRON_TASKS.replayDictionary, replayDictionaries],
    [CRON_TASKS.cleanOldAgents, staleAgentsAction(services)],
    ...NOTIFY_ACTIONS,
    ...USER_ACTIONS,
  ]);
  const mail = mailSender(store, (what, error) => logError(what, error));
  setMailWaker(mail.wake);
  setWebhookReader(webhookReader(services));
  const webhooks = webhookSender(store, (what, error) => logError(what, error));
  setWebhookWaker(webhooks.wake);
  joinLiveChannel();
  // The mail collectors run in the background, off the request path (GLPI's mailgate).
  const collectors = mailgate(services, (error) => logError('automatic action mailgate', error));
  // And the directory synchronisation (ldapsync).
  const directorySync = ldapsync(services, (error) => logError('automatic action ldapsync', error));
  // What runs by the clock, at each request and by the backups' timer. The backup schedule is read
  // from this thread's settings: first see what the other threads wrote.
  const checkBackups = () => {
    services.noticeExternalWrites();
    backups.tick();
    actions.tick();
    mail.tick();
    collectors.tick();
    directorySync.tick();
    webhooks.tick();
  };
  // With several threads, the writes run on a thread of their own (threads/write-forwarding.ts).
  const writes = config.threads > 1 ? writesChannel() : null;
  const app = listenOrExit(createApp(services, { tick: checkBackups, last: () => backups.last() }, writes ? forwarderOver(writes.port1) : undefined), config.host, config.port, config.threads);
  let stopping = false;
  let workers: ServingWorkers | null = null;
  /** Stops accepting, lets the requests in flight finish (on every thread), checkpoints the WAL, exits. */
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweeper);
    services.statistics.stop();
    endLiveStreams(); // open event streams would keep the stop waiting
    const closed = app.stop();
    const threads = workers?.stop(closed);
    await threads?.closing;
    logEvent(`${signal}: no longer accepting connections; finishing the requests in flight`);
    await Promise.all([closed, threads?.stopped, backups.stop(), checkpoints.stop()]);
    checkpoint(store.db);
    store.db.close();
    releaseLock();
    logEvent('stopped');
    process.exit(exitCode);
  };
  const sweeper = setInterval(() => {
    services.noticeExternalWrites(); // the idle timeout may have changed on another thread
    services.sessions.sweep();
  }, 10 * 60_000);
  sweeper.unref();
  const checkpoints = startCheckpointer(entry, store.db.filename);
  if (config.threads > 1) {
    const job = { config, port: app.server!.port!, shared, lastBackup: lastBackup.buffer, startedAt, console: consoleOrigin() };
    const crashed = (message: string) => {
      logError('stopping', message);
      void stop('a request-serving thread failed', 1);
    };
    try {
      workers = await startServingWorkers(entry, config.threads - 1, job, writes!.port2, { tick: checkBackups, walGrown: checkpoints.start, wakeMail: mail.wake, wakeWebhooks: webhooks.wake, crashed });
      if (sharedPortRefused(config.host, job.port)) await stop('start-up failed', 1);
    } catch (error) {
      console.error(`deskbase: cannot start the request-serving threads: ${error instanceof Error ? error.message : String(error)}`);
      await stop('start-up failed', 1);
    }
  }
  backups.start(() => {
    services.noticeExternalWrites();
    actions.tick();
    mail.tick();
    collectors.tick();
    directorySync.tick();
    webhooks.tick();
  });
  logEvent(`console: ${consoleSource()}`);
  logEvent(`listening on http://${config.host}:${app.server?.port}/ (API at /apirest.php; ${config.threads} request-serving thread${config.threads > 1 ? 's' : ''})`);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * The server, started from its entry module `entry` (main.ts), which the request-serving threads
 * and a scheduled backup run in worker threads started from again (see threads/serving.ts and
 * cli/backup-worker.ts).
 */
export async function serve(entry: string): Promise<void> {
  if (isServingWorker()) serveOnWorker();
  else if (isBackupWorker()) serveBackupJob();
  else await main(entry);
}
