/**
 * The mail queue survives a crash (issue 29): a server killed with SIGKILL during a burst of
 * ticket updates, while its SMTP server is away, has after its restart exactly one queued mail per
 * committed update (the history says which committed; the events staged before the kill are
 * expanded after the restart, once), and once the SMTP server is back each is
 * sent, once, describing the ticket as its update left it (rendered by the sender, not in the update).
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { headerOf, MailCatcher } from '../support/smtp';
import { useServer } from '../support/server';
import { until } from '../support/until';

const clock = new TestClock();
const ctx = useServer({}, clock.args);
let catcher = new MailCatcher();
const BURST = 300;

beforeAll(async () => {
  await catcher.start();
  await catcher.stop(); // its port now refuses connections: the SMTP server is away
  // No global administrator address (the requester is the one recipient); mail comes from from_email.
  for (const [name, value] of Object.entries({ use_notifications: '1', notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(catcher.port), admin_email: '', from_email: 'desk@example.org' })) {
    await ctx.api.setConfig(name, value);
  }
});
afterAll(() => catcher.stop());

const read = <T>(sql: string): T[] => {
  const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    return db.query(sql).all() as T[];
  } finally {
    db.close();
  }
};

test('SIGKILL in a burst of updates: every committed update has its mail, each sent once after the restart', async () => {
  const requester = await ctx.api.create('User', { name: 'watcher', email: 'watcher@example.org' });
  const ticket = await ctx.api.create('Ticket', { name: 'v0', content: 'x', _users_id_requester: requester });
  let answered = 0;
  const burst = Array.from({ length: BURST }, (_, i) =>
    ctx.api
      .put(`Ticket/${ticket}`, { input: { name: `v${i + 1}` } })
      .then((res) => {
        if (res.status === 200) answered++;
      })
      .catch(() => undefined),
  );
  await until('a third of the updates answered', () => answered, (n) => n >= BURST / 3);
  await ctx.server.stop(true);
  await Promise.all(burst);

  await ctx.server.start();
  ctx.api = await new Client(ctx.server.api).login();
  // The events staged before the kill become their mails in the sender's first run (started by that request).
  await until('the staged events expanded', () => read<{ n: number }>('SELECT COUNT(*) AS n FROM deskbase_staged_notifications')[0]!.n, (n) => n === 0);
  const committed = read<{ name: string }>(`SELECT new_value AS name FROM glpi_logs WHERE itemtype = 'Ticket' AND items_id = ${ticket} AND new_value LIKE 'v%' ORDER BY id`).map((r) => r.name);
  const queued = read<{ event: string }>(`SELECT event FROM glpi_queuednotifications WHERE itemtype = 'Ticket' AND items_id = ${ticket} ORDER BY id`);
  expect(committed.length).toBeGreaterThanOrEqual(answered);
  expect(committed.length).toBeLessThan(BURST + 1);
  expect(queued.map((q) => q.event)).toEqual(['new', ...committed.map(() => 'update')]);

  const port = catcher.port;
  catcher = new MailCatcher(); // the SMTP server is back
  await catcher.start(port);
  // Each poll moves the clock a day: every retry is due and the request runs the sender again
  // (a mail that failed on a loaded machine is tried again, not waited for).
  const queuedNow = async () => {
    clock.advance(24 * 60 * 60_000);
    return (await (await fetch(`${ctx.server.origin}/health`)).json()).mail.queued as number;
  };
  await until('the queue drained', queuedNow, (n) => n === 0);
  expect(catcher.messages.length).toBe(queued.length);
  const ids = catcher.messages.map((m) => headerOf(m.raw, 'Message-ID'));
  expect(new Set(ids).size).toBe(queued.length);
  expect(catcher.messages.every((m) => m.to.join() === 'watcher@example.org')).toBe(true);
  // Rendered by the sender after the restart, each mail still names the ticket as its update left it.
  const byVersion = (names: string[]) => names.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  const subjects = catcher.messages.map((m) => headerOf(m.raw, 'Subject')!).filter((s) => s.includes(' Update: '));
  expect(byVersion(subjects.map((s) => s.replace(/^\[GLPI #\d{7}\] Update: /, '')))).toEqual(byVersion([...committed]));
}, 120_000);
