import type { Item } from './api';

/** One pickable item of a collection. */
export interface Choice {
  id: number;
  label: string;
}

/** How an item is named in pickers and lists: complete name for trees, full name for people. */
export function itemLabel(item: Item): string {
  const complete = typeof item.completename === 'string' && item.completename ? item.completename : '';
  const name = typeof item.name === 'string' && item.name ? item.name : '';
  if ('realname' in item || 'firstname' in item) {
    const full = [item.firstname, item.realname].filter((v) => typeof v === 'string' && v).join(' ');
    if (full) return name ? `${full} (${name})` : full;
  }
  return complete || name || `#${item.id}`;
}
