/**
 * One run of one collector over IMAP (imapflow): log in as the host string says (TLS, STARTTLS,
 * certificate checks), list the folder's mails (only the unseen ones when `collect_only_unread`),
 * and give each its outcome (./import.ts). A mail is moved to the accepted or refused folder, or
 * flagged seen when the collector names none, only once its outcome is committed: a crash in
 * between leaves it in place, and the next run finds its outcome by Message-ID instead of
 * importing it twice. Mails whose outcome is known are not downloaded again, and those already
 * flagged seen (a collector without folders) are passed over. A mailbox that cannot be reached
 * or logged into counts in the collector's `errors` and keeps its last error; a run that reaches
 * it resets them.
 */
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { nowString } from '../core/clock';
import type { Services } from '../auth/services';
import { inTransaction } from '../db/connection';
import { run, type Row } from '../db/rows';
import { collectorPassword } from './collectors';
import { parseMailbox, type Mailbox } from './host';
import { earlier, importMail, type Outcome } from './import';

export interface RunReport {
  collector: number;
  tickets: number;
  followups: number;
  refused: number;
  /** Mails whose outcome an earlier run had already committed (moved or flagged now). */
  again: number;
  error: string | null;
}

/** Connection limits: an unreachable server fails the run in seconds, not minutes. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

function clientFor(mailbox: Mailbox, login: string, password: string): ImapFlow {
  const options: ImapFlowOptions & { doSTARTTLS?: boolean } = {
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    auth: { user: login, pass: password },
    tls: { rejectUnauthorized: mailbox.validateCertificate },
    logger: false,
    disableAutoIdle: true,
    ...TIMEOUTS,
  };
  if (mailbox.startTls === 'required') options.doSTARTTLS = true;
  if (mailbox.startTls === 'never' && !mailbox.secure) options.doSTARTTLS = false;
  return new ImapFlow(options);
}

/** Words for a failed connection: imapflow's flags and codes say more than its message. */
function describe(error: unknown): string {
  const e = error as { authenticationFailed?: boolean; code?: string; message?: string; responseText?: string };
  if (e?.authenticationFailed) return `login refused by the server${e.responseText ? `: ${e.responseText}` : ''}`;
  const text = e?.message ?? String(error);
  return e?.code && !text.includes(e.code) ? `${text} (${e.code})` : text;
}

function noteRun(services: Services, report: RunReport): void {
  const db = services.store.db;
  const at = nowString();
  inTransaction(db, () => {
    run(db, 'INSERT OR IGNORE INTO deskbase_mailcollector_runs (mailcollectors_id) VALUES (?)', report.collector);
    run(db, 'UPDATE deskbase_mailcollector_runs SET last_run = ?, tickets = ?, followups = ?, refused = ? WHERE mailcollectors_id = ?', at, report.tickets, report.followups, report.refused, report.collector);
    if (report.error === null) {
      run(db, 'UPDATE glpi_mailcollectors SET errors = 0, last_collect_date = ? WHERE id = ?', at, report.collector);
    } else {
      run(db, 'UPDATE glpi_mailcollectors SET errors = errors + 1 WHERE id = ?', report.collector);
      run(db, 'UPDATE deskbase_mailcollector_runs SET last_error = ?, last_error_date = ? WHERE mailcollectors_id = ?', report.error, at, report.collector);
    }
  });
}

function count(report: RunReport, outcome: Outcome): void {
  if (outcome.again) report.again++;
  else if (outcome.kind === 'ticket') report.tickets++;
  else if (outcome.kind === 'followup') report.followups++;
  else report.refused++;
}

/** Where a mail of this outcome goes; '' when the collector names no folder (it is flagged seen). */
const folderFor = (collector: Row, outcome: Outcome) => String((outcome.kind === 'refused' ? collector.refused : collector.accepted) ?? '').trim();

/** Moves mails to a folder (made when missing), or flags them seen when the folder is ''. */
async function settle(client: ImapFlow, folder: string, uids: number[]): Promise<void> {
  const range = uids.join(',');
  if (folder === '') {
    await client.messageFlagsAdd(range, ['\\Seen'], { uid: true });
    return;
  }
  if (!(await client.messageMove(range, folder, { uid: true }))) {
    await client.mailboxCreate(folder).catch(() => null);
    if (!(await client.messageMove(range, folder, { uid: true }))) throw new Error(`cannot move mails to the folder ${folder}`);
  }
}

/** The collector's mailbox and an IMAP client for it (not connected yet), or why there is none. */
function openable(services: Services, collector: Row): { mailbox: Mailbox; client: ImapFlow } | { error: string } {
  const parsed = parseMailbox(String(collector.host ?? ''));
  if (!parsed.ok) return { error: `host: ${parsed.message}` };
  const password = collectorPassword(services.store.dataDir, collector);
  if (password === null) return { error: "no password, or one sealed with another data folder's key: set it again" };
  const client = clientFor(parsed.mailbox, String(collector.login ?? ''), password);
  client.on('error', () => {}); // a dropped connection fails the command in flight, reported by it
  return { mailbox: parsed.mailbox, client };
}

/** GLPI's "test connection": logs in and lists the folders (nothing is read or changed). */
export async function testConnection(services: Services, collector: Row): Promise<{ folders: string[]; error: string | null }> {
  const opened = openable(services, collector);
  if ('error' in opened) return { folders: [], error: opened.error };
  try {
    await opened.client.connect();
    const folders = (await opened.client.list()).map((f) => f.path).sort();
    await opened.client.logout();
    return { folders, error: null };
  } catch (error) {
    opened.client.close();
    return { folders: [], error: describe(error) };
  }
}

/** Imports up to `limit` new mails of the collector (mails already handled do not count). */
export async function collectOnce(services: Services, collector: Row, limit: number): Promise<RunReport> {
  const report: RunReport = { collector: Number(collector.id), tickets: 0, followups: 0, refused: 0, again: 0, error: null };
  const opened = openable(services, collector);
  if ('error' in opened) {
    report.error = opened.error;
    noteRun(services, report);
    return report;
  }
  const { mailbox, client } = opened;
  try {
    await client.connect();
    const lock = await client.getMailboxLock(mailbox.folder);
    try {
      const query = Number(collector.collect_only_unread) === 1 ? { seen: false } : { all: true };
      const uids = ((await client.search(query, { uid: true })) || []).sort((a, b) => a - b);
      const listed: { uid: number; size: number; messageId: string; seen: boolean }[] = [];
      if (uids.length > 0) {
        for await (const m of client.fetch(uids.join(','), { uid: true, size: true, envelope: true, flags: true }, { uid: true })) {
          listed.push({ uid: m.uid, size: m.size ?? 0, messageId: m.envelope?.messageId?.trim() ?? '', seen: m.flags?.has('\\Seen') ?? false });
        }
      }
      const maxSize = Number(collector.filesize_max ?? 0);
      // Where each mail goes once its outcome is committed: folder ('' flags it seen) → uids.
      const settling = new Map<string, number[]>();
      const settleLater = (uid: number, outcome: Outcome) => {
        const folder = folderFor(collector, outcome);
        settling.set(folder, [...(settling.get(folder) ?? []), uid]);
      };
      const fresh: { uid: number; tooLarge: boolean }[] = [];
      for (const mail of listed.sort((a, b) => a.uid - b.uid)) {
        // A mail whose outcome is known is not downloaded again: it is only settled, when it is not yet.
        const known = mail.messageId === '' ? null : earlier(services, mail.messageId);
        if (known) {
          if (folderFor(collector, known) === '' && mail.seen) continue;
          count(report, known);
          settleLater(mail.uid, known);
        } else if (fresh.length < limit) {
          fresh.push({ uid: mail.uid, tooLarge: maxSize > 0 && mail.size > maxSize });
        }
      }
      // One FETCH streams the new mails (only the header of those over the limit); each outcome is
      // committed as its mail arrives, and no other IMAP command runs meanwhile.
      for (const tooLarge of [false, true]) {
        const batch = fresh.filter((m) => m.tooLarge === tooLarge).map((m) => m.uid);
        if (batch.length === 0) continue;
        for await (const m of client.fetch(batch.join(','), tooLarge ? { uid: true, headers: true } : { uid: true, source: true }, { uid: true })) {
          const bytes = tooLarge ? m.headers : m.source;
          if (!bytes) continue;
          const outcome = await importMail(services, collector, bytes, tooLarge);
          count(report, outcome);
          settleLater(m.uid, outcome);
        }
      }
      // Moved or flagged only now, every outcome committed: a crash before leaves them for the next run.
      for (const [folder, uids] of settling) await settle(client, folder, uids);
    } finally {
      lock.release();
    }
    await client.logout();
  } catch (error) {
    report.error = describe(error);
    client.close();
  }
  noteRun(services, report);
  return report;
}
