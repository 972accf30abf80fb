/**
 * GLPI's mail queue (glpi_queuednotifications): one row per message and recipient, written in the
 * transaction of the change that caused it, so a change that rolls back leaves no mail and a mail
 * survives a kill. The row holds what its template needs (`render_data`); the sender renders it
 * before the first attempt (mail-render.ts). A row is pending while `is_deleted` is 0; it is due from `send_time`; sent, it
 * gets `sent_time` and `is_deleted` 1; `sent_try` counts the failed attempts.
 */
import { formatDate, now, nowString } from '../core/clock';
import type { Db } from '../db/connection';
import { insertRows, run, selectAll, selectOne, type Row } from '../db/rows';
import type { Settings } from '../db/settings';
import { sendersOf, type Address } from './mailer';
import type { RenderedMail, RenderSource } from './mail-render';
import { stagedCount } from './staging';

const QUEUE_TABLE = 'glpi_queuednotifications';
const MAIL_MODE = 'mailing';

export interface QueuedMail {
  /** The item the mail is about (GLPI's itemtype, items_id, entities_id) and the event. */
  itemtype: string;
  itemsId: number;
  entitiesId: number;
  event: string;
  templateId?: number;
  to: Address;
  /** The subject; until a mail to render is rendered, the notification's name. */
  subject: string;
  /** What the sender renders the mail from (mail-render.ts); else the mail is written already (`text`, `html`). */
  source?: RenderSource;
  text?: string;
  html?: string;
  /** Sent from `noreply_email` when set (see mailer.ts). */
  noReply?: boolean;
}

/** Adds messages to the queue, in the caller's transaction; the sender is chosen now, as GLPI does. Returns their ids. */
export function queueMails(db: Db, settings: Settings, mails: QueuedMail[]): number[] {
  const at = nowString();
  const rows = mails.map((mail) => {
    const { from, replyTo } = sendersOf(settings, mail.noReply === true);
    return {
      itemtype: mail.itemtype,
      items_id: mail.itemsId,
      entities_id: mail.entitiesId,
      notificationtemplates_id: mail.templateId ?? 0,
      event: mail.event,
      mode: MAIL_MODE,
      create_time: at,
      send_time: at,
      name: mail.subject,
      sender: from?.address ?? null,
      sendername: from?.name ?? null,
      replyto: replyTo?.address ?? null,
      replytoname: replyTo?.name ?? null,
      recipient: mail.to.address,
      recipientname: mail.to.name,
      headers: '{}',
      body_text: mail.text ?? null,
      body_html: mail.html ?? null,
      render_data: mail.source ? JSON.stringify(mail.source) : null,
    };
  });
  // One multi-row statement for the recipients of an event: cheaper than one insert each.
  return insertRows(db, QUEUE_TABLE, rows);
}

/** A queued mail rendered (by the sender, before its first attempt): kept so that a retry sends the same message. */
export function markRendered(db: Db, id: number, mail: RenderedMail): void {
  run(
    db,
    `UPDATE ${QUEUE_TABLE} SET name = ?, body_text = ?, body_html = ?, messageid = ?, headers = ?, render_data = NULL WHERE id = ?`,
    mail.subject,
    mail.text,
    mail.html,
    mail.messageId,
    JSON.stringify(mail.headers),
    id,
  );
}

/** The pending mails due at `at`, oldest first, at most `limit` (GLPI's order). */
export function dueMails(db: Db, at: string, limit: number): Row[] {
  return selectAll(db, `SELECT * FROM ${QUEUE_TABLE} WHERE is_deleted = 0 AND mode = ? AND send_time <= ? ORDER BY send_time, id LIMIT ?`, MAIL_MODE, at, limit);
}

/** Sent: kept with its sent time, out of the pending ones, until the clean-up deletes it. */
export function markSent(db: Db, id: number): void {
  const at = nowString();
  run(db, `UPDATE ${QUEUE_TABLE} SET sent_time = ?, is_deleted = 1 WHERE id = ?`, at, id);
}

/**
 * A failed attempt. GLPI tries again `smtp_retry_time` minutes later and gives up once
 * `smtp_max_retries` retries have failed; Deskbase doubles the wait after each failure (5, 10,
 * 20… minutes, at most a day) so an unreachable server is not hammered. A mail given up leaves
 * the pending ones without a sent time. Returns whether it will be tried again.
 */
export function markFailed(db: Db, settings: Settings, row: Row, error: string): boolean {
  const tries = Number(row.sent_try);
  const giveUp = tries >= settings.number('smtp_max_retries');
  const waitMinutes = Math.min(24 * 60, settings.number('smtp_retry_time') * 2 ** tries);
  const next = formatDate(new Date(now() + waitMinutes * 60_000));
  run(
    db,
    `UPDATE ${QUEUE_TABLE} SET sent_try = ?, send_time = ?, is_deleted = ?, last_error = ? WHERE id = ?`,
    tries + 1,
    giveUp ? (row.send_time as string) : next,
    giveUp ? 1 : 0,
    error.slice(0, 1000),
    Number(row.id),
  );
  return !giveUp;
}

/**
 * "Retry now": a mail waiting for its next attempt, or given up, is due at once (a given-up one
 * with its tries counted afresh). False for a mail already sent.
 */
export function retryNow(db: Db, id: number): boolean {
  const at = nowString();
  return run(db, `UPDATE ${QUEUE_TABLE} SET send_time = ?, sent_try = CASE WHEN is_deleted = 1 THEN 0 ELSE sent_try END, is_deleted = 0 WHERE id = ? AND sent_time IS NULL`, at, id).changes === 1;
}

/** GLPI's queuednotificationclean: deletes the sent and given-up mails older than `days` (0: none). */
export function cleanQueue(db: Db, days: number): number {
  if (!(days > 0)) return 0;
  const before = formatDate(new Date(now() - days * 86_400_000));
  return run(db, `DELETE FROM ${QUEUE_TABLE} WHERE is_deleted = 1 AND send_time < ?`, before).changes;
}

/** What /health shows of the queue: mails waiting (and events staged, whose mails are not queued yet), and those of them that already failed. */
export function queueState(db: Db): { queued: number; failing: number } {
  const row = selectOne(db, `SELECT COUNT(*) AS queued, COALESCE(SUM(sent_try > 0), 0) AS failing FROM ${QUEUE_TABLE} WHERE is_deleted = 0 AND mode = ?`, MAIL_MODE);
  return { queued: Number(row?.queued ?? 0) + stagedCount(db), failing: Number(row?.failing ?? 0) };
}
