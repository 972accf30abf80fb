import type { ItemHooks } from '../items/hooks';
import { run, selectAll } from '../db/rows';

/**
 * GLPI's getItem of a profile shows, after its columns, each of the profile's rights rows as a
 * field named by the right (`computer`, `ticket`, …) holding its bits, by name; a right it has
 * no row of is left out, as GLPI. A new profile gets a row of every right known, at 0, as GLPI
 * gives one (Profile::post_addItem).
 */
export const profileRightsFields: ItemHooks = {
  afterAdd(wc, _type, row) {
    run(
      wc.db,
      `INSERT INTO glpi_profilerights (profiles_id, name, rights)
       SELECT ?, name, 0 FROM glpi_profilerights
       WHERE name NOT IN (SELECT name FROM glpi_profilerights WHERE profiles_id = ?) GROUP BY name ORDER BY MIN(id)`,
      Number(row.id),
      Number(row.id),
    );
  },
  itemExtras(db, row) {
    const out: Record<string, unknown> = {};
    for (const right of selectAll(db, 'SELECT name, rights FROM glpi_profilerights WHERE profiles_id = ? ORDER BY name', Number(row.id))) out[String(right.name)] = Number(right.rights);
    return out;
  },
};
