/**
 * `bun bench/profile.ts FILE.cpuprofile [--top N]`: where a profile of the server (`bun bench/cpu.ts
 * --profile DIR`) spent its busy time, as shares: per function its own time (self) and the time
 * with what it called (inclusive), idle time left out. Shares hold on a loaded machine where
 * absolute times do not. JavaScriptCore inlines small functions into their callers, whose self
 * time then holds theirs.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ args: Bun.argv.slice(2), options: { top: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) throw new Error('usage: bun bench/profile.ts FILE.cpuprofile [--top N]');
const top = Number(values.top ?? 40);
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);
const label = ({ callFrame: f }: ProfileNode) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*?\/(server|bench|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, i) => {
  const time = profile.timeDeltas[i] ?? 0;
  const leaf = nodes.get(id)!;
  if (IDLE.has(leaf.callFrame.functionName)) return;
  busy += time;
  self.set(label(leaf), (self.get(label(leaf)) ?? 0) + time);
  const onStack = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) onStack.add(label(nodes.get(at)!));
  for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + time);
});

const table = (times: Map<string, number>) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, time]) => `${((100 * time) / busy).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
console.log(`busy ${(busy / 1000).toFixed(0)} ms\n\nself:\n${table(self)}\n\ninclusive:\n${table(inclusive)}`);
