/**
 * GLPI 10's user mentions in rich text: the editor writes `<span data-user-mention="true"
 * data-user-id="5">@Name</span>` (attributes in any order; the text may be stored
 * entity-encoded, as GLPI 10 does).
 */
import { decodeHTMLStrict } from 'entities';

const ELEMENT = /<[a-z][^>]*\bdata-user-mention\s*=\s*["']?true["']?[^>]*>/gi;
const USER_ID = /\bdata-user-id\s*=\s*["']?(\d+)/i;

/** The ids of the users a rich text mentions, each once, in order. */
export function mentionedUsers(text: unknown): number[] {
  if (typeof text !== 'string' || !text.includes('data-user-mention')) return [];
  const html = text.includes('&lt;') ? decodeHTMLStrict(text) : text;
  const ids = [...html.matchAll(ELEMENT)].map(([element]) => Number(USER_ID.exec(element)?.[1] ?? 0)).filter((id) => id > 0);
  return [...new Set(ids)];
}

/** The rich texts of an item that may mention users: a validation's two comments, else its content. */
export const mentionColumns = (typeName: string): string[] => (typeName === 'TicketValidation' || typeName === 'ChangeValidation' ? ['comment_submission', 'comment_validation'] : ['content']);

/** The users an item's texts mention that they did not before the change (`old`; all of them for a new item). */
export function newlyMentioned(typeName: string, row: Record<string, unknown>, old?: Record<string, unknown>): number[] {
  const columns = mentionColumns(typeName);
  const before = new Set(old ? columns.flatMap((c) => mentionedUsers(old[c])) : []);
  return [...new Set(columns.flatMap((c) => mentionedUsers(row[c])))].filter((id) => !before.has(id));
}
