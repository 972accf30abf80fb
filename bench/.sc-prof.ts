// temporary profiling driver (not committed)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { login } from './api';
import { measure } from './load';
import { startServer } from './server';
import { searchShapes } from './shapes';
const dir = process.argv[2]!;
const match = process.argv[3] ?? '';
const seconds = Number(process.argv[4] ?? 10);
const kept = JSON.parse(readFileSync(join(dir, 'cpu-seed.json'), 'utf8'));
const server = await startServer(kept.password, dir, ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${dir}/prof`]);
try {
  const tokens: string[] = [];
  while (tokens.length < 16) tokens.push((await login(server.api, 'glpi', kept.password)).sessionToken);
  await Bun.sleep(3000);
  const shapes = searchShapes({ api: server.api, lookups: kept.lookups, computers: kept.computers }).filter((s) => match.split('|').some((m) => s.name.includes(m)));
  const urls = shapes.flatMap((s) => Array.from({ length: 200 }, (_, i) => s.url(i)));
  // interleave
  const mixed: string[] = [];
  for (let i = 0; i < 200; i++) for (let s = 0; s < shapes.length; s++) mixed.push(urls[s * 200 + i]!);
  const r = await measure('prof', { dir, origin: server.origin, urls: mixed, tokens, connections: 16, seconds }, 0);
  console.log(r.requests, r.failures, shapes.length);
} finally {
  await server.dispose();
}
