/**
 * Refused mails, kept: a `NotImportedEmail` row (GLPI's table: from, to, collector, date, subject,
 * Message-ID, reason, user) and, in Deskbase's own table, the reason in words and the raw message,
 * which `GET /apirest.php/NotImportedEmail/:id/source` returns. Nothing wipes them; an
 * administrator (GLPI's `config` right) imports one anyway or deletes it. They are written by the
 * collectors only: the API neither adds nor changes one.
 *
 * Reasons: GLPI's numbers where GLPI has the case (0 no rule gave an entity, 1 unknown user,
 * 3 the item could not be written, 4 not enough rights), Deskbase's own above 100 for what GLPI
 * drops without a trace.
 */
import { nowString } from '../core/clock';
import type { Db } from '../db/connection';
import { insertRow, run, selectOne } from '../db/rows';
import { ItemError, type ItemHooks } from '../items/hooks';
import type { Message } from './message';

export const REASON = {
  NO_ENTITY: 0,
  USER_UNKNOWN: 1,
  FAILED_INSERT: 3,
  NOT_ENOUGH_RIGHTS: 4,
  BLACKLISTED: 101,
  TOO_LARGE: 102,
  AUTOMATIC: 103,
  REFUSED_BY_RULE: 104,
  UNREADABLE: 105,
} as const;

export interface Refusal {
  reason: (typeof REASON)[keyof typeof REASON];
  text: string;
}

/** Records a refusal; returns the NotImportedEmail id. Call inside the outcome's transaction. */
export function refuse(db: Db, collectorId: number, message: Pick<Message, 'from' | 'to' | 'subject' | 'messageId' | 'source'>, refusal: Refusal, userId: number): number {
  const id = insertRow(db, 'glpi_notimportedemails', {
    from: message.from.slice(0, 255),
    to: message.to.join(', ').slice(0, 255),
    mailcollectors_id: collectorId,
    date: nowString(),
    subject: message.subject,
    messageid: message.messageId.slice(0, 255),
    reason: refusal.reason,
    users_id: userId,
  });
  insertRow(db, 'deskbase_notimportedemail_sources', { notimportedemails_id: id, reason: refusal.text, source: message.source });
  return id;
}

/** Removes a refusal (imported anyway, or deleted); the mail's outcome row stays, so it is not refused again. */
export function forgetRefusal(db: Db, id: number): void {
  run(db, 'DELETE FROM deskbase_notimportedemail_sources WHERE notimportedemails_id = ?', id);
  run(db, 'DELETE FROM glpi_notimportedemails WHERE id = ?', id);
}

/** The raw message of a refused mail, or null. */
export function refusedSource(db: Db, id: number): Uint8Array | null {
  const row = selectOne(db, 'SELECT source FROM deskbase_notimportedemail_sources WHERE notimportedemails_id = ?', id);
  return row ? (row.source as Uint8Array) : null;
}

export const notImportedEmailHooks: ItemHooks = {
  prepareAdd() {
    throw new ItemError('Not imported mails are recorded by the mail collectors only');
  },
  prepareUpdate() {
    throw new ItemError('A not imported mail cannot be changed: import it or delete it');
  },
  afterPurge(wc, _type, row) {
    run(wc.db, 'DELETE FROM deskbase_notimportedemail_sources WHERE notimportedemails_id = ?', Number(row.id));
  },
  readExtras: (db, row) => ({ reason_text: selectOne(db, 'SELECT reason FROM deskbase_notimportedemail_sources WHERE notimportedemails_id = ?', Number(row.id))?.reason ?? null }),
};
