import { useEffect, useState } from 'preact/hooks';
import { api, type Item } from './api';

/** Choices of a foreign key: the items of the target collection, loaded once per scope. */
export interface Choice {
  id: number;
  label: string;
}

const cache = new Map<string, Promise<Choice[] | null>>();

export function clearOptionCache(): void {
  cache.clear();
}

export function itemLabel(item: Item): string {
  const complete = typeof item.completename === 'string' && item.completename ? item.completename : '';
  const name = typeof item.name === 'string' && item.name ? item.name : '';
  if ('realname' in item || 'firstname' in item) {
    const full = [item.firstname, item.realname].filter((v) => typeof v === 'string' && v).join(' ');
    if (full) return name ? `${full} (${name})` : full;
  }
  return complete || name || `#${item.id}`;
}

/** The choices, or null when the collection cannot be read (then the field takes a plain id). */
export function loadChoices(itemtype: string): Promise<Choice[] | null> {
  let pending = cache.get(itemtype);
  if (!pending) {
    pending = api
      .list(itemtype, { range: '0-999' })
      .then((page) => page.items.map((item) => ({ id: item.id, label: itemLabel(item) })).sort((a, b) => a.label.localeCompare(b.label)))
      .catch(() => null);
    cache.set(itemtype, pending);
  }
  return pending;
}

export function useChoices(itemtype: string | undefined): Choice[] | null | undefined {
  const [choices, setChoices] = useState<Choice[] | null | undefined>(undefined);
  useEffect(() => {
    if (!itemtype) return;
    let live = true;
    setChoices(undefined);
    void loadChoices(itemtype).then((c) => live && setChoices(c));
    return () => {
      live = false;
    };
  }, [itemtype]);
  return choices;
}
