/**
 * `npm start`: serves the console as built from this checkout. Before serving, ui/dist is built
 * when missing or older than its sources (one line says so); commands such as backup, admin,
 * --help or --version start at once. Then the server runs as `bun server/main.ts` would.
 */
import { parseCommand } from '../server/cli';
import { consoleBuildReason } from './console-freshness';

function serving(argv: string[]): boolean {
  if (argv.some((a) => a === '--help' || a === '-h' || a === '--version')) return false;
  try {
    return parseCommand(argv).name === 'serve';
  } catch {
    return false; // main.ts reports the bad command line
  }
}

const reason = serving(process.argv.slice(2)) ? consoleBuildReason() : null;
if (reason) {
  console.log(`[deskbase] console: ${reason}; building it (npm run build:ui)…`);
  const build = Bun.spawnSync(['npm', 'run', '--silent', 'build:ui'], { cwd: `${import.meta.dir}/..`, stdout: 'ignore', stderr: 'inherit' });
  if (build.exitCode !== 0) {
    console.error('deskbase: building the console failed (output above); the server starts with the placeholder page');
  }
}
await import('../server/main');
