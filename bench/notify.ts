/**
 * The notification scenarios (issue 29), also runnable alone: `bun bench/notify.ts [--updates N] [--mails N]`.
 * - Ticket updates with and without notifications: the same ticket (a requester, an observer and
 *   the administrator get mail, through a local SMTP server) renamed by sequential `PUT Ticket/:id`,
 *   in alternating blocks with notifications off and on; the figure is the on/off ratio of the
 *   medians (the update stages its event in its transaction; the background sender finds the
 *   recipients, queues, renders and sends their mails).
 * - The sender draining N queued mails (1 000 by default) to a local SMTP server: the mails are
 *   written into the queue while the server is stopped, then timed from its start until the SMTP
 *   server holds them all.
 */
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '../test/support/client';
import { MailCatcher } from '../test/support/smtp';
import type { Figure } from './report';
import { startServer } from './server';

const ADMIN_PASSWORD = 'bench-admin-pw';
const TARGET_RATIO = 1.2;
const TARGET_DRAIN_SECONDS = 10;
const BLOCKS = 10;

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

async function settings(api: Client, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await api.setConfig(name, value);
}

/** Medians of `updates` sequential ticket updates, half with notifications off, half on, in alternating blocks. */
async function updateCost(api: Client, ticket: number, updates: number): Promise<{ off: number; on: number }> {
  const times: Record<'off' | 'on', number[]> = { off: [], on: [] };
  const perBlock = Math.max(1, Math.floor(updates / (2 * BLOCKS)));
  let n = 0;
  for (let block = 0; block < 2 * BLOCKS; block++) {
    const mode = block % 2 === 0 ? 'off' : 'on';
    await settings(api, { use_notifications: mode === 'on' ? '1' : '0' });
    for (let i = 0; i < perBlock; i++) {
      const started = performance.now();
      const res = await api.put(`Ticket/${ticket}`, { input: { name: `Bench ticket ${++n}` } });
      times[mode].push(performance.now() - started);
      if (res.status !== 200) throw new Error(`update answered ${res.status} ${res.text}`);
    }
  }
  return { off: median(times.off), on: median(times.on) };
}

/** Writes `count` mails into the queue of a stopped server's folder, as the engine queues them. */
function queueMails(dir: string, count: number): void {
  const db = new Database(join(dir, 'data', 'deskbase.sqlite'));
  db.exec('PRAGMA busy_timeout = 10000');
  const at = '2000-01-01 00:00:00'; // due whatever the folder's time zone
  const insert = db.prepare(
    `INSERT INTO glpi_queuednotifications (itemtype, items_id, entities_id, event, mode, create_time, send_time, name, sender, sendername, recipient, recipientname, headers, body_text, body_html)
     VALUES ('Ticket', ?, 0, 'update', 'mailing', ?, ?, ?, 'desk@example.org', 'Desk', ?, ?, '{}', ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      insert.run(i, at, at, `[GLPI #${String(i).padStart(7, '0')}] Update: bench ticket ${i}`, `user${i}@example.org`, `User ${i}`, `Ticket ${i} was updated.\n\nStatus: Processing`, `<p>Ticket ${i} was updated.</p><p>Status: Processing</p>`);
    }
  })();
  db.close();
}

export async function benchmarkNotifications(log: (message: string) => void, updates = 400, mails = 1_000): Promise<{ figures: Figure[]; setup: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-bench-notify-'));
  const smtp = new MailCatcher();
  await smtp.start();
  let server = await startServer(ADMIN_PASSWORD, dir);
  try {
    let api = await new Client(server.api).login('glpi', ADMIN_PASSWORD);
    await settings(api, { notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(smtp.port), admin_email: 'desk@example.org' });
    const requester = await api.create('User', { name: 'bench-requester', email: 'requester@example.org' });
    const observer = await api.create('User', { name: 'bench-observer', email: 'observer@example.org' });
    const ticket = await api.create('Ticket', { name: 'Bench ticket', content: 'Measured', _users_id_requester: requester, _users_id_observer: observer });
    log(`notify: ${updates} ticket updates, notifications off and on …`);
    const cost = await updateCost(api, ticket, updates);
    const ratio = cost.on / cost.off;
    const queued = smtp.messages.length;
    log(`notify: update median ${cost.off.toFixed(2)} ms without, ${cost.on.toFixed(2)} ms with notifications (× ${ratio.toFixed(2)}); ${queued} mails sent meanwhile`);

    await server.dispose();
    queueMails(dir, mails);
    const before = smtp.messages.length;
    log(`notify: draining ${mails} queued mails …`);
    const started = performance.now();
    server = await startServer(ADMIN_PASSWORD, dir);
    api = await new Client(server.api).login('glpi', ADMIN_PASSWORD);
    await smtp.waitFor(before + mails, 120_000);
    const seconds = (performance.now() - started) / 1000;
    log(`notify: ${mails} mails drained in ${seconds.toFixed(2)} s (server start included)`);
    return {
      figures: [
        {
          name: 'Ticket update with notifications, relative to without',
          value: ratio,
          unit: '×',
          target: TARGET_RATIO,
          kind: 'max',
          detail: `median of ${updates / 2} sequential PUT Ticket/:id each way (${BLOCKS} alternating blocks): ${cost.off.toFixed(2)} ms without, ${cost.on.toFixed(2)} ms with notifications (an event staged per update, 3 mails queued from it by the sender and sent to a local SMTP server meanwhile)`,
        },
        {
          name: `Sender draining ${mails} queued mails`,
          value: seconds,
          unit: 's',
          target: TARGET_DRAIN_SECONDS,
          kind: 'max',
          detail: `from the server's start to the last of ${mails} mails received by a local SMTP server (smtp-server), the queuednotification task's 50 a run`,
        },
      ],
      setup: [
        'Notifications: a local SMTP server (the smtp-server package, as the tests); a ticket with a requester and an observer with addresses and admin_email set (GLPI\'s default targets of "Update Ticket": 3 mails an update); the drain from a queue written while the server was stopped.',
      ],
    };
  } finally {
    await server.dispose();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Bun.argv.slice(2), options: { updates: { type: 'string' }, mails: { type: 'string' } } });
  const { figures } = await benchmarkNotifications((message) => console.log(`[notify] ${message}`), Number(values.updates ?? 400), Number(values.mails ?? 1_000));
  for (const f of figures) console.log(`${f.name}: ${f.value.toFixed(2)} ${f.unit} (target ${f.kind === 'max' ? '<' : '≥'} ${f.target}) — ${f.detail}`);
}
