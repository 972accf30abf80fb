/**
 * Is a mail a reply to a ticket? GLPI's ways of telling: the ticket's tag in the subject
 * (`[GLPI #0000123]`), or an `In-Reply-To` / `References` naming a notification Deskbase sent,
 * whose Message-ID has GLPI's form `GLPI_<uuid>-<Itemtype>-<id>/<event>.<time>.<rand>@<host>`
 * (only the itemtype and id are read). The answer is the part above GLPI's
 * `##-- Write your answer above this line --##` marker when the mail carries it.
 */
import type { Message } from './message';

const SUBJECT_TAG = /\[GLPI #0*(\d+)\]/i;
const NOTIFICATION_ID = /^<?GLPI(?:_[0-9a-z-]+)?-(Ticket)-(\d+)(?:\/[^@>]*)?@[^>]*>?$/i;
export const ANSWER_MARKER = '##-- Write your answer above this line --##';

/** The ticket a reply is about, or null when the mail names none. */
export function repliedTicket(message: Message): number | null {
  const tagged = SUBJECT_TAG.exec(message.subject);
  if (tagged) return Number(tagged[1]);
  for (const id of [message.inReplyTo, ...message.references.slice().reverse()]) {
    const named = NOTIFICATION_ID.exec(id.trim());
    if (named) return Number(named[2]);
  }
  return null;
}

/**
 * The answer without the quoted history below GLPI's marker, and the blank lines before it. The
 * cut may leave tags open: the caller sanitizes what is kept, which closes them.
 */
export function withoutHistory(content: string): string {
  const at = content.indexOf(ANSWER_MARKER);
  if (at < 0) return content;
  return content.slice(0, at).replace(/(<br\s*\/?>|\s|&nbsp;)*$/i, '').trim();
}
