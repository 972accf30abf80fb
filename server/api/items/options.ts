import { badRequest } from '../../core/errors';
import { asList, type Params } from '../../core/params';
import { flagParam, WITH_FLAGS, type WithFlag } from '../../core/request-params';

export interface ReadOptions {
  expandDropdowns: boolean;
  hateoas: boolean;
  sha1: boolean;
  with: ReadonlySet<WithFlag>;
  keysNames: string[];
  onlyId: boolean;
  /** One item read on its own (getItem, getMultipleItems), not a row of a list. */
  single?: boolean;
}

let defaults: Readonly<ReadOptions> | undefined;

/** Reads the getItem / getItems presentation options from the parameters. */
export function readOptions(params: Params): Readonly<ReadOptions> {
  // Most reads carry no parameter: theirs are the defaults, worked out once.
  if (Object.keys(params).length === 0) return (defaults ??= parseOptions(params));
  return parseOptions(params);
}

function parseOptions(params: Params): ReadOptions {
  const withs = new Set<WithFlag>();
  for (const name of WITH_FLAGS) if (flagParam(params, name)) withs.add(name);
  const rawKeys = params.add_keys_names;
  let keysNames: string[] = [];
  if (rawKeys !== undefined && rawKeys !== '') {
    const list = typeof rawKeys === 'string' ? [rawKeys] : asList(rawKeys);
    if (!list || list.some((k) => typeof k !== 'string')) throw badRequest('add_keys_names must be a list of field names');
    keysNames = list as string[];
  }
  return {
    expandDropdowns: flagParam(params, 'expand_dropdowns'),
    hateoas: flagParam(params, 'get_hateoas'),
    sha1: flagParam(params, 'get_sha1'),
    with: withs,
    keysNames,
    onlyId: flagParam(params, 'only_id'),
  };
}
