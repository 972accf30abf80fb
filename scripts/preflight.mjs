/**
 * Stops `npm test` and `npm start` at once, with a clear message, where Node.js or npm is older
 * than the set-up needs: Vite 8 builds the console and wants Node.js ^20.19 or >=22.12; the lock
 * file (v3) wants npm 7 or later. Plain JavaScript that old Node versions still run.
 */
import { pathToFileURL } from 'url';

export const NEEDED = 'Node.js 20.19 or later (22.12 or later on the 22 line) and npm 7 or later';

/** Why these versions cannot run the set-up, or null; `npm` is null when not known. */
export function versionProblem(node, npm) {
  const [major, minor] = node.replace(/^v/, '').split('.').map(Number);
  const nodeFits = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;
  if (!nodeFits) return `Node.js ${node.replace(/^v/, '')} is too old: Deskbase's set-up (npm install, npm start, npm test) needs ${NEEDED}`;
  if (npm !== null && Number(npm.split('.')[0]) < 7) return `npm ${npm} is too old: Deskbase's set-up needs ${NEEDED}`;
  return null;
}

/** The npm running this script, from the user agent npm gives its scripts ("npm/10.8.2 node/v20.19.0 …"). */
export function npmVersion(userAgent) {
  const found = /\bnpm\/(\d+(?:\.\d+)*)/.exec(userAgent || '');
  return found ? found[1] : null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = versionProblem(process.versions.node, npmVersion(process.env.npm_config_user_agent));
  if (problem) {
    console.error(`deskbase: ${problem}`);
    process.exit(1);
  }
}
