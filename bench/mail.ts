/**
 * The mail collector scenario: 500 mails (each with an HTML part, an inline image, a PDF and a
 * refused executable) delivered into a private Dovecot, then one "collect now" run that imports
 * them all, timed from the request to its answer, while a client reads tickets through the API
 * without pause (collection is off the request path: the reads go on being answered).
 */
import { Database } from 'bun:sqlite';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../test/support/client';
import { Dovecot, dovecotMissing } from '../test/support/dovecot';
import type { Figure } from './report';
import { ROOT, startServer } from './server';

const MAILS = 500;
const TARGET_SECONDS = 30;
const ADMIN_PASSWORD = 'bench-admin-pw';

export async function benchmarkMail(log: (message: string) => void): Promise<{ figures: Figure[]; setup: string[] }> {
  if (dovecotMissing) {
    log(`mail: skipped (${dovecotMissing})`);
    return { figures: [], setup: [] };
  }
  const dovecot = new Dovecot();
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-bench-mail-'));
  const server = await startServer(ADMIN_PASSWORD, dir);
  try {
    await dovecot.start();
    const api = await new Client(server.api).login('glpi', ADMIN_PASSWORD);
    const rule = await api.create('Rule', { name: 'every mail to the root entity', sub_type: 'RuleMailCollector', match: 'AND' });
    await api.create('RuleCriteria', { rules_id: rule, criteria: 'from', condition: 6, pattern: '/@/' });
    await api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'entities_id', value: '0' });
    const collector = await api.create('MailCollector', { name: 'bench', host: `{127.0.0.1:${dovecot.port}/imap/tls/novalidate-cert}INBOX`, login: 'helpdesk', passwd: 'mail-pw', accepted: 'Accepted' });
    // One run takes every mail (GLPI's default is 10 a run).
    const db = new Database(join(dir, 'data', 'deskbase.sqlite'));
    db.exec('PRAGMA busy_timeout = 10000');
    db.run("UPDATE glpi_crontasks SET param = ? WHERE name = 'mailgate'", [MAILS]);
    db.close();
    const mail = readFileSync(join(ROOT, 'test/mail/fixtures/attachments.eml'), 'latin1');
    for (let i = 0; i < MAILS; i++) dovecot.deliver(Buffer.from(mail.replace('attach-1@', `bench-${i}@`), 'latin1'));
    log(`mail: collecting ${MAILS} mails …`);
    let reading = true;
    const latencies: number[] = [];
    const reader = (async () => {
      while (reading) {
        const started = performance.now();
        await api.get('Ticket/', { query: 'range=0-9' });
        latencies.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    const res = await api.post(`MailCollector/${collector}/collect`, {});
    const seconds = (performance.now() - started) / 1000;
    reading = false;
    await reader;
    if (res.status !== 200 || res.body.tickets !== MAILS) throw new Error(`the collection answered ${res.status} ${res.text}`);
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    log(`mail: ${MAILS} tickets in ${seconds.toFixed(1)} s; ${latencies.length} reads answered meanwhile (p99 ${p99.toFixed(0)} ms)`);
    return {
      figures: [
        {
          name: `Mail collection of ${MAILS} mails`,
          value: seconds,
          unit: 's',
          target: TARGET_SECONDS,
          kind: 'max',
          detail: `${MAILS} tickets with 2 documents each (and an executable refused), one run; ${latencies.length} ticket reads answered during it, p99 ${p99.toFixed(0)} ms`,
        },
      ],
      setup: ['Mail: a private Dovecot (Debian dovecot-imapd, throwaway Maildir, STARTTLS) holding 500 copies of test/mail/fixtures/attachments.eml; `POST MailCollector/:id/collect` while one client reads tickets without pause.'],
    };
  } finally {
    await server.dispose();
    await dovecot.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
