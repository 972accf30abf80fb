import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';
import { afterAll, beforeAll } from 'bun:test';
import { Client } from './client';

export const ADMIN_PASSWORD = 'admin-secret';
const ROOT = resolve(import.meta.dir, '../..');

/** A real Deskbase process on a temporary data folder, reached over real HTTP. */
export class TestServer {
  private proc: Subprocess<'ignore', 'pipe', 'pipe'> | null = null;
  origin = '';
  output = '';

  constructor(
    readonly dataDir: string,
    private readonly env: Record<string, string>,
    private readonly args: string[] = [],
  ) {}

  get api(): string {
    return `${this.origin}/apirest.php`;
  }

  async start(): Promise<void> {
    this.output = '';
    const proc = Bun.spawn([process.execPath, join(ROOT, 'server/main.ts'), '--data', this.dataDir, '--port', '0', ...this.args], {
      cwd: ROOT,
      env: { ...process.env, DESKBASE_ADMIN_PASSWORD: ADMIN_PASSWORD, ...this.env },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    this.proc = proc;
    void this.drain(proc.stderr);
    const reader = proc.stdout.getReader();
    const decoder = new TextDecoder();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      this.output += decoder.decode(value);
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(this.output);
      if (m) {
        this.origin = m[1]!;
        void this.drainReader(reader);
        return;
      }
    }
    throw new Error(`server did not start:\n${this.output}`);
  }

  private async drain(stream: ReadableStream<Uint8Array>): Promise<void> {
    await this.drainReader(stream.getReader());
  }

  private async drainReader(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      this.output += decoder.decode(value);
    }
  }

  /** Stops the process (SIGKILL with `kill`, like a crash). */
  async stop(kill = false): Promise<void> {
    if (!this.proc) return;
    this.proc.kill(kill ? 'SIGKILL' : 'SIGTERM');
    await this.proc.exited;
    this.proc = null;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Stops the server and removes its data folder. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** `args` are extra command-line arguments, e.g. a TestClock's. */
export async function startServer(env: Record<string, string> = {}, args: string[] = []): Promise<TestServer> {
  const server = new TestServer(mkdtempSync(join(tmpdir(), 'deskbase-test-')), env, args);
  await server.start();
  return server;
}

/**
 * One server for the whole test file, with a logged-in super-admin client:
 * `const ctx = useServer();` then `ctx.api` / `ctx.server` inside tests.
 */
export function useServer(env: Record<string, string> = {}, args: string[] = []): { server: TestServer; api: Client } {
  const ctx = {} as { server: TestServer; api: Client };
  beforeAll(async () => {
    ctx.server = await startServer(env, args);
    ctx.api = await new Client(ctx.server.api).login();
  });
  afterAll(() => ctx.server.dispose());
  return ctx;
}
