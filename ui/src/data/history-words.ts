/**
 * GLPI's history rows (glpi_logs, read with with_logs=true) told in words: the search option a
 * change is logged under becomes the field's label, a status or urgency number its name, a
 * dropdown's "Name (id)" its name, and added or removed rows say what and by whom.
 */
import type { Item, SearchOption } from './api';
import { t } from '../lib/i18n';
import { enumOf, typeDef } from '../lib/itemtypes';

/** GLPI's history actions (linked_action) other than a field's change (0). */
const ACTIONS: Record<number, string> = {
  1: 'Component added',
  2: 'Component updated',
  3: 'Component removed',
  4: 'Software installed',
  5: 'Software uninstalled',
  6: 'Disconnected',
  7: 'Connected',
  8: 'Component locked',
  9: 'Component unlocked',
  12: 'Note',
  21: 'Link updated',
};

const clean = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace(/&nbsp;/g, '').trim());
/** GLPI records a dropdown, a user or a linked item as "Name (id)": the name is what a reader wants. */
const named = (v: unknown) => clean(v).replace(/\s*\(\d+\)$/, '');

/** The person a log row names ("Martin Ann (5)" → "Martin Ann"). */
export const logAuthor = (log: Item) => named(log.user_name);

/** A value in words: an enum's label, a dropdown's name, "—" for nothing. */
function valueWords(itemtype: string, option: SearchOption | undefined, raw: unknown): string {
  const field = option?.uid?.split('.').slice(1).join('.') ?? '';
  const list = field && !field.includes('.') ? enumOf(itemtype, field) : null;
  const text = clean(raw);
  const label = list?.find(([v]) => String(v) === text)?.[1];
  if (label) return label;
  return named(raw) || '—';
}

/** One history row as a sentence, e.g. "Status: Processing (assigned) → Solved" or "Followup added by Ann Martin". */
export function logSentence(itemtype: string, options: Record<string, SearchOption>, log: Item): string {
  const action = Number(log.linked_action);
  const by = logAuthor(log);
  const link = clean(log.itemtype_link);
  const linkLabel = link ? typeDef(link).label : '';
  const option = options[String(log.id_search_option)];
  switch (action) {
    case 0: {
      const field = option ? t(option.name) : t('Field {id}', { id: String(log.id_search_option) });
      return `${field}: ${valueWords(itemtype, option, log.old_value)} → ${valueWords(itemtype, option, log.new_value)}`;
    }
    case 13:
      return by ? t('Moved to the trash by {name}', { name: by }) : t('Moved to the trash');
    case 14:
      return by ? t('Restored by {name}', { name: by }) : t('Restored from the trash');
    case 15:
      // An actor is logged under the role's option (Requester, Technician…), other links under their type.
      return t('{what} added: {name}', { what: option ? t(option.name) : linkLabel, name: named(log.new_value) });
    case 16:
      return t('{what} removed: {name}', { what: option ? t(option.name) : linkLabel, name: named(log.old_value) });
    case 17:
      return by ? t('{what} added by {name}', { what: linkLabel, name: by }) : t('{what} added', { what: linkLabel });
    case 18:
      return by ? t('{what} updated by {name}', { what: linkLabel, name: by }) : t('{what} updated', { what: linkLabel });
    case 19:
      return by ? t('{what} removed by {name}', { what: linkLabel, name: by }) : t('{what} removed', { what: linkLabel });
    case 20:
      return by ? t('Created by {name}', { name: by }) : t('Created');
    default: {
      const what = ACTIONS[action] ? t(ACTIONS[action]) : t('Action {id}', { id: action });
      const value = named(log.new_value) || named(log.old_value);
      return [link ? `${what} (${linkLabel})` : what, value].filter(Boolean).join(': ');
    }
  }
}
