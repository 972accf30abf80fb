/**
 * GLPI's `queuednotification` and `queuednotificationclean` automatic actions, run by the main
 * thread: a run sends the due mails of the queue, oldest first, at most the task's parameter (50)
 * of them; a full run is followed by another. Each mail is marked sent (or failed) in its own
 * transaction before the next is tried, so a kill loses nothing and repeats at most the one mail
 * the SMTP server had accepted when the process died. A run first turns the events changes staged
 * into their mails (expansion.ts). A mail queued with what its template needs
 * is rendered (and the result kept in its row) before its first attempt. Runs start when a change queued mail (in
 * the thread that committed it) and at least once a minute; the clean-up follows each minute.
 */
import { nowString } from '../core/clock';
import { inTransaction } from '../db/connection';
import type { Row } from '../db/rows';
import type { Store } from '../db';
import { CRON_TASKS } from '../registry/automatic-actions';
import { mailEnabled, openTransport, type Mail, type MailTransport } from './mailer';
import { cleanQueue, dueMails, markFailed, markRendered, markSent } from './queue';
import { renderQueued, type RenderedMail } from './mail-render';
import { expandStaged } from './expansion';
import { noteRun, serialRun, taskOff, taskParam, taskRow, type SerialRun } from './serial-run';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The message a queued row holds, as it was rendered and addressed. */
function mailOf(row: Row): Mail {
  let headers: Record<string, string> = {};
  try {
    headers = JSON.parse(text(row.headers) || '{}') as Record<string, string>;
  } catch {
    // GLPI's own rows keep PHP-serialized headers: sent without them
  }
  return {
    to: text(row.recipient),
    toName: text(row.recipientname),
    subject: text(row.name),
    text: text(row.body_text),
    html: text(row.body_html) || undefined,
    from: row.sender ? { address: text(row.sender), name: text(row.sendername) } : undefined,
    replyTo: row.replyto ? { address: text(row.replyto), name: text(row.replytoname) } : null,
    messageId: text(row.messageid) || undefined,
    headers,
  };
}

export type MailSender = SerialRun;

/** Staged events expanded by a run: their mails are queued in a transaction each, before the sending. */
const EXPANDED_PER_RUN = 200;

export function mailSender(store: Store, failed: (what: string, error: unknown) => void): MailSender {
  const { db, settings } = store;

  /**
   * The due rows as they will be sent: those queued with what their template needs are rendered
   * now and kept so, in one transaction for the run; one that cannot be rendered comes with why.
   */
  function renderDue(due: Row[]): { row: Row; problem?: Error }[] {
    const pending = due.filter((row) => row.render_data !== null && row.render_data !== undefined);
    const rendered = pending.length ? renderQueued(db, settings, pending) : new Map<number, RenderedMail | Error>();
    if (rendered.size) {
      inTransaction(db, () => {
        for (const [id, mail] of rendered) if (!(mail instanceof Error)) markRendered(db, id, mail);
      });
    }
    return due.map((row) => {
      const mail = rendered.get(Number(row.id));
      if (mail === undefined) return { row };
      if (mail instanceof Error) return { row, problem: mail };
      return { row: { ...row, name: mail.subject, body_text: mail.text, body_html: mail.html, messageid: mail.messageId, headers: JSON.stringify(mail.headers), render_data: null } };
    });
  }

  async function send(): Promise<{ sent: number; full: boolean }> {
    if (!mailEnabled(settings) || taskOff(db, CRON_TASKS.queuednotification)) return { sent: 0, full: false };
    const limit = taskParam(db, CRON_TASKS.queuednotification, 50);
    // The events changes staged become their mails first; many staged make a full run, followed by another.
    const staged = expandStaged(db, settings, EXPANDED_PER_RUN, failed);
    const due = dueMails(db, nowString(), limit);
    if (!due.length) return { sent: 0, full: staged === EXPANDED_PER_RUN };
    let transport: MailTransport | null = null;
    let unusable: unknown = null;
    try {
      transport = await openTransport(settings);
    } catch (error) {
      unusable = error; // each due mail fails with the reason, and waits for its next attempt
    }
    let sent = 0;
    try {
      for (const { row, problem } of renderDue(due)) {
        try {
          if (problem) throw problem;
          if (!transport) throw unusable;
          await transport.send(mailOf(row));
          inTransaction(db, () => markSent(db, Number(row.id)));
          sent++;
        } catch (error) {
          inTransaction(db, () => markFailed(db, settings, row, error instanceof Error ? error.message : String(error)));
          failed(`sending queued mail ${String(row.id)} to ${text(row.recipient)}`, error);
        }
      }
    } finally {
      transport?.close();
    }
    return { sent, full: due.length === limit || staged === EXPANDED_PER_RUN };
  }

  function clean(): void {
    const task = taskRow(db, CRON_TASKS.queuednotificationclean);
    if (taskOff(db, CRON_TASKS.queuednotificationclean)) return;
    inTransaction(db, () => cleanQueue(db, Number(task?.param ?? 30)));
    noteRun(db, CRON_TASKS.queuednotificationclean);
  }

  const runs = serialRun(db, CRON_TASKS.queuednotification, send, failed);
  return { ...runs, tick: () => runs.tick(clean) };
}

let waker: (() => void) | null = null;

/** serve.ts hands the sender here (a worker thread, a message to it); writes that queued mail call wakeMailSender after their commit. */
export function setMailWaker(wake: (() => void) | null): void {
  waker = wake;
}

/** How long a wake waits: the mails of the changes made meanwhile go out in the same run (one SMTP connection, one rendering transaction). */
const WAKE_DELAY_MS = 200;
let wakeScheduled = false;

/** Starts a run of the sender shortly after the current write (on a worker thread, the primary thread's: threads/serving.ts). */
export function wakeMailSender(): void {
  const wake = waker;
  if (!wake || wakeScheduled) return;
  wakeScheduled = true;
  setTimeout(() => {
    wakeScheduled = false;
    wake();
  }, WAKE_DELAY_MS);
}
