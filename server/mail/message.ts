/**
 * A fetched mail, parsed (mailparser decodes MIME, charsets and encoded words) into what the
 * import needs, and the reasons GLPI's collectors never turn a mail into a ticket: auto-replies
 * (`Auto-Submitted` other than `no`, `X-Auto-Response-Suppress`), bounces (`Return-Path: <>`,
 * delivery-status reports), which also keeps Deskbase out of mail loops with its own notifications.
 */
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';

export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
  /** An image the HTML shows inline (`cid:`). */
  inline: boolean;
}

export interface Message {
  source: Buffer;
  /** The Message-ID with its angle brackets, or `<sha256:…@deskbase>` of the source when it has none. */
  messageId: string;
  from: string;
  replyTo: string;
  to: string[];
  cc: string[];
  subject: string;
  date: Date | null;
  /** The body as safe HTML: the HTML part sanitized, else the text part escaped. */
  content: string;
  /** The body as text (what rules and reply markers read). */
  text: string;
  inReplyTo: string;
  references: string[];
  /** Header name (lower case) → its text, for the rules' header criteria. */
  headers: Record<string, string>;
  files: MailFile[];
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((o) => o.value.map((a) => (a.address ?? '').trim().toLowerCase())).filter(Boolean);

/** GLPI keeps rich text: what a mail's HTML may keep (no script, style, form, frame or event handler). */
const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'],
  allowedAttributes: { a: ['href'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

export function safeHtml(html: string): string {
  return sanitizeHtml(html, SAFE_HTML).trim();
}

function headerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object' && 'text' in value) return String((value as { text: unknown }).text);
  if (value && typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return value === undefined || value === null ? '' : String(value);
}

/** The Message-ID a mail without one is known by: the SHA-256 of its bytes. */
export const sourceId = (source: Buffer) => `<sha256:${new Bun.CryptoHasher('sha256').update(source).digest('hex')}@deskbase>`;

/** Text for an HTML text node. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The body of a parsed mail as safe HTML: its HTML part sanitized, else its text part. */
function bodyHtml(parsed: ParsedMail): string {
  // mailparser's HTML of a text part encodes every accent as an entity: sanitizing it again keeps
  // only the entities HTML needs (&, <, >, "), so the content reads as it was written.
  return safeHtml(typeof parsed.html === 'string' && parsed.html.trim() !== '' ? parsed.html : (parsed.textAsHtml ?? ''));
}

/**
 * A forwarded mail attached whole (message/rfc822) is shown in the content, below a line naming
 * it, rather than kept as a file the document types would refuse.
 */
async function forwardedHtml(content: Buffer): Promise<string> {
  const inner = await simpleParser(content, { keepCidLinks: true });
  const from = inner.from?.text ?? '';
  const heading = `<p>Forwarded message${inner.subject ? `: <b>${escapeHtml(inner.subject)}</b>` : ''}${from ? ` (${escapeHtml(from)})` : ''}</p>`;
  return `<hr />${heading}<blockquote>${bodyHtml(inner)}</blockquote>`;
}

export async function parseMessage(source: Buffer): Promise<Message> {
  const parsed: ParsedMail = await simpleParser(source, { keepCidLinks: true });
  const headers: Record<string, string> = {};
  for (const [name, value] of parsed.headers) headers[name.toLowerCase()] = headerText(value);
  // Parsed, Content-Type loses its parameters (report-type) and an empty Return-Path its `<>`: keep their lines.
  for (const name of ['content-type', 'return-path']) {
    const line = parsed.headerLines.find((l) => l.key === name);
    if (line) headers[name] = line.line.slice(line.line.indexOf(':') + 1).trim();
  }
  const forwarded = parsed.attachments.filter((a) => a.contentType.toLowerCase() === 'message/rfc822');
  const html = [bodyHtml(parsed), ...(await Promise.all(forwarded.map((a) => forwardedHtml(a.content))))].join('');
  const text = (parsed.text ?? '').replace(/\r\n/g, '\n');
  const references = typeof parsed.references === 'string' ? [parsed.references] : (parsed.references ?? []);
  return {
    source,
    messageId: parsed.messageId?.trim() || sourceId(source),
    from: addresses(parsed.from)[0] ?? '',
    replyTo: addresses(parsed.replyTo)[0] ?? '',
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: (parsed.subject ?? '').trim(),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null,
    content: html,
    text,
    inReplyTo: (parsed.inReplyTo ?? '').trim(),
    references,
    headers,
    files: parsed.attachments.filter((a) => !forwarded.includes(a)).map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      content: a.content,
      inline: a.contentDisposition === 'inline' || (!!a.cid && a.related === true),
    })),
  };
}

/** Why the mail is an automatic one (auto-reply, bounce) that never becomes a ticket; null when it is not. */
export function automaticMail(message: Message): string | null {
  const h = message.headers;
  const autoSubmitted = (h['auto-submitted'] ?? '').trim().toLowerCase();
  if (autoSubmitted !== '' && autoSubmitted !== 'no') return `an automatic mail (Auto-Submitted: ${autoSubmitted})`;
  if ((h['x-auto-response-suppress'] ?? '').trim() !== '') return 'an automatic mail (X-Auto-Response-Suppress)';
  if ((h['return-path'] ?? '').replace(/\s/g, '') === '<>') return 'a bounce (empty Return-Path)';
  const type = (h['content-type'] ?? '').toLowerCase();
  if (type.includes('report-type=delivery-status') || type.includes('message/delivery-status')) return 'a bounce (delivery-status report)';
  return null;
}
