import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';

export const ROOT = resolve(import.meta.dir, '..');
/** The first start on a folder kept from an older version upgrades it: at a million rows, rebuilding a trigram index takes minutes. */
const START_TIMEOUT_MS = 600_000;
const STOP_TIMEOUT_MS = 10_000;

/** A Deskbase process of its own on a temporary data folder, reached over loopback HTTP. */
export interface BenchServer {
  origin: string;
  api: string;
  /** Work folder: the data folder lives inside it, and so may scratch files. */
  dir: string;
  pid: number;
  /** From spawn to the "listening on" line. */
  startMs: number;
  /** Request-serving threads, as its start-up line says. */
  threads: number;
  /** Resident memory of the server process now, in MiB. */
  rssMiB(): number;
  /** Stops the process (SIGTERM, then SIGKILL); every call awaits the same cleanup. */
  dispose(): Promise<void>;
}

/** The origin and thread count of a "listening on http://…/ (…N request-serving threads)" line. */
async function readUntilListening(proc: Subprocess<'ignore', 'pipe', 'inherit'>): Promise<{ origin: string; threads: number }> {
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let output = '';
  const timeout = setTimeout(() => proc.kill('SIGKILL'), START_TIMEOUT_MS);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`server exited before listening:\n${output}`);
      output += decoder.decode(value);
      const match = /listening on (http:\/\/[^/\s]+)\/.*\n/.exec(output);
      if (match) {
        void drain(reader);
        return { origin: match[1]!, threads: Number(/(\d+) (?:request-serving )?threads?\b/.exec(match[0])?.[1] ?? 1) };
      }
    }
  } finally {
    clearTimeout(timeout);
  }
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  while (!(await reader.read()).done);
}

async function stopProcess(proc: Subprocess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  const killer = setTimeout(() => proc.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await proc.exited;
  clearTimeout(killer);
}

/** CPU time (user + system, every thread) the process has used so far, in milliseconds. */
export function cpuMs(pid: number): number {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/**
 * A server is idle once it used less than this much CPU over one window, longer than the second
 * Deskbase waits after big writes before refreshing its statistics (server/db/statistics.ts).
 */
const IDLE_CPU_MS = 15;
const IDLE_WINDOW_MS = 1_500;
const IDLE_MAX_WAIT_MS = 60_000;

/**
 * Waits until the process does no more work of its own (a statistics refresh or an index upkeep
 * after big writes), so that what is measured next, on the cores it shares, is not slowed by it:
 * less than 15 ms of CPU over a second and a half. Answers the seconds waited (at most a minute).
 */
export async function untilIdle(pid: number): Promise<number> {
  const started = performance.now();
  let before = cpuMs(pid);
  while (performance.now() - started < IDLE_MAX_WAIT_MS) {
    await Bun.sleep(IDLE_WINDOW_MS);
    const now = cpuMs(pid);
    if (now - before < IDLE_CPU_MS) break;
    before = now;
  }
  return (performance.now() - started) / 1000;
}

/**
 * User and system CPU time so far, in milliseconds: of the whole process, or of one of its
 * threads (`thread`, a task id; the main thread's is the process id).
 */
export function cpuTimes(pid: number, thread?: number): { user: number; system: number } {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1000) / CLOCK_TICKS, system: (Number(fields[12]) * 1000) / CLOCK_TICKS };
}

/** Linux's USER_HZ: /proc times are in hundredths of a second on every mainstream kernel. */
const CLOCK_TICKS = 100;

export function rssMiB(pid: number): number {
  const kib = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) / 1024;
}

/**
 * Starts `bun [bunFlags] server/main.ts --data <dir>/data --port 0 [--threads N]` and waits for its
 * "listening on" line (without `threads`, Deskbase's default count). The folder is the caller's: it
 * stays when the server stops (a big seed survives restarts).
 */
export async function startServer(adminPassword: string, dir: string, bunFlags: string[] = [], threads?: number): Promise<BenchServer> {
  mkdirSync(dir, { recursive: true });
  const spawned = performance.now();
  const proc = Bun.spawn([process.execPath, ...bunFlags, join(ROOT, 'server/main.ts'), '--data', join(dir, 'data'), '--port', '0', '--host', '127.0.0.1', '--rate-limit-address', '0', '--rate-limit-session', '0', ...(threads ? ['--threads', String(threads)] : [])], {
    cwd: ROOT,
    env: { ...process.env, DESKBASE_ADMIN_PASSWORD: adminPassword },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  let disposing: Promise<void> | null = null;
  const dispose = () =>
    (disposing ??= (async () => {
      await stopProcess(proc);
    })());
  try {
    const { origin, threads: serving } = await readUntilListening(proc);
    const startMs = performance.now() - spawned;
    return { origin, api: `${origin}/apirest.php`, dir, pid: proc.pid, startMs, threads: serving, rssMiB: () => rssMiB(proc.pid), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** The bare Bun server of bench/bare.ts, serving the bodies in `bodiesFile` on `threads` threads (as Deskbase's). */
export async function startBare(bodiesFile: string, threads: number): Promise<{ origin: string; pid: number; threads: number; dispose(): Promise<void> }> {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'bench/bare.ts'), bodiesFile, String(threads)], { cwd: ROOT, stdin: 'ignore', stdout: 'pipe', stderr: 'inherit' });
  try {
    return { ...(await readUntilListening(proc)), pid: proc.pid, dispose: () => stopProcess(proc) };
  } catch (error) {
    await stopProcess(proc);
    throw error;
  }
}
