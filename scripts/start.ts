/**
 * `npm start`: serves the console as built from this checkout. It stops at once, saying so, where
 * Node.js or npm is too old for the set-up (scripts/preflight.mjs). Before serving, ui/dist is built
 * when missing or older than its sources (one line says so); commands such as backup, admin,
 * --help or --version start at once. Then the server runs as `bun server/main.ts` would.
 */
import { parseCommand } from '../server/cli';
import { consoleBuildReason } from './console-freshness';
import { npmVersion, versionProblem } from './preflight.mjs';

function serving(argv: string[]): boolean {
  if (argv.some((a) => a === '--help' || a === '-h' || a === '--version')) return false;
  try {
    return parseCommand(argv).name === 'serve';
  } catch {
    return false; // main.ts reports the bad command line
  }
}

/** The Node.js that builds the console (Vite runs on the `node` of the PATH) and the npm that started us, when there are. */
function setUpProblem(): string | null {
  const found = Bun.which('node') ? Bun.spawnSync(['node', '--version'], { stdout: 'pipe', stderr: 'ignore' }) : null;
  const node = found?.exitCode === 0 ? found.stdout.toString().trim() : null;
  return node ? versionProblem(node, npmVersion(process.env.npm_config_user_agent)) : null;
}

const isServing = serving(process.argv.slice(2));
const problem = isServing ? setUpProblem() : null;
if (problem) {
  console.error(`deskbase: ${problem}`);
  process.exit(1);
}
const reason = isServing ? consoleBuildReason() : null;
if (reason) {
  console.log(`[deskbase] console: ${reason}; building it (npm run build:ui)…`);
  const build = Bun.spawnSync(['npm', 'run', '--silent', 'build:ui'], { cwd: `${import.meta.dir}/..`, stdout: 'ignore', stderr: 'inherit' });
  if (build.exitCode !== 0) {
    console.error('deskbase: building the console failed (output above); the server starts with the placeholder page');
  }
}
await import('../server/main');
