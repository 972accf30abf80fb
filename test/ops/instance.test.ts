/**
 * One server per data folder, one server per port. The data folder's lock is a kernel flock
 * held for the life of the process: a crash frees it at once, no pid written in a file blocks
 * a start, and of two starts at the same moment exactly one serves. A taken port is an error.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/cli';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, TestServer } from '../support/server';

const folders: string[] = [];
const dataFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-instance-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

interface Attempt {
  /** Set when the server is listening (then `stop` ends it). */
  origin: string | null;
  code: number | null;
  stderr: string;
  stop(): Promise<void>;
}

/** Starts `deskbase` and waits until it listens or exits, whichever comes first. */
async function attempt(dataDir: string, port = '0'): Promise<Attempt> {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'server/main.ts'), '--data', dataDir, '--port', port], {
    cwd: ROOT,
    env: { ...process.env, DESKBASE_ADMIN_PASSWORD: ADMIN_PASSWORD },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const stderr = new Response(proc.stderr).text();
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let stdout = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    stdout += decoder.decode(value);
    const listening = /listening on (http:\/\/[^/\s]+)\//.exec(stdout);
    if (listening) {
      void (async () => {
        while (!(await reader.read()).done);
      })();
      return {
        origin: listening[1]!,
        code: null,
        stderr: '',
        stop: async () => {
          proc.kill('SIGTERM');
          await proc.exited;
        },
      };
    }
  }
  return { origin: null, code: await proc.exited, stderr: await stderr, stop: async () => {} };
}

describe('the data folder lock', () => {
  test('a second server on the same data folder is refused, naming the holder', async () => {
    const dir = dataFolder();
    const first = await attempt(dir);
    try {
      expect(first.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const second = await attempt(dir);
      expect(second.origin).toBeNull();
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`another Deskbase (pid `);
      expect(second.stderr).toContain(`on ${hostname()}) is already serving ${dir}`);
      expect(second.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    } finally {
      await first.stop();
    }
  });

  test('SIGKILL, then an immediate restart serves the same data', async () => {
    const server = new TestServer(dataFolder(), { DESKBASE_ADMIN_PASSWORD: ADMIN_PASSWORD });
    try {
      await server.start();
      const id = await (await new Client(server.api).login()).create('Computer', { name: 'before the crash' });
      await server.stop(true); // SIGKILL: no clean-up ran, the lock file stays behind
      expect(readFileSync(join(server.dataDir, 'deskbase.lock'), 'utf8')).toMatch(/^pid \d+ on /);
      await server.start();
      expect((await (await new Client(server.api).login()).get(`Computer/${id}`)).body.name).toBe('before the crash');
    } finally {
      await server.dispose();
    }
  });

  test('two starts at the same moment: exactly one serves, the other exits 1', async () => {
    const dir = dataFolder();
    const both = await Promise.all([attempt(dir), attempt(dir)]);
    try {
      const serving = both.filter((a) => a.origin !== null);
      const refused = both.filter((a) => a.origin === null);
      expect(serving).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.code).toBe(1);
      expect(refused[0]!.stderr).toContain('is already serving');
      expect((await fetch(`${serving[0]!.origin}/health`)).status).toBe(200);
    } finally {
      await Promise.all(both.map((a) => a.stop()));
    }
  });

  test('a lock file from another machine, and a pid file naming a live process, block nothing', async () => {
    const dir = dataFolder();
    writeFileSync(join(dir, 'deskbase.lock'), 'pid 4242 on some-other-machine\n');
    writeFileSync(join(dir, 'deskbase.pid'), `${process.pid}\n`); // left by an older version; this pid is alive
    const server = await attempt(dir);
    try {
      expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(readFileSync(join(dir, 'deskbase.lock'), 'utf8')).toMatch(new RegExp(`^pid \\d+ on ${hostname()}: serving\\n$`));
    } finally {
      await server.stop();
    }
  });
});

describe('the port', () => {
  test('a first start on a port in use stops before creating the data folder\'s database or printing an admin password', async () => {
    const taken = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(null) });
    const dir = dataFolder();
    try {
      const env: Record<string, string | undefined> = { ...process.env };
      delete env.DESKBASE_ADMIN_PASSWORD;
      const proc = Bun.spawn([process.execPath, join(ROOT, 'server/main.ts'), '--data', dir, '--port', String(taken.port)], { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe' });
      const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
      expect(code).toBe(1);
      expect(err).toContain(`port ${taken.port} on 127.0.0.1 is already in use`);
      expect(`${out}${err}`).not.toContain('password');
      expect(existsSync(join(dir, 'deskbase.sqlite'))).toBe(false);
    } finally {
      taken.stop(true);
    }
  });


  test('a port in use is a clear error and exit 1; the running server keeps every request', async () => {
    const first = await attempt(dataFolder());
    try {
      const port = new URL(first.origin!).port;
      const second = await attempt(dataFolder(), port);
      expect(second.origin).toBeNull();
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(second.stderr).not.toMatch(/\bat .*\.ts:\d+/);
      for (let i = 0; i < 20; i++) expect((await fetch(`${first.origin}/health`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });
});
