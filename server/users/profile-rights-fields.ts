import type { ItemHooks } from '../items/hooks';
import { selectAll } from '../db/rows';

/**
 * GLPI's getItem of a profile shows, after its columns, every right as a field named by the right
 * (`computer`, `ticket`, …) holding the profile's bits. GLPI gives each profile a row of every
 * right: one it has no row of here reads 0, as in GLPI.
 */
export const profileRightsFields: ItemHooks = {
  itemExtras(db, row) {
    const out: Record<string, unknown> = {};
    const sql = `SELECT n.name AS name, COALESCE(r.rights, 0) AS rights
      FROM (SELECT name, MIN(id) AS first FROM glpi_profilerights GROUP BY name) n
      LEFT JOIN glpi_profilerights r ON r.name = n.name AND r.profiles_id = ?
      ORDER BY n.first`;
    for (const right of selectAll(db, sql, Number(row.id))) out[String(right.name)] = Number(right.rights);
    return out;
  },
};
