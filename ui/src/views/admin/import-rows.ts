import { api } from '../../data/api';
import type { FieldDef } from '../../data/fields';
import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';

export interface Prepared {
  line: number;
  input: Record<string, unknown>;
  errors: string[];
  /** Dropdown values the import will create (`Type\u0000name`): a dry run counts them instead of creating them. */
  creates: string[];
}

export const norm = (s: string) => s.trim().toLowerCase();

/** Finds the id of a dropdown value by its (complete) name; creates it when asked. */
async function resolveName(target: string, name: string, create: boolean, cache: Map<string, Promise<number | null>>): Promise<number | null> {
  const key = `${target}\u0000${norm(name)}`;
  let found = cache.get(key);
  if (!found) {
    const field = typeDef(target).title ?? 'name';
    found = api
      .list(target, { searchText: { [field]: `^${name.trim()}$` }, range: '0-0' })
      .then(async (page) => page.items[0]?.id ?? (create ? await api.create(target, { name: name.trim() }) : null));
    cache.set(key, found);
  }
  return found;
}

/**
 * Turns every CSV row into an API input, resolving names; collects what is wrong with each. A
 * missing dropdown value is created when asked (`create`), or, in a dry run with "create missing"
 * ticked, noted as one the import will create.
 */
export async function prepareRows(
  rows: Record<string, string>[],
  mapping: Record<string, string>,
  fields: FieldDef[],
  required: string[],
  createMissing: boolean,
  create: boolean,
): Promise<Prepared[]> {
  const cache = new Map<string, Promise<number | null>>();
  return Promise.all(
    rows.map(async (row, i) => {
      const input: Record<string, unknown> = {};
      const errors: string[] = [];
      const creates: string[] = [];
      for (const [column, key] of Object.entries(mapping)) {
        const field = fields.find((f) => f.key === key);
        const raw = (row[column] ?? '').trim();
        if (!field || raw === '') continue;
        if (field.kind === 'fk' && field.target) {
          const id = /^\d+$/.test(raw) ? Number(raw) : await resolveName(field.target, raw, create, cache).catch(() => null);
          if (id !== null) input[key] = id;
          else if (createMissing && !create) creates.push(`${field.target}\u0000${norm(raw)}`);
          else errors.push(t('{field}: “{value}” not found', { field: field.label, value: raw }));
        } else if (field.kind === 'enum') {
          const choice = field.choices?.find(([v, label]) => String(v) === raw || norm(label) === norm(raw));
          if (choice) input[key] = choice[0];
          else errors.push(t('{field}: “{value}” is not one of {choices}', { field: field.label, value: raw, choices: field.choices?.map(([, l]) => l).join(', ') ?? '' }));
        } else if (field.kind === 'checkbox') input[key] = ['1', 'yes', 'true', 'oui', 'x'].includes(norm(raw)) ? 1 : 0;
        else input[key] = raw;
      }
      for (const key of required) if (input[key] === undefined) errors.push(t('{field} is required', { field: fields.find((f) => f.key === key)?.label ?? key }));
      return { line: i + 2, input, errors, creates };
    }),
  );
}
