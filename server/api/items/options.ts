import { badRequest } from '../../core/errors';
import { asList, flag, type Params } from '../../core/params';

/** The with_* flags and the section each fills. */
export const WITH_FLAGS = [
  'with_devices',
  'with_disks',
  'with_softwares',
  'with_connections',
  'with_networkports',
  'with_infocoms',
  'with_contracts',
  'with_documents',
  'with_tickets',
  'with_problems',
  'with_changes',
  'with_notes',
  'with_logs',
] as const;
export type WithFlag = (typeof WITH_FLAGS)[number];

export interface ReadOptions {
  expandDropdowns: boolean;
  hateoas: boolean;
  sha1: boolean;
  with: Set<WithFlag>;
  keysNames: string[];
  onlyId: boolean;
}

/** Reads the getItem / getItems presentation options from the parameters. */
export function readOptions(params: Params): ReadOptions {
  const withs = new Set<WithFlag>();
  for (const name of WITH_FLAGS) if (flag(params, name, false)) withs.add(name);
  const rawKeys = params.add_keys_names;
  let keysNames: string[] = [];
  if (rawKeys !== undefined && rawKeys !== '') {
    const list = typeof rawKeys === 'string' ? [rawKeys] : asList(rawKeys);
    if (!list || list.some((k) => typeof k !== 'string')) throw badRequest('add_keys_names must be a list of field names');
    keysNames = list as string[];
  }
  return {
    expandDropdowns: flag(params, 'expand_dropdowns', false),
    hateoas: flag(params, 'get_hateoas', true),
    sha1: flag(params, 'get_sha1', false),
    with: withs,
    keysNames,
    onlyId: flag(params, 'only_id', false),
  };
}
