import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dir, '..');

/** What the console is built from: its sources and the lock file (versions of Preact, Vite…). */
const inputs = (root: string) => [...['src', 'index.html', 'vite.config.ts', 'tsconfig.json'].map((p) => join(root, 'ui', p)), join(root, 'package-lock.json')];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** Why ui/dist must be (re)built, or null when it is newer than everything it is built from. */
export function consoleBuildReason(root = ROOT): string | null {
  const index = join(root, 'ui', 'dist', 'index.html');
  if (!existsSync(index)) return 'ui/dist is missing';
  const built = statSync(index).mtimeMs;
  return inputs(root).some((input) => newestChange(input) > built) ? 'ui/ changed since ui/dist was built' : null;
}
