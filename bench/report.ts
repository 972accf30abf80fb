import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from './server';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  target: number;
  /** `min`: the value must reach the target; `max`: it must stay below it. */
  kind: 'min' | 'max';
  /** How the figure was obtained, shown under the table. */
  detail: string;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  bun: string;
  node: string;
  autocannon: string;
  loadAverage: string;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function osName(): string {
  const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readText('/etc/os-release'));
  return `${pretty?.[1] ?? process.platform} (kernel ${release()})`;
}

function packageVersion(name: string): string {
  const pkg = JSON.parse(readText(join(ROOT, 'node_modules', name, 'package.json')) || '{}') as { version?: string };
  return pkg.version ?? '?';
}

/** 1, 5 and 15 minute load averages: other work on the host shows here. */
export const loadAverage = () => loadavg().map((n) => n.toFixed(2)).join(' ');

export function describeMachine(nodeVersion: string): Machine {
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readText('/proc/cpuinfo'))?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return {
    cpu,
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: osName(),
    bun: Bun.version,
    node: nodeVersion,
    autocannon: packageVersion('autocannon'),
    loadAverage: loadAverage(),
  };
}

export const passes = (f: Figure) => (f.kind === 'min' ? f.value >= f.target : f.value < f.target);
const verdict = (f: Figure) => (passes(f) ? 'PASS' : 'MISS');
const formatValue = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2));
const formatTarget = (f: Figure) => `${f.kind === 'min' ? '≥' : '<'} ${formatValue(f.target)} ${f.unit}`;

/** One line per figure for the console. */
export function summary(figures: Figure[]): string {
  const width = Math.max(...figures.map((f) => f.name.length));
  return figures.map((f) => `${verdict(f)}  ${f.name.padEnd(width)}  ${formatValue(f.value)} ${f.unit} (target ${formatTarget(f)})`).join('\n');
}

export interface Report {
  date: Date;
  machine: Machine;
  figures: Figure[];
  setup: string[];
  command: string;
  /** Load average when the run ended (the machine's is taken before it starts). */
  loadAverageAfter: string;
}

export function renderMarkdown(report: Report): string {
  const { machine } = report;
  const rows = report.figures.map((f) => `| ${f.name} | ${formatValue(f.value)} ${f.unit} | ${formatTarget(f)} | ${verdict(f)} |`);
  return [
    '# Deskbase benchmark results',
    '',
    `Date: ${report.date.toISOString()}`,
    '',
    '## Machine',
    '',
    `- CPU: ${machine.cpu}, ${machine.cores} cores`,
    `- Memory: ${machine.memoryGiB} GiB`,
    `- OS: ${machine.os}`,
    `- Bun ${machine.bun} (server), Node ${machine.node} with autocannon ${machine.autocannon} (load generator)`,
    `- Load average (1, 5, 15 min) before the run: ${machine.loadAverage}, after: ${report.loadAverageAfter} (the load generator and any other work on the host share these cores with the server)`,
    '',
    '## Figures',
    '',
    '| figure | result | target | verdict |',
    '|---|---|---|---|',
    ...rows,
    '',
    ...report.figures.map((f) => `- **${f.name}**: ${f.detail}`),
    '',
    '## Setup',
    '',
    ...report.setup.map((line) => `- ${line}`),
    '',
    '## Command',
    '',
    '```',
    report.command,
    '```',
    '',
  ].join('\n');
}

export function writeResults(name: string, report: Report): string {
  const file = resolve(ROOT, 'bench', name);
  writeFileSync(file, renderMarkdown(report));
  return file;
}
