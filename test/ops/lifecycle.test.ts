/**
 * Operations: `--log-format json` writes one JSON line per request with the id echoed in
 * X-Request-Id; SIGTERM stops accepting, finishes the requests in flight, checkpoints the WAL
 * and exits 0.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/cli';
import { Client } from '../support/client';
import { ADMIN_PASSWORD } from '../support/server';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A server whose stdout is read line by line, so a test can wait for a given line. */
class Served {
  readonly lines: string[] = [];
  private waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  readonly proc;
  origin = '';

  constructor(readonly dataDir: string, args: string[]) {
    this.proc = Bun.spawn([process.execPath, join(ROOT, 'server/main.ts'), '--data', dataDir, '--port', '0', ...args], {
      cwd: ROOT,
      env: { ...process.env, DESKBASE_ADMIN_PASSWORD: ADMIN_PASSWORD },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    void this.read();
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of this.proc.stdout) {
      pending += decoder.decode(chunk);
      let newline;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        this.lines.push(line);
        for (const w of this.waiters.filter((w) => w.match(line))) w.resolve(line);
        this.waiters = this.waiters.filter((w) => !w.match(line));
      }
    }
  }

  /** Resolves with the first line (already printed or to come) that matches. */
  line(match: (line: string) => boolean): Promise<string> {
    const seen = this.lines.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  async started(): Promise<this> {
    const line = await this.line((l) => l.includes('listening on http://'));
    this.origin = /listening on (http:\/\/[^/\s]+)\//.exec(line)![1]!;
    return this;
  }
}

const dataFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-lifecycle-'));
  folders.push(dir);
  return dir;
};

describe('--log-format json', () => {
  test('one JSON line per request, with the request id the response carries', async () => {
    const server = await new Served(dataFolder(), ['--log-format', 'json']).started();
    try {
      const given = await fetch(`${server.origin}/health`, { headers: { 'X-Request-Id': 'lb-7f3a.42' } });
      expect(given.headers.get('x-request-id')).toBe('lb-7f3a.42');
      const api = new Client(`${server.origin}/apirest.php`);
      const missing = await api.get('Computer/');
      const made = missing.headers.get('x-request-id')!;
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
      // A header that is not a plain token is not echoed (it would end up in logs as is).
      const odd = await fetch(`${server.origin}/health`, { headers: { 'X-Request-Id': 'a b"c' } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      const access = JSON.parse(await server.line((l) => l.includes(made)));
      expect(access).toMatchObject({ level: 'info', type: 'access', request_id: made, method: 'GET', path: '/apirest.php/Computer/', status: 401, ip: '127.0.0.1' });
      expect(typeof access.duration_ms).toBe('number');
      expect(new Date(access.time).toISOString()).toBe(access.time);
      expect(JSON.parse(await server.line((l) => l.includes('lb-7f3a.42')))).toMatchObject({ path: '/health', status: 200 });
      for (const line of server.lines) expect(() => JSON.parse(line)).not.toThrow(); // start-up lines too
    } finally {
      server.proc.kill('SIGTERM');
      await server.proc.exited;
    }
  });
});

describe('a client that goes away', () => {
  test('closing the connection in the middle of a request body is logged as 499 (client closed), not as a server error', async () => {
    const server = await new Served(dataFolder(), ['--log-format', 'json']).started();
    const stderr = new Response(server.proc.stderr).text();
    try {
      const api = await new Client(`${server.origin}/apirest.php`).login();
      const conn = await socket(server.origin);
      conn.sock.write(
        `POST /apirest.php/Computer/ HTTP/1.1\r\nHost: deskbase\r\nSession-Token: ${api.token}\r\nX-Request-Id: gone-away-1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n`,
      );
      // The server has read the headers: the request is in its hands when the client leaves.
      while (!conn.received().includes('100 Continue')) await new Promise((r) => conn.sock.once('data', r));
      conn.sock.write('{"input": {"name": "never fin');
      conn.sock.destroy();
      const access = JSON.parse(await server.line((l) => l.includes('gone-away-1')));
      expect(access).toMatchObject({ type: 'access', level: 'info', method: 'POST', path: '/apirest.php/Computer/', status: 499 });
      expect((await api.get('Computer/', { query: 'searchText[name]=never' })).body).toEqual([]);
    } finally {
      server.proc.kill('SIGTERM');
      await server.proc.exited;
    }
    // Everything the server wrote on stderr, now that it has exited: no error line for it.
    expect((await stderr).split('\n').filter((l) => l.includes('gone-away-1'))).toEqual([]);
  });
});

/** Writes to a raw socket and collects what comes back. */
function socket(origin: string): Promise<{ sock: Socket; received: () => string; closed: Promise<void> }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    let data = '';
    let done!: () => void;
    const closed = new Promise<void>((r) => (done = r));
    const sock = connect(Number(url.port), url.hostname, () => resolve({ sock, received: () => data, closed }));
    sock.on('data', (d) => (data += d.toString('latin1')));
    sock.on('close', () => done());
    sock.on('error', reject);
  });
}

const refused = (origin: string) =>
  new Promise<boolean>((resolve) => {
    const url = new URL(origin);
    const sock = connect(Number(url.port), url.hostname);
    sock.on('connect', () => {
      sock.destroy();
      resolve(false);
    });
    sock.on('error', () => resolve(true));
  });

describe('SIGTERM', () => {
  test('stops accepting, finishes the request in flight, checkpoints the WAL and exits 0', async () => {
    const dataDir = dataFolder();
    const server = await new Served(dataDir, []).started();
    const api = await new Client(`${server.origin}/apirest.php`).login();
    const body = JSON.stringify({ input: { name: 'written during the stop' } });
    const conn = await socket(server.origin);
    // Expect: 100-continue makes the server say it has read the headers: the request is in flight.
    conn.sock.write(
      `POST /apirest.php/Computer/ HTTP/1.1\r\nHost: deskbase\r\nSession-Token: ${api.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    while (!conn.received().includes('100 Continue')) await new Promise((r) => conn.sock.once('data', r));

    server.proc.kill('SIGTERM');
    await server.line((l) => l.includes('SIGTERM: no longer accepting connections'));
    expect(await refused(server.origin)).toBe(true);

    conn.sock.end(body);
    await conn.closed;
    const answer = conn.received().split('\r\n\r\n').slice(1).join('\r\n\r\n');
    expect(conn.received()).toContain('HTTP/1.1 201');
    const id = JSON.parse(answer.slice(answer.indexOf('{'))).id as number;
    expect(await server.proc.exited).toBe(0);
    expect(server.lines.at(-1)).toBe('[deskbase] stopped');
    const wal = join(dataDir, 'deskbase.sqlite-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);

    const again = await new Served(dataDir, []).started();
    try {
      const reader = await new Client(`${again.origin}/apirest.php`).login();
      expect((await reader.get(`Computer/${id}`)).body.name).toBe('written during the stop');
    } finally {
      again.proc.kill('SIGTERM');
      await again.proc.exited;
    }
  });
});
