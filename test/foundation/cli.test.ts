/** The command line: --help prints the options; bad options stop with exit code 2. */
import { describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../support/client';
import { TestServer } from '../support/server';
import { runCli } from '../support/cli';

const run = runCli;

describe('deskbase --help', () => {
  for (const flag of ['--help', '-h']) {
    test(`${flag} prints every option with its environment variable, and exits 0`, async () => {
      // The data folder must not be touched: point it somewhere that does not exist.
      const res = await run([flag], { DESKBASE_DATA: '/nonexistent/deskbase-help-test' });
      expect(res.code).toBe(0);
      expect(res.stderr).toBe('');
      for (const word of ['--port', 'DESKBASE_PORT', '--host', 'DESKBASE_HOST', '--data', 'DESKBASE_DATA', 'DESKBASE_ADMIN_PASSWORD', '--help', '8080', '127.0.0.1', 'backup_interval_hours', 'backup_keep', 'backup_folder']) {
        expect(res.stdout).toContain(word);
      }
      expect(res.stdout).not.toContain('listening');
    });
  }

  test('--help wins even after other flags', async () => {
    const res = await run(['--port', '1', '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('--port');
  });
});

describe('bad options', () => {
  const cases: { args: string[]; env?: Record<string, string>; message: string }[] = [
    { args: ['--bogus'], message: 'unknown option --bogus' },
    { args: ['--port'], message: 'option --port needs a value' },
    { args: ['--port', 'abc'], message: 'invalid port "abc"' },
    { args: ['--port=70000'], message: 'invalid port "70000"' },
    { args: ['--data='], message: 'option --data needs a value' },
    { args: [], env: { DESKBASE_PORT: '-5' }, message: 'invalid port "-5"' },
  ];
  for (const c of cases) {
    test(`${[...c.args, ...Object.entries(c.env ?? {}).map(([k, v]) => `${k}=${v}`)].join(' ') || '(none)'} → exit 2: ${c.message}`, async () => {
      const res = await run(c.args, c.env);
      expect(res.code).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr).toContain(c.message);
      expect(res.stderr).not.toMatch(/\bat .*\.ts:\d+/); // a message, not a stack trace
    });
  }
});

describe('first start without DESKBASE_ADMIN_PASSWORD', () => {
  test('a random admin password is printed once, works, and is not printed again', async () => {
    const server = new TestServer(mkdtempSync(join(tmpdir(), 'deskbase-first-')), { DESKBASE_ADMIN_PASSWORD: '' });
    try {
      await server.start();
      // The password line is printed on stdout before "listening", which start() waited for.
      const password = /password: (\S+)/.exec(server.output)?.[1];
      expect(password).toMatch(/^[\w-]{12,}$/);
      await new Client(server.api).login('glpi', password!);
      await server.restart();
      expect(server.output).not.toContain('password:');
      await new Client(server.api).login('glpi', password!);
    } finally {
      await server.dispose();
    }
  });
});
