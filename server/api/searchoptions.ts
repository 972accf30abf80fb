import { json, type Reply, type SessionContext } from '../auth/context';
import { errors } from '../core/errors';
import { itemtype } from '../registry';
import { searchOptions } from '../registry/searchoptions';
import { unknownResource } from './unknown-resource';

/** GET listSearchOptions/:itemtype — section headers as {name}, options in GLPI's key order. */
export function listSearchOptions(ctx: SessionContext): Reply {
  const name = ctx.segments[1];
  if (name === undefined) throw errors.resourceMissing();
  const type = name === 'AllAssets' ? itemtype('Computer') : itemtype(name);
  if (!type) throw unknownResource(name);
  const out: Record<string, unknown> = {};
  for (const entry of searchOptions(name === 'AllAssets' ? { ...type, name: 'AllAssets' } : type).entries) {
    if ('section' in entry) out[entry.key] = { name: entry.section };
    else {
      out[entry.id] = {
        name: entry.name,
        table: entry.table,
        field: entry.field,
        datatype: entry.datatype,
        nosearch: entry.nosearch,
        nodisplay: entry.nodisplay,
        available_searchtypes: entry.available_searchtypes,
        uid: entry.uid,
      };
    }
  }
  return json(out);
}
