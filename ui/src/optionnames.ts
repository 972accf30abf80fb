import { itemtype as registryType } from '@server/registry';
import type { SearchOption } from './api';
import { t } from './i18n';
import { typeDef } from './itemtypes';

/**
 * The class an option reaches through (its section in GLPI's lists): the first type on its path
 * that is not a link table, unless that type is just what the option names (Location's "Location").
 */
function sectionOf(option: SearchOption, name: string): string | null {
  const classes = (option.uid ?? '').split('.').slice(1, -1).filter((segment) => !segment.includes('_') && registryType(segment));
  const first = classes[0];
  if (!first) return null;
  const label = typeDef(first).label;
  return classes.length > 1 || label !== name ? label : null;
}

/**
 * A label for each search option in the user's language; options sharing a name (Computer's
 * "Name" and its operating system's "Name") are told apart by the type they belong to.
 */
export function optionLabels(options: Record<string, SearchOption>): Record<string, string> {
  const plain = Object.fromEntries(Object.entries(options).map(([id, o]) => [id, t(o.name)]));
  const count = (labels: Record<string, string>) => {
    const seen = new Map<string, number>();
    for (const label of Object.values(labels)) seen.set(label, (seen.get(label) ?? 0) + 1);
    return seen;
  };
  const shared = count(plain);
  const qualified = Object.fromEntries(
    Object.entries(plain).map(([id, label]) => {
      const section = shared.get(label)! > 1 ? sectionOf(options[id]!, label) : null;
      return [id, section ? `${label} (${section})` : label];
    }),
  );
  // Two options of one section with one name (rare): their ids keep them apart.
  const left = count(qualified);
  return Object.fromEntries(Object.entries(qualified).map(([id, label]) => [id, left.get(label)! > 1 ? `${label} #${id}` : label]));
}
