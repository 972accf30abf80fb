// temporary (not committed): CPU per thread of the server under a shape's load
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { login } from './api';
import { measure } from './load';
import { startServer, cpuTimes } from './server';
import { searchShapes } from './shapes';
const dir = process.argv[2]!;
const match = process.argv[3] ?? '';
const kept = JSON.parse(readFileSync(join(dir, 'cpu-seed.json'), 'utf8'));
const server = await startServer(kept.password, dir);
try {
  const tokens: string[] = [];
  while (tokens.length < 16) tokens.push((await login(server.api, 'glpi', kept.password)).sessionToken);
  await Bun.sleep(3000);
  const shapes = searchShapes({ api: server.api, lookups: kept.lookups, computers: kept.computers }).filter((s) => s.name.includes(match));
  const urls = shapes.flatMap((s) => Array.from({ length: 200 }, (_, i) => s.url(i)));
  const snap = () => new Map(readdirSync(`/proc/${server.pid}/task`).map((t) => { const c = cpuTimes(server.pid, Number(t)); const name = readFileSync(`/proc/${server.pid}/task/${t}/comm`, 'utf8').trim(); return [`${t} ${name}`, c.user + c.system]; }));
  const before = snap();
  const r = await measure('thr', { dir, origin: server.origin, urls, tokens, connections: 16, seconds: 5 }, 0);
  const after = snap();
  let total = 0;
  for (const [k, v] of after) { const d = v - (before.get(k) ?? 0); total += d; if (d > 0) console.log(k, Math.round(d), 'ms'); }
  console.log('requests', r.requests, 'µs/req', (total * 1000 / r.requests).toFixed(0));
} finally {
  await server.dispose();
}
