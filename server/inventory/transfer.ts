/**
 * GLPI 10's transfer of a known asset that RuleImportEntity now places in another entity: done
 * only when the entity the asset is in asks for automatic transfers (its `transfers_strategy` /
 * `transfers_id`, inherited as Entity::getUsedConfig reads them, naming a transfer profile);
 * otherwise the asset stays where it is, as GLPI reverts the entity. The move keeps everything,
 * as GLPI's installed "complete" profile does: the asset and the rows it owns (components,
 * disks, operating system, network ports with their names and addresses, virtual machines,
 * antivirus, remote managements, the monitors, printers and peripherals connected to it) go to
 * the new entity; each software installation points to the same software and version in the new
 * entity (found, or created there) unless the version's software is already visible there
 * (recursive above it). A hand-locked entity (Lockedfield) keeps the asset where it is.
 */
import type { Params } from '../core/params';
import { run, selectAll, selectOne, type Row } from '../db/rows';
import { addItem, updateItem, type WriteContext } from '../items/crud';
import { componentTypes, itemtypeOrThrow, type Itemtype } from '../registry';
import { decidingEntity } from '../itil/entity-settings';

/** The rows an asset owns that carry their own entity, and how they name it. */
const OWNED: { typeName: string; byComputer?: true }[] = [
  { typeName: 'Item_Disk' },
  { typeName: 'Item_OperatingSystem' },
  { typeName: 'NetworkPort' },
  { typeName: 'Item_RemoteManagement' },
  { typeName: 'ComputerVirtualMachine', byComputer: true },
  { typeName: 'ComputerAntivirus', byComputer: true },
];

/** Whether the entity `entityId` moves its inventoried assets to where the rules place them. */
function transfersAutomatically(wc: WriteContext, entityId: number): boolean {
  const deciding = decidingEntity(wc.db, entityId, 'transfers_strategy');
  return !!deciding && Number(deciding.transfers_id) > 0;
}

const locked = (wc: WriteContext, itemtype: string, id: number) =>
  !!selectOne(wc.db, "SELECT id FROM glpi_lockedfields WHERE itemtype = ? AND (items_id = ? OR is_global = 1) AND field = 'entities_id'", itemtype, id);

/** The entities an entity sees recursive items from: itself and its ancestors. */
function ancestors(wc: WriteContext, entityId: number): number[] {
  const out: number[] = [];
  let entity = selectOne(wc.db, 'SELECT id, entities_id FROM glpi_entities WHERE id = ?', entityId);
  for (let depth = 0; entity && depth < 64; depth++) {
    out.push(Number(entity.id));
    if (Number(entity.id) === 0) break;
    entity = selectOne(wc.db, 'SELECT id, entities_id FROM glpi_entities WHERE id = ?', Number(entity.entities_id));
  }
  return out;
}

/** `row` of `type` moved to `entityId`, its other columns as they are (no lock: the inventory moves it). */
function moveRow(wc: WriteContext, type: Itemtype, row: Row, entityId: number, more: Params = {}): void {
  updateItem(wc, type, Number(row.id), { entities_id: entityId, ...more, is_dynamic: Number(row.is_dynamic) } as Params);
}

/** The version an install points to once the asset is in `entityId`. */
function versionIn(wc: WriteContext, versionId: number, entityId: number, visible: number[]): number {
  const version = selectOne(wc.db, 'SELECT v.id, v.name, v.arch, v.operatingsystems_id, s.id AS softwares_id, s.name AS software, s.manufacturers_id, s.entities_id, s.is_recursive FROM glpi_softwareversions v JOIN glpi_softwares s ON s.id = v.softwares_id WHERE v.id = ?', versionId);
  if (!version) return versionId;
  const softwareEntity = Number(version.entities_id);
  if (softwareEntity === entityId || (Number(version.is_recursive) === 1 && visible.includes(softwareEntity))) return versionId;
  const software =
    Number(selectOne(wc.db, 'SELECT id FROM glpi_softwares WHERE name = ? AND manufacturers_id = ? AND entities_id = ? AND is_deleted = 0 AND is_template = 0 ORDER BY id LIMIT 1', String(version.software), Number(version.manufacturers_id), entityId)?.id ?? 0) ||
    addItem(wc, itemtypeOrThrow('Software'), { name: String(version.software), manufacturers_id: Number(version.manufacturers_id), entities_id: entityId });
  const found = selectOne(wc.db, 'SELECT id FROM glpi_softwareversions WHERE softwares_id = ? AND name IS ? AND arch IS ? ORDER BY id LIMIT 1', software, version.name as string | null, version.arch as string | null);
  return found ? Number(found.id) : addItem(wc, itemtypeOrThrow('SoftwareVersion'), { softwares_id: software, name: version.name as string, arch: version.arch as string | null, operatingsystems_id: Number(version.operatingsystems_id), entities_id: entityId });
}

/**
 * Moves the asset `itemtype` #`id` and what it owns to `entityId`, when its entity transfers
 * automatically and the field is not locked; answers whether it moved. Call inside the inventory's transaction.
 */
export function transferAsset(wc: WriteContext, itemtype: string, id: number, entityId: number): boolean {
  const type = itemtypeOrThrow(itemtype);
  const asset = selectOne(wc.db, `SELECT id, entities_id FROM ${type.table} WHERE id = ?`, id);
  if (!asset || Number(asset.entities_id) === entityId) return false;
  if (!transfersAutomatically(wc, Number(asset.entities_id)) || locked(wc, itemtype, id)) return false;
  updateItem(wc, type, id, { entities_id: entityId, is_dynamic: 1 });
  const owned = [...componentTypes().map((t) => ({ typeName: t.name, byComputer: undefined })), ...OWNED];
  for (const { typeName, byComputer } of owned) {
    const ownedType = itemtypeOrThrow(typeName);
    if (!ownedType.column.has('entities_id') || (byComputer && itemtype !== 'Computer')) continue;
    const rows = byComputer
      ? selectAll(wc.db, `SELECT * FROM ${ownedType.table} WHERE computers_id = ? ORDER BY id`, id)
      : selectAll(wc.db, `SELECT * FROM ${ownedType.table} WHERE itemtype = ? AND items_id = ? ORDER BY id`, itemtype, id);
    for (const row of rows) moveRow(wc, ownedType, row, entityId);
  }
  // A port's network names and addresses are written with it, not through the generic CRUD.
  run(wc.db, "UPDATE glpi_networknames SET entities_id = ? WHERE itemtype = 'NetworkPort' AND items_id IN (SELECT id FROM glpi_networkports WHERE itemtype = ? AND items_id = ?)", entityId, itemtype, id);
  run(wc.db, 'UPDATE glpi_ipaddresses SET entities_id = ? WHERE mainitemtype = ? AND mainitems_id = ?', entityId, itemtype, id);
  // Its monitors, printers and peripherals go with it, unless shared (managed globally).
  if (itemtype === 'Computer') {
    for (const link of selectAll(wc.db, 'SELECT itemtype, items_id FROM glpi_computers_items WHERE computers_id = ? ORDER BY id', id)) {
      const linkedType = itemtypeOrThrow(String(link.itemtype));
      const linked = selectOne(wc.db, `SELECT * FROM ${linkedType.table} WHERE id = ? AND COALESCE(is_global, 0) = 0`, Number(link.items_id));
      if (linked && Number(linked.entities_id) !== entityId) moveRow(wc, linkedType, linked, entityId);
    }
  }
  const installType = itemtypeOrThrow('Item_SoftwareVersion');
  const visible = ancestors(wc, entityId);
  for (const install of selectAll(wc.db, 'SELECT * FROM glpi_items_softwareversions WHERE itemtype = ? AND items_id = ? ORDER BY id', itemtype, id)) {
    const versionId = versionIn(wc, Number(install.softwareversions_id), entityId, visible);
    moveRow(wc, installType, install, entityId, versionId === Number(install.softwareversions_id) ? {} : { softwareversions_id: versionId });
  }
  return true;
}
