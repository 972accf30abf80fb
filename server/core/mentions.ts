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
