import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';

export const ROOT = resolve(import.meta.dir, '..');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** A Deskbase process of its own on a temporary data folder, reached over loopback HTTP. */
export interface BenchServer {
  origin: string;
  api: string;
  /** Work folder: the data folder lives inside it, and so may scratch files. */
  dir: string;
  pid: number;
  /** Stops the process (SIGTERM, then SIGKILL) and removes the folder; every call awaits the same cleanup. */
  dispose(): Promise<void>;
}

async function readUntilListening(proc: Subprocess<'ignore', 'pipe', 'inherit'>): Promise<string> {
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let output = '';
  const timeout = setTimeout(() => proc.kill('SIGKILL'), START_TIMEOUT_MS);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`server exited before listening:\n${output}`);
      output += decoder.decode(value);
      const match = /listening on (http:\/\/[^/\s]+)\//.exec(output);
      if (match) {
        void drain(reader);
        return match[1]!;
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

/** Starts `bun server/main.ts --data <tmp> --port 0` and waits for its "listening on" line. */
export async function startServer(adminPassword: string): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-bench-'));
  const proc = Bun.spawn([process.execPath, join(ROOT, 'server/main.ts'), '--data', join(dir, 'data'), '--port', '0', '--host', '127.0.0.1', '--rate-limit-address', '0', '--rate-limit-session', '0'], {
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
      rmSync(dir, { recursive: true, force: true });
    })());
  try {
    const origin = await readUntilListening(proc);
    return { origin, api: `${origin}/apirest.php`, dir, pid: proc.pid, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
