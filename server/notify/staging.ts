/**
 * The events waiting for the mail sender (deskbase_staged_notifications): a change that raises an
 * event writes one row, in its own transaction, with what the event's notifications need as it was
 * then (the item's row, the event's followup, task or validation, the item's actors, the timeline's
 * extent, or the tags of an event on another item). The sender expands each into the mails of
 * glpi_queuednotifications (expansion.ts) in one transaction that also deletes it: a staged event
 * survives a kill, and is expanded once. Finding recipients and writing the queue (five indexes, a
 * row per recipient) in the change's transaction made a notifying update cost half as much again.
 */
import { nowString } from '../core/clock';
import type { Db } from '../db/connection';
import { insertRow, run, selectAll, selectOne, type Row } from '../db/rows';
import type { TimelineBound } from './itil-tags';
import type { EventContext } from './recipients';
import type { TagData } from './template';

export interface StagedEvent {
  id: number;
  event: string;
  ctx: EventContext;
  /** A followup or task that is private: only those who may see private ones are told. */
  isPrivate: boolean;
  /** The tags an event on an item other than a ticket, problem or change came with. */
  tags?: TagData;
  /** A ticket, problem or change: its timeline's extent at the change (what its mails list). */
  upTo?: TimelineBound;
}

/** What is kept beyond the row's columns. */
type StagedData = Omit<EventContext, 'itemtype' | 'authorId'> & Pick<StagedEvent, 'tags' | 'upTo'>;

/** Stages an event, in the caller's transaction. */
export function stageEvent(db: Db, event: string, ctx: EventContext, extra: Pick<StagedEvent, 'tags' | 'upTo'>): void {
  const { itemtype, authorId, ...rest } = ctx;
  const element = ctx.task ?? ctx.followup;
  const data: StagedData = { ...rest, ...extra };
  insertRow(db, 'deskbase_staged_notifications', {
    event,
    itemtype,
    items_id: Number(ctx.item.id ?? 0),
    entities_id: Number(ctx.item.entities_id ?? 0),
    users_id: authorId,
    is_private: element !== undefined && Number(element.is_private) === 1 ? 1 : 0,
    create_time: nowString(),
    data: JSON.stringify(data),
  });
}

/** The staged rows, oldest first, at most `limit` (eventOf reads each). */
export function stagedRows(db: Db, limit: number): Row[] {
  return selectAll(db, 'SELECT id, event, itemtype, items_id, users_id, is_private, data FROM deskbase_staged_notifications ORDER BY id LIMIT ?', limit);
}

/** A staged row as its event; throws when its data cannot be read. */
export function eventOf(row: Row): StagedEvent {
  const { tags, upTo, ...rest } = JSON.parse(String(row.data)) as StagedData;
  return {
    id: Number(row.id),
    event: String(row.event),
    ctx: { ...rest, itemtype: String(row.itemtype), authorId: Number(row.users_id) },
    isPrivate: Number(row.is_private) === 1,
    ...(tags ? { tags } : {}),
    ...(upTo ? { upTo } : {}),
  };
}

/** An event expanded (in the transaction that queued its mails). */
export function unstage(db: Db, id: number): void {
  run(db, 'DELETE FROM deskbase_staged_notifications WHERE id = ?', id);
}

/** How many events wait for their recipients (/health counts them with the queue). */
export function stagedCount(db: Db): number {
  return Number(selectOne(db, 'SELECT COUNT(*) AS n FROM deskbase_staged_notifications')?.n ?? 0);
}
