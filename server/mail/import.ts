/**
 * One mail, one outcome: a new ticket, a follow-up on the ticket it answers, or a refusal kept
 * with its reason (./refusals.ts). The outcome is written in one transaction with a row naming
 * it by the mail's Message-ID (`deskbase_mail_outcomes`): a mail seen again (the collector
 * crashed before moving it) answers that outcome and creates nothing.
 *
 * A new ticket: title from the subject, content from the HTML part sanitized (else the text),
 * its date from the mail when the collector says so, the sender as requester (a user known by
 * that address, else the address itself as GLPI's `alternative_email`), the Cc's known users as
 * observers when asked, attachments and inline images as documents through the upload checks
 * (a refused file is left out, not the mail), entity and fields from the `RuleMailCollector`
 * rules; no rule giving an entity refuses the mail, as GLPI.
 * A reply (./reply.ts) to a ticket not closed becomes a follow-up by the sender's account, which
 * must be allowed to add one, or, from an e-mail-only requester of that ticket, by nobody; a reply
 * to a closed ticket opens a new ticket, as GLPI.
 */
import { formatDate, nowString } from '../core/clock';
import type { Params } from '../core/params';
import type { Services } from '../auth/services';
import { inTransaction, type Db } from '../db/connection';
import { insertRow, run, selectAll, selectOne, type Row } from '../db/rows';
import { addItem } from '../items/crud';
import { hooksOf, ItemError, type Upload, type WriteContext } from '../items/hooks';
import { defaultRequestType } from '../items/request-type';
import { itemtypeOrThrow } from '../registry';
import { ITIL_STATUS } from '../registry/values';
import { collectorContext, userContext } from './actor';
import { mailEngines } from './engines';
import { automaticMail, escapeHtml, parseMessage, safeHtml, sourceId, type MailFile, type Message } from './message';
import { forgetRefusal, REASON, refuse, type Refusal } from './refusals';
import { repliedTicket, withoutHistory } from './reply';

export type Outcome =
  | { kind: 'ticket' | 'followup'; id: number; again?: true }
  | { kind: 'refused'; id: number; reason: string; again?: true };

const REQUESTER_FROM_REPLY_TO = 1;
/** GLPI's Blacklist type of e-mail addresses. */
const BLACKLIST_EMAIL = 5;
/** GLPI's actor type of requesters on Ticket_User. */
const REQUESTER = 1;

/** The requester's address: From, or Reply-To when the collector says so and the mail has one. */
const senderOf = (collector: Row, message: Message) => (Number(collector.requester_field) === REQUESTER_FROM_REPLY_TO && message.replyTo !== '' ? message.replyTo : message.from);

/** The outcome a mail already got, by its Message-ID; null when it has none yet. */
export function earlier(services: Services, messageId: string): Outcome | null {
  const row = selectOne(services.store.db, 'SELECT itemtype, items_id FROM deskbase_mail_outcomes WHERE messageid = ?', messageId);
  if (!row) return null;
  const id = Number(row.items_id);
  if (row.itemtype === 'Ticket') return { kind: 'ticket', id, again: true };
  if (row.itemtype === 'ITILFollowup') return { kind: 'followup', id, again: true };
  const reason = selectOne(services.store.db, 'SELECT reason FROM deskbase_notimportedemail_sources WHERE notimportedemails_id = ?', id);
  return { kind: 'refused', id, reason: String(reason?.reason ?? ''), again: true };
}

/** Notes the outcome in the same transaction as what it created. */
function noteOutcome(services: Services, collectorId: number, messageId: string, itemtype: string, id: number): void {
  // A plain INSERT: two runs importing the same mail at once cannot both commit.
  insertRow(services.store.db, 'deskbase_mail_outcomes', { messageid: messageId, mailcollectors_id: collectorId, itemtype, items_id: id, date: nowString() });
}

function refused(services: Services, collector: Row, message: Pick<Message, 'from' | 'to' | 'subject' | 'messageId' | 'source'>, refusal: Refusal, userId = 0): Outcome {
  return inTransaction(services.store.db, () => {
    const id = refuse(services.store.db, Number(collector.id), message, refusal, userId);
    noteOutcome(services, Number(collector.id), message.messageId, 'NotImportedEmail', id);
    return { kind: 'refused', id, reason: refusal.text };
  });
}

function userByEmail(services: Services, address: string): number | null {
  if (address === '') return null;
  const row = selectOne(
    services.store.db,
    `SELECT u.id FROM glpi_useremails e JOIN glpi_users u ON u.id = e.users_id
     WHERE LOWER(e.email) = ? AND u.is_deleted = 0 AND u.is_active = 1 ORDER BY e.is_default DESC, u.id LIMIT 1`,
    address,
  );
  return row ? Number(row.id) : null;
}

function blacklisted(services: Services, address: string): boolean {
  return selectAll(services.store.db, 'SELECT value FROM glpi_blacklists WHERE type = ?', BLACKLIST_EMAIL).some((r) => String(r.value ?? '').trim().toLowerCase() === address);
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'application/pdf': 'pdf', 'text/plain': 'txt' };

/** A file's name: its own, else one made from its type (inline images often have none). */
function fileName(file: MailFile, index: number): string {
  if (file.filename.trim() !== '') return file.filename;
  return `${file.inline ? 'image' : 'attachment'}${index + 1}.${EXTENSIONS[file.contentType.toLowerCase()] ?? 'bin'}`;
}

/**
 * Readies the mail's files for the item's upload hooks: each checked as an upload would be
 * (whitelisted type, `document_max_size`, no executable). The refused ones are left out, and the
 * content says which and why, so that nothing goes missing unexplained.
 */
async function prepareFiles(wc: WriteContext, input: Params, files: MailFile[]): Promise<void> {
  const accepted: Upload[] = [];
  const left: string[] = [];
  for (const [index, file] of files.entries()) {
    const upload = { field: `filename[${accepted.length}]`, file: new File([new Uint8Array(file.content)], fileName(file, index), { type: file.contentType }) };
    try {
      await mailEngines().checkUpload(wc, upload);
      accepted.push(upload);
    } catch (error) {
      if (!(error instanceof ItemError)) throw error;
      left.push(error.message);
    }
  }
  wc.uploads = accepted;
  if (left.length > 0) input.content = `${String(input.content)}<p>Attachments not kept:</p><ul>${left.map((why) => `<li>${escapeHtml(why)}</li>`).join('')}</ul>`;
}

/** The async preparation every write gets (the document hooks read the uploads here). */
async function prepareInput(wc: WriteContext, typeName: string, input: Params): Promise<void> {
  const type = itemtypeOrThrow(typeName);
  for (const hook of hooksOf(type)) await hook.prepareInput?.(wc, type, input, null); // always a new ticket or followup
}

/**
 * What the `RuleMailCollector` rules know of a mail's sender (the rules tester's too): whether
 * an entity has its domain, and for a known user their groups and profiles (GLPI's "user
 * featuring a single profile", a profile held on one entity alone; "user with a single
 * profile", one authorization in all).
 */
export function senderFacts(db: Db, sender: string, userId: number | null): Record<string, unknown> {
  const domain = sender.split('@')[1] ?? '';
  const known = domain !== '' && selectAll(db, "SELECT 1 AS found FROM glpi_entities WHERE LOWER(mail_domain) = ? AND mail_domain <> ''", domain.toLowerCase()).length > 0;
  const facts: Record<string, unknown> = { KNOWN_DOMAIN: known ? 1 : 0 };
  if (userId === null) return facts;
  facts._users_id_requester = userId;
  facts.GROUPS = selectAll(db, 'SELECT groups_id FROM glpi_groups_users WHERE users_id = ?', userId).map((r) => Number(r.groups_id));
  const held = selectAll(db, 'SELECT profiles_id, COUNT(*) AS n FROM glpi_profiles_users WHERE users_id = ? GROUP BY profiles_id ORDER BY profiles_id', userId);
  facts.PROFILES = held.map((r) => Number(r.profiles_id));
  facts.UNIQUE_PROFILE = held.filter((r) => Number(r.n) === 1).map((r) => Number(r.profiles_id));
  facts.ONE_PROFILE = held.length === 1 && Number(held[0]!.n) === 1 ? 1 : 0;
  return facts;
}

/** What the `RuleMailCollector` rules see of a mail (GLPI's criteria: headers, body, and the sender's facts). */
function ruleFacts(services: Services, collector: Row, message: Message, sender: string, userId: number | null): Record<string, unknown> {
  const facts: Record<string, unknown> = {
    mailcollector: Number(collector.id),
    from: sender,
    to: message.to.join(', '),
    subject: message.subject,
    content: message.text,
    in_reply_to: message.inReplyTo,
    ...senderFacts(services.store.db, sender, userId),
  };
  for (const header of ['x-priority', 'x-auto-response-suppress', 'auto-submitted', 'received', 'x-uce-status', 'reply-to']) facts[header] = message.headers[header] ?? '';
  return facts;
}

/** The entity and fields the rules give a new ticket, or the refusal they decide. */
function routed(services: Services, collector: Row, message: Message, sender: string, userId: number | null): { entity: number; fields: Params } | Refusal {
  const { output, rule } = mailEngines().routeMail(services.store.db, ruleFacts(services, collector, message, sender, userId));
  if (Number(output._refuse_email_no_response ?? 0) === 1 || Number(output._refuse_email_with_response ?? 0) === 1) {
    return { reason: REASON.REFUSED_BY_RULE, text: `refused by the rule "${rule?.name ?? ''}" (${rule?.id ?? 0})` };
  }
  const entity = output.entities_id;
  if (entity === undefined || entity === null || entity === '' || !services.directory.entities().has(Number(entity))) {
    return { reason: REASON.NO_ENTITY, text: 'no mail collector rule gave it an entity' };
  }
  const fields: Params = {};
  for (const [key, value] of Object.entries(output)) if (key !== 'entities_id' && !key.startsWith('_refuse')) fields[key] = value;
  return { entity: Number(entity), fields };
}

/**
 * The content without GLPI's blacklisted mail content (`BlacklistedMailContent`: signatures,
 * disclaimers), each text removed where it stands whole, in one paragraph or across its lines;
 * paragraphs left empty go.
 */
function withoutBlacklistedContent(services: Services, html: string): string {
  let content = html;
  for (const row of selectAll(services.store.db, "SELECT content FROM glpi_blacklistedmailcontents WHERE content IS NOT NULL AND TRIM(content) <> ''")) {
    const lines = String(row.content).replace(/\r\n?/g, '\n').trim().split('\n').map((line) => escapeHtml(line.trim()));
    for (const form of new Set([lines.join('<br />'), lines.join('<br/>'), lines.join(' '), lines.join('\n')])) content = content.split(form).join('');
  }
  return content === html ? html : content.replace(/<p>(\s|<br\s*\/?>)*<\/p>/g, '');
}

/** Opens the ticket a mail asks for; `importedAnyway` writes, in the same transaction, the end of its refusal. */
async function openTicket(
  services: Services,
  collector: Row,
  message: Message,
  sender: string,
  userId: number | null,
  entity: number,
  fields: Params,
  importedAnyway?: () => void,
): Promise<Outcome> {
  const db = services.store.db;
  const wc = collectorContext(services);
  const observers = Number(collector.add_cc_to_observer) === 1 ? message.cc.map((a) => userByEmail(services, a)).filter((id): id is number => id !== null && id !== userId) : [];
  // GLPI's mail request type first: a collector or business rule may still set another.
  const input: Params = {
    requesttypes_id: defaultRequestType(wc, 'mail'),
    ...fields,
    name: message.subject.slice(0, 255) || '(no subject)',
    content: withoutBlacklistedContent(services, message.content) || '(empty mail)',
    entities_id: entity,
    _head: { ...message.headers, from: sender, subject: message.subject, to: message.to.join(', ') },
    ...(userId !== null ? { _users_id_requester: userId } : {}),
    ...(observers.length ? { _users_id_observer: [...new Set(observers)] } : {}),
    ...(Number(collector.use_mail_date) === 1 && message.date ? { date: formatDate(message.date) } : {}),
  };
  try {
    await prepareFiles(wc, input, message.files);
    await prepareInput(wc, 'Ticket', input);
    return inTransaction(db, () => {
      const id = addItem(wc, itemtypeOrThrow('Ticket'), input);
      // An unknown sender is kept as GLPI keeps e-mail-only requesters: a Ticket_User row without a user.
      if (userId === null && sender !== '') insertRow(db, 'glpi_tickets_users', { tickets_id: id, users_id: 0, type: REQUESTER, use_notification: 1, alternative_email: sender });
      importedAnyway?.();
      noteOutcome(services, Number(collector.id), message.messageId, 'Ticket', id);
      return { kind: 'ticket', id } as const;
    });
  } catch (error) {
    // A ticket the business rules refuse (a template's mandatory field, a value a rule set) would
    // fail at every run: the mail is refused with the reason instead, and can be imported later.
    // Imported anyway, the failure is the request's: the refusal stays as it was.
    if (!(error instanceof ItemError) || importedAnyway) throw error;
    return refused(services, collector, message, { reason: REASON.FAILED_INSERT, text: `the ticket could not be created: ${error.message}` }, userId ?? 0);
  }
}

/** Is the address an e-mail-only requester of the ticket (GLPI's `alternative_email`)? */
const emailRequester = (services: Services, ticketId: number, address: string) =>
  address !== '' &&
  !!selectOne(services.store.db, 'SELECT id FROM glpi_tickets_users WHERE tickets_id = ? AND users_id = 0 AND type = ? AND LOWER(alternative_email) = ?', ticketId, REQUESTER, address);

/**
 * Adds the reply as a follow-up by its sender, when they may: a user by their own rights; an
 * unknown address when it is an e-mail-only requester of that ticket (written by the collector,
 * as nobody).
 */
async function addFollowup(services: Services, collector: Row, message: Message, ticketId: number, userId: number | null, sender: string): Promise<Outcome> {
  const wc = userId === null ? (emailRequester(services, ticketId, sender) ? collectorContext(services) : null) : userContext(services, userId);
  const noRight: Refusal = { reason: REASON.NOT_ENOUGH_RIGHTS, text: `the sender may not add a follow-up to ticket ${ticketId}` };
  if (!wc) return refused(services, collector, message, userId === null ? { reason: REASON.USER_UNKNOWN, text: `the sender of this reply to ticket ${ticketId} is no known user nor one of its requesters` } : noRight, userId ?? 0);
  const answer = safeHtml(withoutBlacklistedContent(services, withoutHistory(message.content))) || '(empty reply)';
  const input: Params = {
    itemtype: 'Ticket',
    items_id: ticketId,
    content: answer,
    requesttypes_id: defaultRequestType(wc, 'mailfollowup'),
    ...(Number(collector.use_mail_date) === 1 && message.date ? { date: formatDate(message.date) } : {}),
  };
  try {
    await prepareFiles(wc, input, message.files);
    await prepareInput(wc, 'ITILFollowup', input);
    return inTransaction(services.store.db, () => {
      const id = addItem(wc, itemtypeOrThrow('ITILFollowup'), input);
      noteOutcome(services, Number(collector.id), message.messageId, 'ITILFollowup', id);
      return { kind: 'followup', id } as const;
    });
  } catch (error) {
    if (!(error instanceof ItemError)) throw error;
    const refusal = error.code === 'ERROR_RIGHT_MISSING' ? noRight : { reason: REASON.FAILED_INSERT, text: `the follow-up could not be added: ${error.message}` };
    return refused(services, collector, message, refusal, userId ?? 0);
  }
}

/** A mail whose MIME cannot be read at all still gets its outcome, with what its bytes say. */
function unreadable(source: Buffer): Message {
  const head = source.subarray(0, 64 * 1024).toString('latin1');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return {
    source,
    messageId: header('message-id') || sourceId(source),
    from: header('from'),
    replyTo: '',
    to: [header('to')].filter(Boolean),
    cc: [],
    subject: header('subject'),
    date: null,
    content: '',
    text: '',
    inReplyTo: '',
    references: [],
    headers: {},
    files: [],
  };
}

/**
 * Imports one mail of `collector`. `tooLarge`: only the mail's header was fetched (its size is over
 * the collector's `filesize_max`); it is refused with that header kept.
 */
export async function importMail(services: Services, collector: Row, source: Buffer, tooLarge = false): Promise<Outcome> {
  let messageId = '';
  try {
    return await importOnce(services, collector, source, tooLarge, (id) => (messageId = id));
  } catch (error) {
    // Another run committed this mail's outcome meanwhile: that one stands.
    const other = messageId === '' ? null : earlier(services, messageId);
    if (other) return other;
    throw error;
  }
}

async function importOnce(services: Services, collector: Row, source: Buffer, tooLarge: boolean, named: (messageId: string) => void): Promise<Outcome> {
  let message: Message;
  try {
    message = await parseMessage(source);
  } catch (error) {
    message = unreadable(source);
    named(message.messageId);
    const again = earlier(services, message.messageId);
    if (again) return again;
    return refused(services, collector, message, { reason: REASON.UNREADABLE, text: `the message could not be read: ${error instanceof Error ? error.message : String(error)}` });
  }
  named(message.messageId);
  const again = earlier(services, message.messageId);
  if (again) return again;
  if (tooLarge) return refused(services, collector, message, { reason: REASON.TOO_LARGE, text: `larger than the collector's limit of ${Number(collector.filesize_max)} bytes` });
  const automatic = automaticMail(message);
  if (automatic) return refused(services, collector, message, { reason: REASON.AUTOMATIC, text: `${automatic}: never turned into a ticket` });
  const sender = senderOf(collector, message);
  if (sender !== '' && blacklisted(services, sender)) return refused(services, collector, message, { reason: REASON.BLACKLISTED, text: `the sender ${sender} is blacklisted` });
  const userId = userByEmail(services, sender);
  const ticketId = repliedTicket(message);
  const ticket = ticketId === null ? null : selectOne(services.store.db, 'SELECT id, status FROM glpi_tickets WHERE id = ? AND is_deleted = 0', ticketId);
  if (ticket && Number(ticket.status) !== ITIL_STATUS.CLOSED) return addFollowup(services, collector, message, Number(ticket.id), userId, sender);
  const route = routed(services, collector, message, sender, userId);
  if ('reason' in route) return refused(services, collector, message, route, userId ?? 0);
  return openTicket(services, collector, message, sender, userId, route.entity, route.fields);
}

/** "Import anyway": a refused mail becomes a ticket in the entity given, and its refusal goes. */
export async function importRefused(services: Services, refusedId: number, entity: number): Promise<Outcome> {
  const db = services.store.db;
  const row = selectOne(db, 'SELECT n.*, s.source FROM glpi_notimportedemails n JOIN deskbase_notimportedemail_sources s ON s.notimportedemails_id = n.id WHERE n.id = ?', refusedId);
  if (!row) throw new ItemError('Item not found', 'ERROR_ITEM_NOT_FOUND', 404);
  if (!services.directory.entities().has(entity)) throw new ItemError(`Entity ${entity} does not exist`);
  const collector = selectOne(db, 'SELECT * FROM glpi_mailcollectors WHERE id = ?', Number(row.mailcollectors_id)) ?? { id: Number(row.mailcollectors_id) };
  const source = Buffer.from(row.source as Uint8Array);
  let message: Message;
  try {
    message = await parseMessage(source);
  } catch {
    message = unreadable(source);
  }
  const sender = senderOf(collector, message);
  // The refusal goes in the ticket's own transaction: the mail keeps exactly one outcome.
  return openTicket(services, collector, { ...message, messageId: String(row.messageid) }, sender, userByEmail(services, sender), entity, {}, () => {
    forgetRefusal(db, refusedId);
    run(db, 'DELETE FROM deskbase_mail_outcomes WHERE messageid = ?', String(row.messageid));
  });
}
