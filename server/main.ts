import { parseCommand, runTool } from './cli';
import { ConfigError, readConfig, USAGE } from './config';
import { createApp } from './http/app';
import { consoleSource } from './http/console';
import { installRules } from './items/hooks';
import { RULES } from './rules';
import { runImportCommand } from './import';
import { unfinishedImport } from './import/state';
import { createServices } from './auth/services';
import { openStore } from './db';
import { acquireInstanceLock, InstanceLockError } from './db/instance-lock';

async function main(): Promise<void> {
  let config;
  try {
    const command = parseCommand(process.argv.slice(2));
    if (command.name === 'import') process.exit(await runImportCommand(command.args, process.env));
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
  const { store, generatedAdminPassword, applied } = await openStore(config.dataDir, config.adminPassword);
  const unfinished = unfinishedImport(store.db);
  if (unfinished) {
    console.error(`deskbase: ${unfinished}`);
    store.db.close();
    releaseLock();
    process.exit(1);
  }
  if (applied.length) console.log(`[deskbase] data folder ${config.dataDir}: applied ${applied.join(', ')}`);
  if (generatedAdminPassword) {
    console.log(`[deskbase] created the super-admin "glpi" with password: ${generatedAdminPassword}`);
    console.log('[deskbase] (shown once; set DESKBASE_ADMIN_PASSWORD on first start to choose it)');
  }
  installRules(RULES);
  const services = createServices(store);
  const app = createApp(services).listen({ port: config.port, hostname: config.host, maxRequestBodySize: 256 * 1024 * 1024 });
  const sweeper = setInterval(() => services.sessions.sweep(), 10 * 60_000);
  sweeper.unref();
  console.log(`[deskbase] console: ${consoleSource()}`);
  console.log(`[deskbase] listening on http://${config.host}:${app.server?.port}/ (API at /apirest.php)`);
  const stop = async () => {
    clearInterval(sweeper);
    services.statistics.stop();
    await app.stop();
    store.db.close();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
