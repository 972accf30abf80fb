import { api } from '../../data/api';

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

/**
 * My devices a ticket may concern: the server's getMyDevices (a Deskbase addition) lists the
 * session user's own and their groups' items of the profile's helpdesk types, without the asset
 * rights a Self-Service profile lacks; none when the profile does not offer "my devices".
 */
export async function myAssets(): Promise<Asset[]> {
  const { data } = await api.request<{ mydevices: { itemtype: string; id: number; name: string }[] }>('GET', 'getMyDevices');
  return data.mydevices.map((d) => ({ key: `${d.itemtype}:${d.id}`, label: d.name || `${d.itemtype} ${d.id}` }));
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
