/** GET|HEAD /health: 200 while the database answers, 503 with a reason when it does not. */
import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { checkHealth, healthResponse } from '../../server/api/health';
import { openStore } from '../../server/db';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';

const clock = new TestClock();
// No sendmail program where smtp_mode 0 looks for it.
const ctx = useServer({ DESKBASE_SENDMAIL: '/nonexistent/sendmail' }, clock.args);

describe('/health on a running server', () => {
  test('GET: 200 {"status":"ok","version","database":"ok","uptime_s"}, without a session, never cached', async () => {
    const res = await fetch(`${ctx.server.origin}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['status', 'version', 'database', 'uptime_s']);
    expect(body).toMatchObject({ status: 'ok', version: pkg.version, database: 'ok' });
    expect(Number.isInteger(body.uptime_s) && body.uptime_s >= 0).toBe(true);
  });

  test('uptime_s counts the seconds since the start, by the server clock', async () => {
    const before = (await (await fetch(`${ctx.server.origin}/health`)).json()).uptime_s;
    clock.advance(42_500);
    expect((await (await fetch(`${ctx.server.origin}/health`)).json()).uptime_s).toBe(before + 42);
  });

  test('HEAD: 200 without a body; other methods 405', async () => {
    const head = await fetch(`${ctx.server.origin}/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${ctx.server.origin}/health`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  test('while e-mail notifications are on, "mail" says whether mail can leave with the settings', async () => {
    const mail = async () => (await (await fetch(`${ctx.server.origin}/health`)).json()).mail;
    expect(await mail()).toBeUndefined();
    await ctx.api.setConfig('use_notifications', '1');
    await ctx.api.setConfig('notifications_mailing', '1');
    try {
      expect(await mail()).toEqual({ status: 'ok', queued: 0, failing: 0 });
      await ctx.api.setConfig('smtp_mode', '0');
      expect(await mail()).toEqual({ status: 'error', queued: 0, failing: 0, reason: expect.stringContaining('smtp_mode is 0 (the local sendmail) but there is no sendmail program') });
      await ctx.api.setConfig('smtp_mode', '4');
      expect(await mail()).toEqual({ status: 'error', queued: 0, failing: 0, reason: expect.stringContaining('smtp_mode 4 (SMTP with OAuth, smtp_oauth_provider) is not supported') });
      await expect(ctx.api.setConfig('smtp_mode', '5')).rejects.toThrow("Setting smtp_mode must be one of GLPI's values: 0 (local sendmail), 1 (SMTP), 2 (SMTPS), 3 (SMTP with STARTTLS), 4 (SMTP with OAuth)");
    } finally {
      await ctx.api.setConfig('smtp_mode', '1');
      await ctx.api.setConfig('use_notifications', '0');
    }
  });

  // Last: it breaks this server's data folder.
  test('503 with a reason once the database file is gone from the data folder', async () => {
    unlinkSync(join(ctx.server.dataDir, 'deskbase.sqlite'));
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${ctx.server.origin}/health`, { method });
      expect(res.status).toBe(503);
      if (method === 'GET') {
        const body = await res.json();
        expect(body).toMatchObject({ status: 'error', database: 'error', version: pkg.version });
        expect(body.reason).toContain('missing');
      }
    }
  });
});

describe('the check itself (in-process)', () => {
  test('a closed database answers 503 "database is unreachable"', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'deskbase-health-'));
    try {
      const { store } = await openStore(dataDir, 'pw');
      expect(checkHealth(store)).toMatchObject({ status: 'ok', database: 'ok' });
      store.db.close();
      const health = checkHealth(store);
      expect(health).toMatchObject({ status: 'error', database: 'error' });
      expect(health.reason).toMatch(/^database is unreachable: /);
      const res = healthResponse(store, 'GET');
      expect(res.status).toBe(503);
      expect((await res.json()).reason).toBe(health.reason!);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
