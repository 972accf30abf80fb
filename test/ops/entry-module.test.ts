/**
 * The entry module (server/main.ts) is started again as the background checkpoints' worker
 * (db/checkpointer.ts), which needs its database connection alone. Loading the whole server there
 * cost some 400 ms of CPU, spent during the very write that grew the WAL: main.ts loads the server
 * (serve.ts) with a dynamic import, so what that worker evaluates is main.ts's static imports only.
 */
import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SERVER = resolve(import.meta.dir, '../../server');
const transpiler = new Bun.Transpiler({ loader: 'ts' });

/** The modules a file loads through static imports, transitively through the server's own .ts files (named relative to server/; packages by name). */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  const name = relative(SERVER, file);
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const { kind, path } of transpiler.scanImports(readFileSync(file, 'utf8'))) {
    if (kind !== 'import-statement') continue;
    const resolved = path.startsWith('.') ? Bun.resolveSync(path, dirname(file)) : null;
    if (resolved?.startsWith(SERVER) && resolved.endsWith('.ts')) staticGraph(resolved, seen);
    else seen.add(resolved ? relative(SERVER, resolved) : path);
  }
  return seen;
}

test("the entry module's static imports are the checkpoint worker's connection alone; the server comes on demand", () => {
  expect([...staticGraph(join(SERVER, 'main.ts'))].sort()).toEqual(['bun:sqlite', 'db/checkpointer.ts', 'db/commit-journal.ts', 'db/connection.ts', 'db/table-versions.ts', 'main.ts', 'node:fs', 'node:worker_threads']);
  const dynamic = transpiler.scanImports(readFileSync(join(SERVER, 'main.ts'), 'utf8')).filter((i) => i.kind === 'dynamic-import');
  expect(dynamic.map((i) => i.path)).toEqual(['./serve']);
});

test('the check can fail: the server module imports the rest statically', () => {
  expect(staticGraph(join(SERVER, 'serve.ts')).size).toBeGreaterThan(100);
});
