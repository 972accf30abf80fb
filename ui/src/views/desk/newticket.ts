import { type ActiveProfile, api } from '../../data/api';

/** One file chosen for a new ticket and what became of it. */
export interface Attached {
  name: string;
  error?: string;
}

/** An asset of mine that a ticket may concern: `Itemtype:id`, and its name. */
export interface Asset {
  key: string;
  label: string;
}

/** GLPI's helpdesk_hardware bit: the user may pick among their own devices. */
const MY_DEVICES = 1;
/** Search options of assets: 1 name, 2 id, 70 user. */
const NAME_FIELD = 1;
const ID_FIELD = 2;
const USER_FIELD = 70;

/**
 * My assets of the types the profile lets a requester link (helpdesk_item_type). A Self-Service
 * profile's session shows only GLPI's helpdesk rights, not the asset rights it may hold: each type
 * is asked, and one the server refuses (403) offers nothing.
 */
export async function myAssets(profile: ActiveProfile): Promise<Asset[]> {
  if ((Number(profile.helpdesk_hardware ?? 0) & MY_DEVICES) === 0) return [];
  const types = Array.isArray(profile.helpdesk_item_type) ? (profile.helpdesk_item_type as string[]) : [];
  const lists = await Promise.allSettled(
    types.map(async (type) => {
      const found = await api.search(type, [{ field: USER_FIELD, searchtype: 'equals', value: 'myself' }], {
        range: '0-199',
        'forcedisplay[0]': ID_FIELD,
        'forcedisplay[1]': NAME_FIELD,
      });
      return found.rows.map((row) => ({ key: `${type}:${Number(row[String(ID_FIELD)])}`, label: String(row[String(NAME_FIELD)] ?? '') }));
    }),
  );
  return lists.flatMap((list) => (list.status === 'fulfilled' ? list.value : []));
}

/** A requester's plain text as the HTML GLPI stores: escaped, a paragraph per block, line breaks kept. */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => `<p>${escape(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
