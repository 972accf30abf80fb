/**
 * Which computer an inventory is about, by GLPI 10's default import rules for computers (its
 * RuleImportAsset defaults, tried in their order): "Computer update (by serial + uuid)",
 * "Computer update (by serial)", "Computer update (by uuid)", "Computer update (by mac)",
 * "Computer update (by name)"; none matching is "Computer import (by name)": a new computer.
 * Deskbase seeds no RuleImportAsset rules yet, so these run as code, not through the engine.
 */
import type { Db } from '../db/connection';
import { selectOne } from '../db/rows';
import type { Inventory } from './inventory';

const LIVE = "c.is_deleted = 0 AND c.is_template = 0";

function first(db: Db, where: string, ...args: string[]): number | null {
  const row = selectOne(db, `SELECT c.id FROM glpi_computers c WHERE ${LIVE} AND ${where} ORDER BY c.id LIMIT 1`, ...args);
  return row ? Number(row.id) : null;
}

function byMac(db: Db, macs: string[]): number | null {
  if (macs.length === 0) return null;
  const row = selectOne(
    db,
    `SELECT c.id FROM glpi_computers c JOIN glpi_networkports p ON p.itemtype = 'Computer' AND p.items_id = c.id
     WHERE ${LIVE} AND p.is_deleted = 0 AND lower(p.mac) IN (${macs.map(() => '?').join(', ')}) ORDER BY c.id LIMIT 1`,
    ...macs,
  );
  return row ? Number(row.id) : null;
}

/** The id of the computer GLPI's default import rules find for this inventory, or null to create one. */
export function computerByDefaultImportRules(db: Db, inv: Inventory): number | null {
  const macs = inv.ports.map((p) => p.mac).filter((mac) => mac !== '');
  if (inv.serial && inv.uuid) {
    const found = first(db, 'c.serial = ? AND c.uuid = ?', inv.serial, inv.uuid);
    if (found) return found;
  }
  if (inv.serial) {
    const found = first(db, 'c.serial = ?', inv.serial);
    if (found) return found;
  }
  if (inv.uuid) {
    const found = first(db, 'c.uuid = ?', inv.uuid);
    if (found) return found;
  }
  return byMac(db, macs) ?? first(db, 'c.name = ?', inv.name);
}
