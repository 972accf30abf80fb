import type { Reply, SessionContext } from './context';
import { errors } from '../core/errors';
import { itemtype } from '../registry';
import { aliasOf, toOldOptions } from '../registry/aliases';
import { searchOptions, type OptionSet } from '../registry/searchoptions';
import { jsonOf, object } from '../search/output';
import { unknownResource } from './unknown-resource';

function entriesOf(name: string): OptionSet['entries'] {
  if (name === 'AllAssets') return searchOptions({ ...itemtype('Computer')!, name: 'AllAssets' }).entries;
  // An old itemtype name lists the current type's options as GLPI lists them under that name.
  const alias = aliasOf(name);
  const type = itemtype(alias?.target ?? name);
  if (!type) throw unknownResource(name);
  const entries = searchOptions(type).entries;
  return alias ? toOldOptions(alias, entries) : entries;
}

/**
 * GET listSearchOptions/:itemtype — section headers as {name}, options in GLPI's key order (written
 * as text: a JavaScript object would put the numeric keys before "common").
 */
export function listSearchOptions(ctx: SessionContext): Reply {
  const name = ctx.segments[1];
  if (name === undefined) throw errors.resourceMissing();
  const body = entriesOf(name).map((entry): [string, string] => {
    if ('section' in entry) return [entry.key, jsonOf({ name: entry.section })];
    const { name: label, table, field, datatype, nosearch, nodisplay, available_searchtypes, uid } = entry;
    return [String(entry.id), jsonOf({ name: label, table, field, datatype, nosearch, nodisplay, available_searchtypes, uid })];
  });
  return { status: 200, jsonText: object(body) };
}
