/**
 * GLPI's `queuednotification` and `queuednotificationclean` automatic actions, run by the main
 * thread: a run sends the due mails of the queue, oldest first, at most the task's parameter (50)
 * of them; a full run is followed by another. Each mail is marked sent (or failed) in its own
 * transaction before the next is tried, so a kill loses nothing and repeats at most the one mail
 * the SMTP server had accepted when the process died. Runs start when a change queued mail (in
 * the thread that committed it) and at least once a minute; the clean-up follows each minute.
 */
import { now, nowString } from '../core/clock';
import { inTransaction, type Db } from '../db/connection';
import { run, selectOne, type Row } from '../db/rows';
import type { Store } from '../db';
import { CRON_TASKS, type CronTaskSpec } from '../registry/automatic-actions';
import { mailEnabled, openTransport, type Mail, type MailTransport } from './mailer';
import { cleanQueue, dueMails, markFailed, markSent } from './queue';

const EVERY_MS = 60_000;
const OFF = 0;

function taskRow(db: Db, task: CronTaskSpec): Row | null {
  return selectOne(db, 'SELECT state, param FROM glpi_crontasks WHERE itemtype = ? AND name = ?', task.itemtype, task.name);
}

function noteRun(db: Db, task: CronTaskSpec): void {
  inTransaction(db, () => run(db, 'UPDATE glpi_crontasks SET lastrun = ? WHERE itemtype = ? AND name = ?', `${nowString().slice(0, 16)}:00`, task.itemtype, task.name));
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The message a queued row holds, as it was rendered and addressed when queued. */
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

export interface MailSender {
  /** Starts a run now (or right after the one under way). */
  wake(): void;
  /** Called often: a run and the clean-up once a minute. */
  tick(): void;
  /** One run, explicitly (tests): sends what is due; resolves with how many mails were sent. */
  send(): Promise<number>;
}

export function mailSender(store: Store, failed: (what: string, error: unknown) => void): MailSender {
  const { db, settings } = store;
  let running: Promise<number> | null = null;
  let again = false;
  let nextAt = 0;

  async function send(): Promise<number> {
    const task = taskRow(db, CRON_TASKS.queuednotification);
    if (!mailEnabled(settings) || Number(task?.state ?? 1) === OFF) return 0;
    const limit = Number(task?.param) > 0 ? Number(task?.param) : 50;
    const due = dueMails(db, nowString(), limit);
    if (!due.length) return 0;
    let transport: MailTransport | null = null;
    let unusable: unknown = null;
    try {
      transport = await openTransport(settings);
    } catch (error) {
      unusable = error; // each due mail fails with the reason, and waits for its next attempt
    }
    let sent = 0;
    try {
      for (const row of due) {
        try {
          if (!transport) throw unusable;
          await transport.send(mailOf(row));
          inTransaction(db, () => markSent(db, Number(row.id)));
          sent++;
        } catch (error) {
          inTransaction(db, () => markFailed(db, settings, row));
          failed(`sending queued mail ${String(row.id)} to ${text(row.recipient)}`, error);
        }
      }
    } finally {
      transport?.close();
    }
    if (due.length === limit) again = true;
    return sent;
  }

  function wake(): void {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = send()
      .catch((error: unknown) => {
        failed('queuednotification', error);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) wake();
      });
  }

  function clean(): void {
    const task = taskRow(db, CRON_TASKS.queuednotificationclean);
    if (Number(task?.state ?? 1) === OFF) return;
    inTransaction(db, () => cleanQueue(db, Number(task?.param ?? 30)));
    noteRun(db, CRON_TASKS.queuednotificationclean);
  }

  /** The minute's run of the sender, noted as GLPI notes a task that started. */
  function minuteRun(): void {
    if (Number(taskRow(db, CRON_TASKS.queuednotification)?.state ?? 1) === OFF) return;
    noteRun(db, CRON_TASKS.queuednotification);
    wake();
  }

  return {
    wake,
    send: async () => {
      while (running) await running;
      const done = send();
      running = done;
      try {
        return await done;
      } finally {
        running = null;
      }
    },
    tick() {
      if (now() < nextAt) return;
      nextAt = now() + EVERY_MS;
      try {
        clean();
        minuteRun();
      } catch (error) {
        failed('the mail queue', error);
      }
    },
  };
}

let waker: (() => void) | null = null;

/** main.ts hands the sender here; writes that queued mail call wakeMailSender after their commit. */
export function setMailWaker(wake: (() => void) | null): void {
  waker = wake;
}

/** Starts a run of the sender once the current write is over (a no-op in the request-serving threads). */
export function wakeMailSender(): void {
  const wake = waker;
  if (wake) setTimeout(wake, 0);
}
