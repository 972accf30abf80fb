import type { Db } from './connection';
import { ident, run, selectAll } from './rows';

/**
 * Earlier versions gave unmanaged devices a `domains_id` column that GLPI 10.0's schema does not
 * have: GLPI links an unmanaged device to its domains through Domain_Item rows. Each existing
 * domain named there becomes such a link (unless it is one already), then the column and its
 * indexes go. Runs inside the migration's transaction, so a crash leaves the folder as it was.
 */
export function moveUnmanagedDomainsToLinks(db: Db): void {
  const hasColumn = selectAll(db, "SELECT 1 AS found FROM pragma_table_info('glpi_unmanageds') WHERE name = 'domains_id'").length > 0;
  if (!hasColumn) return;
  run(
    db,
    `INSERT OR IGNORE INTO glpi_domains_items (domains_id, itemtype, items_id)
     SELECT u.domains_id, 'Unmanaged', u.id FROM glpi_unmanageds u JOIN glpi_domains d ON d.id = u.domains_id WHERE u.domains_id > 0`,
  );
  const indexes = selectAll(
    db,
    "SELECT DISTINCT l.name AS name FROM pragma_index_list('glpi_unmanageds') l, pragma_index_info(l.name) i WHERE i.name = 'domains_id' AND l.origin = 'c'",
  );
  for (const index of indexes) db.exec(`DROP INDEX ${ident(String(index.name))}`);
  db.exec('ALTER TABLE glpi_unmanageds DROP COLUMN domains_id');
}
