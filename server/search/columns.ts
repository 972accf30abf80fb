import type { Actor } from '../auth/actor';
import type { Itemtype } from '../registry';
import { searchOptions } from '../registry/searchoptions';
import { cachedRead } from '../db/read-cache';
import { selectAll } from '../db/rows';
import { criteriaFields, type SearchParams } from './criteria';
import { isSupported } from './options';

/**
 * GLPI's global display preferences of a fresh install (glpi_displaypreferences, users_id 0),
 * used when neither the user nor the global rows of the database say otherwise.
 */
export const DEFAULT_VIEWS: Record<string, number[]> = {
  Computer: [31, 23, 5, 4, 40, 45, 3, 19, 17],
  Monitor: [31, 23, 3, 4, 40, 19, 7],
  NetworkEquipment: [31, 23, 3, 4, 40, 11, 19],
  Peripheral: [31, 23, 3, 4, 40, 19, 7],
  Phone: [31, 23, 3, 4, 40, 19, 7],
  Printer: [31, 23, 3, 4, 40, 19],
  SoftwareLicense: [1, 3, 10, 162, 5],
  CartridgeItem: [34, 4, 23, 3, 9],
  ConsumableItem: [34, 4, 23, 3, 9],
  Software: [23, 5, 4, 72, 163],
  AllAssets: [31],
  Ticket: [12, 19, 15, 3, 4, 5, 7, 18],
  Problem: [21, 12, 19, 15, 3, 7, 18],
  Change: [12, 19, 15, 7, 18],
  User: [34, 5, 6, 3, 8],
  Group: [16],
  Document: [3, 4, 7, 5, 16],
  Profile: [2, 3, 19],
  RequestType: [14, 15],
};

const PREFERENCES = 'SELECT num FROM glpi_displaypreferences WHERE itemtype = ? AND users_id = ? ORDER BY rank, id';

/** The user's display preferences, else the global ones, else GLPI's defaults; kept until the next write. */
function preferences(ctx: Actor, type: Itemtype): number[] {
  const db = ctx.services.store.db;
  const user = Number(ctx.session.userId);
  return cachedRead(db, PREFERENCES, [type.name, user], () => {
    for (const id of [user, 0]) {
      const rows = selectAll(db, PREFERENCES, type.name, id);
      if (rows.length) return rows.map((r) => Number(r.num));
    }
    return DEFAULT_VIEWS[type.name] ?? [];
  });
}

/**
 * Result columns in GLPI's order: name (1), entity (80) in multi-entity mode, the display
 * preferences or `forcedisplay`, the criteria's fields, the sort fields; ID first for ITIL.
 * Preference columns this server cannot compute are left out; requested ones were checked before.
 */
export function displayColumns(ctx: Actor, type: Itemtype, bases: Itemtype[], params: SearchParams): number[] {
  const options = searchOptions(type).byId;
  const out: number[] = [];
  const add = (id: number, checked: boolean) => {
    const option = options.get(id);
    if (!option || option.nodisplay || out.includes(id)) return;
    if (!checked && !isSupported(type, id, bases)) return;
    out.push(id);
  };
  add(1, false);
  const allAssets = bases.length > 1 || bases[0] !== type;
  const entityAssigned = bases.some((b) => b.entityAssign && b.visibility !== 'authorizations');
  if (entityAssigned && ctx.scope.multiEntity && (allAssets || bases.some((b) => b.mayBeRecursive) || ctx.scope.active.size > 1)) add(80, false);
  if (params.forcedisplay) for (const id of params.forcedisplay) add(id, true);
  else for (const id of preferences(ctx, type)) add(id, false);
  for (const id of criteriaFields(params.criteria)) add(id, true);
  for (const id of params.sort) add(id, true);
  if (type.kind === 'itil' && options.has(2)) {
    const at = out.indexOf(2);
    if (at >= 0) out.splice(at, 1);
    if (at >= 0 || isSupported(type, 2, bases)) out.unshift(2);
  }
  return out;
}
