/**
 * The rendering of a queued mail, done by the background sender (not in the change's transaction,
 * whose cost it would double): the queued row holds what the template needs as it was at the
 * change (`render_data`: the item's row, the event's followup, task or validation, the last
 * followup and task then, the recipient's user and language; or the tags an event on another
 * item gave), and the sender renders subject, text and HTML from it before the first attempt,
 * then keeps the result in the row so that a retry sends the same message. Subjects of tickets,
 * problems and changes start with GLPI's tag `[GLPI #0000123]` (the entity's
 * `notification_subject_tag` instead of GLPI when set); each mail has a Message-ID, and all but
 * the item's first ("new") mail refer to that first one (In-Reply-To, References) so mail clients
 * thread them.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { decodeHTMLStrict } from 'entities';
import { now } from '../core/clock';
import type { Db } from '../db/connection';
import { selectAll, selectOne, type Row } from '../db/rows';
import type { Settings } from '../db/settings';
import { itilTags, type TimelineBound } from './itil-tags';
import { entityChain, seesPrivate, type EventContext } from './recipients';
import { escapeHtml, render, unknownTags, type TagData } from './template';

/** What a queued mail is rendered from (its `render_data`, as JSON). */
export interface RenderSource {
  /** The tags an event on an item other than a ticket, problem or change came with. */
  tags?: TagData;
  /** A ticket, problem or change as it was at the change, with the event's element and the timeline's extent then. */
  itil?: { item: Row; authorId: number; followup?: Row; task?: Row; validation?: Row; upTo: TimelineBound };
  /** The change that queued it: its recipients who see alike share one rendering of its tags. */
  batch: string;
  /** The user whose right to see private followups and tasks counts (null for an address of no user, or an alternative one), and the language. */
  userId: number | null;
  language: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  headers: Record<string, string>;
}

const HOST = hostname();

/** The first non-empty value of an entity column, from the item's entity up. */
function entityText(db: Db, entityId: number, column: string): string {
  for (const id of entityChain(db, entityId)) {
    const value = selectOne(db, `SELECT ${column} AS value FROM glpi_entities WHERE id = ?`, id)?.value;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

/** GLPI's `[GLPI #0000123] ` before the subjects of an ITIL item's mails. */
function subjectPrefix(db: Db, item: Row): string {
  const tag = entityText(db, Number(item.entities_id ?? 0), 'notification_subject_tag') || 'GLPI';
  return `[${tag} #${String(item.id).padStart(7, '0')}] `;
}

/** The Message-ID of a mail about an ITIL item, and the headers that thread it under the item's first ("new") mail. */
function threading(settings: Settings, itemtype: string, id: number, event: string): { messageId: string; headers: Record<string, string> } {
  const base = `GLPI_${settings.get('notification_uuid')}-${itemtype}-${id}`;
  const thread = `<${base}/new@${HOST}>`;
  if (event === 'new') return { messageId: thread, headers: {} };
  return { messageId: `<${base}/${event}.${now()}.${randomBytes(4).toString('hex')}@${HOST}>`, headers: { 'In-Reply-To': thread, References: thread } };
}

/** Template HTML as GLPI 10 stores it (entity-encoded) or as written. */
const htmlOf = (value: unknown) => (typeof value === 'string' ? (value.includes('&lt;') ? decodeHTMLStrict(value) : value) : '');

/** A translation's subject (on one line), text and HTML parts rendered with the tags' values. */
function renderParts(translation: Row, values: TagData): { subject: string; text: string; html: string } {
  return {
    subject: render(String(translation.subject ?? ''), values).replace(/\s+/g, ' ').trim(),
    text: render(String(translation.content_text ?? ''), values),
    html: render(htmlOf(translation.content_html), values, escapeHtml),
  };
}

/**
 * A template translation rendered on a ticket, problem or change as its mails would be for a
 * recipient who sees private items or not (the console's preview), with the tags its data lacks.
 */
export function previewOn(db: Db, settings: Settings, ctx: EventContext, translation: Row, withPrivate: boolean): { subject: string; text: string; html: string; unknown_tags: string[] } {
  const values = itilTags(db, settings, ctx, 'update', withPrivate);
  const parts = renderParts(translation, values);
  const unknown = new Set([translation.subject, translation.content_text, htmlOf(translation.content_html)].flatMap((part) => unknownTags(String(part ?? ''), values)));
  return { ...parts, subject: subjectPrefix(db, ctx.item) + parts.subject, unknown_tags: [...unknown] };
}

/** What the rendering of a sender's run reads once: translations, entity texts, an event's tags. */
class RunMemo {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string, read: () => T): T {
    if (!this.values.has(key)) this.values.set(key, read());
    return this.values.get(key) as T;
  }
}

/** The template's translation in the language, else the one for all languages, else its first. */
function translationFor(db: Db, templateId: number, language: string): Row | null {
  const translations = selectAll(db, 'SELECT language, subject, content_text, content_html FROM glpi_notificationtemplatetranslations WHERE notificationtemplates_id = ? ORDER BY id', templateId);
  return translations.find((t) => t.language === language) ?? translations.find((t) => t.language === '') ?? translations[0] ?? null;
}

/** Renders one queued row from its `render_data`; throws when its template has no translation left. */
function renderRow(db: Db, settings: Settings, row: Row, memo: RunMemo): RenderedMail {
  const source = JSON.parse(String(row.render_data)) as RenderSource;
  const templateId = Number(row.notificationtemplates_id);
  const translation = memo.get(`translation ${templateId} ${source.language}`, () => translationFor(db, templateId, source.language));
  if (!translation) throw new Error(`notification template ${templateId} has no translation to render`);
  const itemtype = String(row.itemtype);
  const event = String(row.event);
  const itil = source.itil;
  const entityId = Number(row.entities_id);
  let data = source.tags ?? { values: {}, lists: {} };
  if (itil) {
    // A recipient sees the private followups and tasks of the item when they may now.
    const withPrivate = seesPrivate(db, source.userId, entityId, itil.task ? 'task' : 'followup');
    // The recipients of one change who see alike share its tags (the costly part), read once.
    data = memo.get(`tags ${source.batch} ${withPrivate}`, () => itilTags(db, settings, { itemtype, ...itil }, event, withPrivate, itil.upTo));
  }
  const { subject, text, html } = renderParts(translation, data);
  const signature = memo.get(`signature ${entityId}`, () => entityText(db, entityId, 'mailing_signature') || settings.get('mailing_signature'));
  const prefix = itil ? memo.get(`prefix ${itil.item.id} ${entityId}`, () => subjectPrefix(db, itil.item)) : '';
  return {
    subject: prefix + subject,
    text: signature ? `${text}\n\n-- \n${signature}` : text,
    html: html ? (signature ? `${html}<p>-- <br>${escapeHtml(signature)}</p>` : html) : null,
    ...(itil ? threading(settings, itemtype, Number(itil.item.id), event) : { messageId: null, headers: {} }),
  };
}

/** Renders queued rows (those with `render_data`): each row's mail, or why it cannot be rendered. */
export function renderQueued(db: Db, settings: Settings, rows: Row[]): Map<number, RenderedMail | Error> {
  const memo = new RunMemo();
  const rendered = new Map<number, RenderedMail | Error>();
  for (const row of rows) {
    try {
      rendered.set(Number(row.id), renderRow(db, settings, row, memo));
    } catch (error) {
      rendered.set(Number(row.id), error instanceof Error ? error : new Error(String(error)));
    }
  }
  return rendered;
}
