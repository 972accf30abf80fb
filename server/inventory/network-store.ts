/**
 * A network inventory written as GLPI 10 writes it: the network equipment, printer or IP phone found by
 * RuleImportAsset (./match.ts: GLPI's rules of that type, by serial) or created, placed by
 * RuleImportEntity (a known one transferred as a computer is, ./transfer.ts), marked dynamic with
 * the "GLPI Native Inventory" source; its agent row; its firmwares (`Item_DeviceFirmware`); its
 * network ports (by logical number: name, MAC, counters and states, addresses) and, when the
 * device reports addresses of its own, the "Management" port (an aggregate, logical number 0)
 * that carries them, as GLPI's; each port's VLANs (found by name and number, or created); a
 * printer's total page counter. Counters change at every
 * inventory: the ports are written without history lines. The caller holds the transaction.
 */
import { nowString } from '../core/clock';
import type { Params } from '../core/params';
import { selectAll, selectOne, type Row } from '../db/rows';
import { addItem, deleteItem, updateItem, type WriteContext } from '../items/crud';
import { itemtypeOrThrow } from '../registry';
import { placeAsset } from './entity';
import { matchAsset, type Refusal } from './match';
import type { NetworkDevice, NetworkItemtype, NetworkPortReport } from './network-device';
import { logRefusal } from './refused';
import { dropdownId, itemOf, modelId, NATIVE_INVENTORY, portAddresses, sync, writeAgent, type AgentCallInfo, type InventorySetup } from './store';
import { transferAsset } from './transfer';

/** Where each type keeps its model, its type and its memory. */
const COLUMNS: Record<NetworkItemtype, { model: [string, string]; type: [string, string] | null; ram: string | null }> = {
  NetworkEquipment: { model: ['networkequipmentmodels_id', 'NetworkEquipmentModel'], type: ['networkequipmenttypes_id', 'NetworkEquipmentType'], ram: 'ram' },
  Printer: { model: ['printermodels_id', 'PrinterModel'], type: null, ram: 'memory_size' },
  Phone: { model: ['phonemodels_id', 'PhoneModel'], type: ['phonetypes_id', 'PhoneType'], ram: null },
};
/** The port GLPI gives a device's own addresses. */
const MANAGEMENT = 'Management';
const MBIT = 1_000_000;

function writeItem(wc: WriteContext, dev: NetworkDevice, found: number | null, placement: { entityId: number; locationId?: number; recursive?: number }, setup: InventorySetup): Row {
  const type = itemtypeOrThrow(dev.itemtype);
  const columns = COLUMNS[dev.itemtype];
  const reported: Params = {
    name: dev.name,
    ...(dev.serial ? { serial: dev.serial } : {}),
    manufacturers_id: dropdownId(wc, 'Manufacturer', dev.manufacturer),
    [columns.model[0]]: dropdownId(wc, columns.model[1], dev.model),
    ...(columns.type ? { [columns.type[0]]: dropdownId(wc, columns.type[1], dev.type) } : {}),
    ...(dev.ram !== null && columns.ram ? { [columns.ram]: String(dev.ram) } : {}),
    ...(dev.uptime ? { uptime: dev.uptime } : {}),
    ...(dev.description ? { sysdescr: dev.description } : {}),
    ...(dev.pages !== null ? { last_pages_counter: dev.pages } : {}),
    ...(setup.defaultState > 0 ? { states_id: setup.defaultState } : {}),
    ...(placement.locationId !== undefined ? { locations_id: placement.locationId } : {}),
    is_dynamic: 1,
    last_inventory_update: nowString(),
    autoupdatesystems_id: dropdownId(wc, 'AutoUpdateSystem', NATIVE_INVENTORY),
    _auto: 1,
  };
  // What the type has a column for (a phone keeps no uptime, description or page counter).
  const values = Object.fromEntries(Object.entries(reported).filter(([column]) => column.startsWith('_') || type.column.has(column)));
  const id = found ?? addItem(wc, type, { ...values, entities_id: placement.entityId, ...(placement.recursive !== undefined ? { is_recursive: placement.recursive } : {}) });
  if (found !== null) updateItem(wc, type, found, values);
  return selectOne(wc.db, `SELECT * FROM ${type.table} WHERE id = ?`, id)!;
}

function writeFirmwares(wc: WriteContext, dev: NetworkDevice, item: Row): void {
  const wanted = dev.firmwares.map((f) => ({
    devicefirmwares_id: modelId(wc, 'DeviceFirmware', {
      designation: f.name,
      manufacturers_id: dropdownId(wc, 'Manufacturer', f.manufacturer),
      version: f.version || null,
      date: f.date,
      devicefirmwaretypes_id: dropdownId(wc, 'DeviceFirmwareType', f.type),
      comment: f.description || null,
    }),
  }));
  sync(wc, 'Item_DeviceFirmware', item, (row) => String(row.devicefirmwares_id), wanted, { owner: itemOf(dev.itemtype) });
}

function writePorts(wc: WriteContext, dev: NetworkDevice, item: Row): void {
  const reported = [
    ...(dev.ips.length > 0 ? [{ name: MANAGEMENT, logical_number: 0, mac: dev.mac, ips: dev.ips, instantiation_type: 'NetworkPortAggregate', vlans: [], columns: {} }] : []),
    ...dev.ports,
  ];
  const wanted = reported.map((p) => ({
    name: p.name,
    logical_number: p.logical_number,
    mac: p.mac || null,
    instantiation_type: p.instantiation_type,
    ...p.columns,
    ...(p.instantiation_type === 'NetworkPortEthernet' ? { speed: Math.round(Number(p.columns.ifspeed ?? 0) / MBIT) } : {}),
    ...(p.ips.length > 0 ? { NetworkName_name: p.name, NetworkName__ipaddresses: p.ips } : {}),
  }));
  // A port is the same while its number, name, MAC and addresses are: any change of those replaces it.
  const key = (row: Row) => {
    const ips = row.id === undefined ? ((row.NetworkName__ipaddresses as string[] | undefined) ?? []) : portAddresses(wc, Number(row.id));
    return `${String(row.logical_number)}|${String(row.name)}|${String(row.mac ?? '')}|${[...ips].sort().join(',')}`;
  };
  const quiet = { ...wc, history: false };
  sync(quiet, 'NetworkPort', item, key, wanted, { owner: itemOf(dev.itemtype), claim: (row) => `${String(row.logical_number)}|${String(row.name)}` });
  writeVlans(quiet, dev, item, reported);
}

/** The VLAN of this name and number, created in the device's entity when missing. */
function vlanId(wc: WriteContext, vlan: NetworkPortReport['vlans'][number], entityId: number, seen: Map<string, number>): number {
  const k = `${vlan.name}\u0000${vlan.tag}`;
  const known = seen.get(k) ?? Number(selectOne(wc.db, 'SELECT id FROM glpi_vlans WHERE name IS ? AND tag = ? ORDER BY id LIMIT 1', vlan.name || null, vlan.tag)?.id ?? 0);
  const id = known || addItem(wc, itemtypeOrThrow('Vlan'), { name: vlan.name, tag: vlan.tag, entities_id: entityId });
  seen.set(k, id);
  return id;
}

/** Each dynamic port's VLANs (NetworkPort_Vlan, by VLAN): the reported ones linked, the others unlinked. */
function writeVlans(wc: WriteContext, dev: NetworkDevice, item: Row, reported: NetworkPortReport[]): void {
  const linkType = itemtypeOrThrow('NetworkPort_Vlan');
  const seen = new Map<string, number>();
  const ports = selectAll(wc.db, 'SELECT id, logical_number FROM glpi_networkports WHERE itemtype = ? AND items_id = ? AND is_dynamic = 1 ORDER BY id', dev.itemtype, Number(item.id));
  for (const port of ports) {
    const vlans = reported.find((p) => p.logical_number === Number(port.logical_number))?.vlans ?? [];
    const wanted = new Map(vlans.map((v) => [vlanId(wc, v, Number(item.entities_id), seen), v.tagged ? 1 : 0]));
    for (const link of selectAll(wc.db, 'SELECT id, vlans_id, tagged FROM glpi_networkports_vlans WHERE networkports_id = ? ORDER BY id', Number(port.id))) {
      const tagged = wanted.get(Number(link.vlans_id));
      if (tagged === undefined) deleteItem(wc, linkType, Number(link.id), true);
      else if (tagged !== Number(link.tagged)) updateItem(wc, linkType, Number(link.id), { tagged });
      wanted.delete(Number(link.vlans_id));
    }
    for (const [vlansId, tagged] of wanted) addItem(wc, linkType, { networkports_id: Number(port.id), vlans_id: vlansId, tagged });
  }
}

/**
 * Writes one network inventory; answers the item's and agent's ids, or why the import rules
 * refused it (then only the refusal is logged). Call inside a transaction.
 */
export function storeNetworkDevice(wc: WriteContext, dev: NetworkDevice, call: AgentCallInfo, setup: InventorySetup): { itemId: number; agentId: number } | Refusal {
  const macs = [...new Set([dev.mac, ...dev.ports.map((p) => p.mac)].filter((mac) => mac !== ''))];
  const refused = (refusal: Refusal) => {
    logRefusal(wc, { deviceid: dev.deviceid, itemtype: dev.itemtype, name: dev.name, serial: dev.serial, uuid: '', ips: dev.ips, macs }, refusal, dropdownId(wc, 'AutoUpdateSystem', NATIVE_INVENTORY));
    return refusal;
  };
  const placement = placeAsset(wc.db, { itemtype: dev.itemtype, tag: dev.tag, ip: dev.ips, name: dev.name, serial: dev.serial }, setup.defaultEntity);
  if ('refusedBy' in placement) return refused(placement);
  const match = matchAsset(wc.db, { itemtype: dev.itemtype, name: dev.name, serial: dev.serial, mac: macs, ip: dev.ips, device_id: dev.deviceid, tag: dev.tag }, placement.entityId);
  if ('refusedBy' in match) return refused(match);
  if (match.computerId !== null && placement.ruled) transferAsset(wc, dev.itemtype, match.computerId, placement.entityId);
  const item = writeItem(wc, dev, match.computerId, placement, setup);
  const agentId = writeAgent(wc, dev, dev.itemtype, item, call);
  writeFirmwares(wc, dev, item);
  writePorts(wc, dev, item);
  return { itemId: Number(item.id), agentId };
}
