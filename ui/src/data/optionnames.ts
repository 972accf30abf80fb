import { itemtype as registryType, itemtypeByTable } from '@server/registry';
import type { SearchOption } from './api';
import { t } from '../lib/i18n';
import { typeDef } from '../lib/itemtypes';

/** A type's name; one the registry does not name (OperatingSystem) in words ("Operating system"). */
function typeLabel(itemtype: string): string {
  const label = typeDef(itemtype).label;
  if (label !== itemtype) return label;
  const words = itemtype.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An option on the searched type's own row (Computer.serial), not reached through a link. */
const isOwn = (option: SearchOption) => (option.uid ?? '').split('.').length <= 2;

/**
 * The section an option belongs to (as GLPI groups them): the first class on its path, a link
 * table (Item_OperatingSystem) standing for the class it links to, else its table. Null for the
 * type's own fields, and for a link whose class is just what the option names (Location's "Location").
 */
function sectionOf(option: SearchOption, name: string): string | null {
  if (isOwn(option)) return null;
  const classes = (option.uid ?? '')
    .split('.')
    .slice(1, -1)
    .map((segment) => segment.split('_').find((part) => part !== 'Item') ?? segment)
    .filter((segment) => registryType(segment));
  const first = classes[0] ?? itemtypeByTable(option.table)?.name;
  const label = first ? typeLabel(first) : option.table.replace(/^glpi_/, '').replace(/_/g, ' ');
  return classes.length > 1 || label !== name ? label : null;
}

/**
 * A label for each search option in the user's language; options sharing a name (Computer's
 * "Name" and its operating system's "Name") are told apart by their section, the type's own field
 * keeping the plain name.
 */
export function optionLabels(options: Record<string, SearchOption>): Record<string, string> {
  const count = (labels: Record<string, string>) => {
    const seen = new Map<string, number>();
    for (const label of Object.values(labels)) seen.set(label, (seen.get(label) ?? 0) + 1);
    return seen;
  };
  const plain = Object.fromEntries(Object.entries(options).map(([id, o]) => [id, t(o.name)]));
  const shared = count(plain);
  const qualified = Object.fromEntries(
    Object.entries(plain).map(([id, label]) => {
      const section = shared.get(label)! > 1 ? sectionOf(options[id]!, label) : null;
      return [id, section ? `${label} (${section})` : label];
    }),
  );
  // Two linked options of one section with one name (rare): their ids keep them apart.
  const left = count(qualified);
  return Object.fromEntries(Object.entries(qualified).map(([id, label]) => [id, left.get(label)! > 1 && !isOwn(options[id]!) ? `${label} #${id}` : label]));
}

/** The options once each: GLPI lists a few fields twice under two ids (Location's address, 15 and 101); the first id stays. */
export function distinctOptions(options: Record<string, SearchOption>): [string, SearchOption][] {
  const seen = new Set<string>();
  return Object.entries(options).filter(([id, o]) => {
    const key = o.uid ?? id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
