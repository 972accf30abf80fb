/**
 * An inventory written as GLPI 10 writes it: the computer (or phone) found by RuleImportAsset
 * (./match.ts) or created, its agent row, operating system, processors, memory, disks, network
 * ports and installed software, every row marked `is_dynamic` = 1. A second inventory updates in
 * place: dynamic rows still reported are kept (updated when they differ), the others purged; rows
 * typed by hand that the inventory reports become dynamic (`sync`). Every write goes through the
 * generic CRUD (hooks, dictionaries, asset rules with `_auto` = 1, history lines); the caller
 * holds the transaction.
 */
import { nowString } from '../core/clock';
import type { Params } from '../core/params';
import { insertRow, selectAll, selectOne, type Row } from '../db/rows';
import { addItem, addItems, checkNewRows, columnsFromInput, deleteItem, same, updateItem, type WriteContext } from '../items/crud';
import { HISTORY, writeLog } from '../items/history';
import { itemtypeOrThrow, type Itemtype } from '../registry';
import { dictionaryChanges } from '../rules/dictionaries';
import type { Component, Inventory } from './inventory';
import { placeComputer, type Placement } from './entity';
import { matchComputer, type Refusal } from './match';
import { logRefusal } from './refused';
import { transferAsset } from './transfer';

/** GLPI 10's AutoUpdateSystem for what its native inventory writes. */
export const NATIVE_INVENTORY = 'GLPI Native Inventory';
const AGENT_TYPE_CORE = 1;

/** The dropdown ids one inventory has looked up (its 300 packages name one publisher): kept for that inventory only. */
const dropdownsSeen = new WeakMap<WriteContext, Map<string, number>>();

/** A dropdown row of this name (after its dictionary), created when missing; 0 for no name. */
export function dropdownId(wc: WriteContext, typeName: string, name: string): number {
  if (name === '') return 0;
  const seen = dropdownsSeen.get(wc) ?? new Map<string, number>();
  dropdownsSeen.set(wc, seen);
  const key = `${typeName}\u0000${name}`;
  const known = seen.get(key);
  if (known !== undefined) return known;
  const type = itemtypeOrThrow(typeName);
  const renamed = String(dictionaryChanges(wc.db, type, { name }).name ?? name);
  const found = selectOne(wc.db, `SELECT id FROM ${type.table} WHERE name = ? ORDER BY id LIMIT 1`, renamed);
  const id = found ? Number(found.id) : addItem(wc, type, { name });
  seen.set(key, id);
  return id;
}

/** The first row of `typeName` with exactly these values (a component model, a version), added when missing. */
export function modelId(wc: WriteContext, typeName: string, values: Row): number {
  const type = itemtypeOrThrow(typeName);
  const keys = Object.keys(values);
  const found = selectOne(wc.db, `SELECT id FROM ${type.table} WHERE ${keys.map((k) => `${k} IS ?`).join(' AND ')} ORDER BY id LIMIT 1`, ...keys.map((k) => values[k] as string | number | null));
  return found ? Number(found.id) : addItem(wc, type, values as Params);
}

/** `key` with the occurrence appended: several identical rows (two same processors) are told apart by their order. */
function counted(key: (row: Row) => string): (row: Row) => string {
  const seen = new Map<string, number>();
  return (row) => {
    const k = key(row);
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return `${k}#${n}`;
  };
}

/** The columns naming the asset on a row of its: most rows name it as an item, a few a computer by `computers_id`. */
type Owner = (asset: Row) => Params;
/** Rows naming their asset as an item of `itemtype`. */
export const itemOf =
  (itemtype: string): Owner =>
  (asset) => ({ itemtype, items_id: Number(asset.id) });
const byComputer: Owner = (computer) => ({ computers_id: Number(computer.id) });

interface SyncOptions {
  /** How a row names its asset. */
  owner: Owner;
  /**
   * The new rows are checked, then inserted in multi-row statements (a computer's hundreds of
   * installs); only for rows whose checks read nothing another new row writes (distinct keys, no
   * hook reading its siblings).
   */
  together?: boolean;
  /** How a row made by hand is recognised as a reported one (default: the key). */
  claim?: (row: Row) => string;
}

/**
 * Brings the rows of one kind on the asset to what the inventory reports, as GLPI 10's
 * inventory does: the dynamic row with the same key is kept (its other columns updated), new
 * keys added, the other dynamic rows purged. A row made by hand (`is_dynamic` = 0) that a
 * reported row claims becomes that dynamic row: updated in place when their keys agree, replaced
 * otherwise (a port typed without its addresses); the other hand-made rows stay as they are.
 */
export function sync(wc: WriteContext, typeName: string, computer: Row, key: (row: Row) => string, wanted: Params[], { owner, together = false, claim = key }: SyncOptions): void {
  const type = itemtypeOrThrow(typeName);
  const ownerColumns = owner(computer);
  const where = Object.keys(ownerColumns).map((column) => `${column} = ?`).join(' AND ');
  const storedKey = counted(key);
  const claimedKey = counted(claim);
  const current = new Map<string, Row>();
  const byHand = new Map<string, Row>();
  for (const row of selectAll(wc.db, `SELECT * FROM ${type.table} WHERE ${where} ORDER BY id`, ...(Object.values(ownerColumns) as (string | number)[]))) {
    if (Number(row.is_dynamic) === 1) current.set(storedKey(row), row);
    else byHand.set(claimedKey(row), row);
  }
  const entity = type.column.has('entities_id') ? { entities_id: Number(computer.entities_id) } : {};
  const wantedKey = counted(key);
  const wantedClaim = counted(claim);
  const added: Params[] = [];
  const update = (old: Row, input: Params) => {
    // Only columns: what else a row is written with (a port's addresses) is part of its key.
    const changes = Object.fromEntries(Object.entries(input).filter(([column, value]) => type.column.has(column) && !same(value, old[column])));
    // Marked dynamic, as GLPI's inventory writes: the fields locked by hand stay (./locks.ts).
    if (Object.keys(changes).length > 0 || Number(old.is_dynamic) !== 1) updateItem(wc, type, Number(old.id), { ...changes, is_dynamic: 1 } as Params);
  };
  for (const input of wanted) {
    const full: Params = { ...input, ...ownerColumns, ...entity, is_dynamic: 1 };
    const k = wantedKey(full as Row);
    const old = current.get(k);
    if (old !== undefined) {
      current.delete(k);
      update(old, input);
      continue;
    }
    const c = wantedClaim(full as Row);
    const handMade = byHand.get(c);
    if (handMade !== undefined) {
      byHand.delete(c);
      if (key(handMade) === key(full as Row)) {
        update(handMade, input);
        continue;
      }
      deleteItem(wc, type, Number(handMade.id), true);
    }
    if (together) added.push(full);
    else addItem(wc, type, full);
  }
  if (added.length > 0) addTogether(wc, type, added);
  for (const gone of current.values()) deleteItem(wc, type, Number(gone.id), true);
}

/** Adds rows as the generic add would, checked first, then inserted together; the first refusal throws. */
function addTogether(wc: WriteContext, type: Itemtype, inputs: Params[]): void {
  const contexts = inputs.map(() => wc);
  const checked = checkNewRows(contexts, type, inputs);
  const rows = checked.map((c) => {
    if ('error' in c) throw c.error;
    return c.row;
  });
  addItems(contexts, type, rows, inputs);
}

/** Where computers and phones keep their model and type. */
const MODEL_AND_TYPE: Record<Inventory['itemtype'], { model: [string, string]; type: [string, string] }> = {
  Computer: { model: ['computermodels_id', 'ComputerModel'], type: ['computertypes_id', 'ComputerType'] },
  Phone: { model: ['phonemodels_id', 'PhoneModel'], type: ['phonetypes_id', 'PhoneType'] },
};

function writeAsset(wc: WriteContext, inv: Inventory, found: number | null, placement: Placement, setup: InventorySetup): Row {
  const type = itemtypeOrThrow(inv.itemtype);
  const { model, type: kind } = MODEL_AND_TYPE[inv.itemtype];
  const values: Params = {
    name: inv.name,
    // What the inventory does not say is left as it is.
    ...(inv.manufacturer ? { manufacturers_id: dropdownId(wc, 'Manufacturer', inv.manufacturer) } : {}),
    ...(inv.model ? { [model[0]]: dropdownId(wc, model[1], inv.model) } : {}),
    ...(inv.type ? { [kind[0]]: dropdownId(wc, kind[1], inv.type) } : {}),
    ...(inv.otherserial ? { otherserial: inv.otherserial } : {}),
    ...(setup.defaultState > 0 ? { states_id: setup.defaultState } : {}),
    ...(placement.locationId !== undefined ? { locations_id: placement.locationId } : {}),
    ...(inv.serial ? { serial: inv.serial } : {}),
    ...(inv.uuid ? { uuid: inv.uuid } : {}),
    is_dynamic: 1,
    last_inventory_update: nowString(),
    autoupdatesystems_id: dropdownId(wc, 'AutoUpdateSystem', NATIVE_INVENTORY),
    _auto: 1,
  };
  // The entity rules place a new computer; one already known stays where it is.
  const id = found ?? addItem(wc, type, { ...values, entities_id: placement.entityId, ...(placement.recursive !== undefined ? { is_recursive: placement.recursive } : {}) });
  if (found !== null) updateItem(wc, type, found, values);
  return selectOne(wc.db, `SELECT * FROM ${type.table} WHERE id = ?`, id)!;
}

/** Who sent an inventory: its device id, name, version string and tag. */
type Sender = Pick<Inventory, 'deviceid' | 'name' | 'version' | 'tag'>;

/** The sender's Agent row (by device id), naming the asset `itemtype` #`asset.id` it inventoried. */
export function writeAgent(wc: WriteContext, inv: Sender, itemtype: string, asset: Row, call: AgentCallInfo): number {
  const type = itemtypeOrThrow('Agent');
  const values: Params = {
    name: inv.name,
    version: inv.version.replace(/^.*_v/, ''),
    last_contact: nowString(),
    useragent: call.useragent,
    tag: inv.tag || null,
    itemtype,
    items_id: Number(asset.id),
    entities_id: Number(asset.entities_id),
    remote_addr: call.remoteAddr,
  };
  const old = selectOne(wc.db, 'SELECT id FROM glpi_agents WHERE deviceid = ?', inv.deviceid);
  if (old) {
    updateItem(wc, type, Number(old.id), values);
    return Number(old.id);
  }
  // Agents are created by the inventory only (GLPI's agent right has no CREATE bit): checked and
  // inserted here as the generic add would, without the right.
  const id = insertRow(wc.db, type.table, columnsFromInput(type, { ...values, deviceid: inv.deviceid, agenttypes_id: AGENT_TYPE_CORE }));
  writeLog(wc.db, wc.actor, { itemtype: type.name, itemsId: id, action: HISTORY.CREATE_ITEM });
  return id;
}

function writeOperatingSystem(wc: WriteContext, inv: Inventory, computer: Row): void {
  const os = inv.os;
  const wanted = os
    ? [
        {
          operatingsystems_id: dropdownId(wc, 'OperatingSystem', os.name),
          operatingsystemversions_id: dropdownId(wc, 'OperatingSystemVersion', os.version),
          operatingsystemarchitectures_id: dropdownId(wc, 'OperatingSystemArchitecture', os.arch),
          operatingsystemkernelversions_id: dropdownId(wc, 'OperatingSystemKernelVersion', os.kernel),
        },
      ]
    : [];
  // One operating system per computer: the row is kept and updated whatever it names.
  sync(wc, 'Item_OperatingSystem', computer, () => 'os', wanted, { owner: itemOf(inv.itemtype) });
}

function writeComponents(wc: WriteContext, inv: Inventory, computer: Row, setup: InventorySetup): void {
  if (setup.imports('component_processor')) writeProcessors(wc, inv, computer);
  if (setup.imports('component_memory')) writeMemories(wc, inv, computer);
}

function writeProcessors(wc: WriteContext, inv: Inventory, computer: Row): void {
  const processors = inv.processors.map((cpu) => ({
    deviceprocessors_id: modelId(wc, 'DeviceProcessor', {
      designation: cpu.designation,
      manufacturers_id: dropdownId(wc, 'Manufacturer', cpu.manufacturer),
      frequency_default: cpu.frequency,
      nbcores_default: cpu.cores,
      nbthreads_default: cpu.threads,
    }),
    frequency: cpu.frequency,
    nbcores: cpu.cores,
    nbthreads: cpu.threads,
    serial: cpu.serial || null,
  }));
  sync(wc, 'Item_DeviceProcessor', computer, (row) => String(row.deviceprocessors_id), processors, { owner: itemOf(inv.itemtype) });
}

function writeMemories(wc: WriteContext, inv: Inventory, computer: Row): void {
  const memories = inv.memories.map((m) => ({
    devicememories_id: modelId(wc, 'DeviceMemory', {
      designation: m.designation || m.type || 'Memory',
      devicememorytypes_id: dropdownId(wc, 'DeviceMemoryType', m.type),
      frequence: m.frequency || null,
      size_default: m.size,
    }),
    size: m.size,
    serial: m.serial || null,
  }));
  sync(wc, 'Item_DeviceMemory', computer, (row) => String(row.devicememories_id), memories, { owner: itemOf(inv.itemtype) });
}

function writeDisks(wc: WriteContext, inv: Inventory, computer: Row): void {
  const disks = inv.disks.map((d) => ({
    name: d.name,
    device: d.device,
    mountpoint: d.mountpoint,
    filesystems_id: dropdownId(wc, 'Filesystem', d.filesystem),
    totalsize: d.totalsize,
    freesize: d.freesize,
  }));
  sync(wc, 'Item_Disk', computer, (row) => `${String(row.mountpoint)}|${String(row.device)}`, disks, { owner: itemOf(inv.itemtype) });
}

/** A port's addresses as stored: through its network names. */
export function portAddresses(wc: WriteContext, portId: number): string[] {
  return selectAll(
    wc.db,
    `SELECT a.name FROM glpi_networknames n JOIN glpi_ipaddresses a ON a.itemtype = 'NetworkName' AND a.items_id = n.id
     WHERE n.itemtype = 'NetworkPort' AND n.items_id = ? ORDER BY a.name`,
    portId,
  ).map((r) => String(r.name));
}

function writePorts(wc: WriteContext, inv: Inventory, computer: Row): void {
  // A port is the same while its name, MAC and addresses are: any change replaces it.
  const key = (row: Row) => {
    // A stored port (it has an id) has its addresses in rows; a reported one in its input.
    const ips = row.id === undefined ? ((row.NetworkName__ipaddresses as string[] | undefined) ?? []) : portAddresses(wc, Number(row.id));
    return `${String(row.name)}|${String(row.mac ?? '')}|${[...ips].sort().join(',')}`;
  };
  const ports = inv.ports.map((p, i) => ({
    name: p.name,
    mac: p.mac || null,
    logical_number: i + 1,
    instantiation_type: p.loopback ? 'NetworkPortLocal' : 'NetworkPortEthernet',
    ...(p.ips.length > 0 ? { NetworkName_name: p.name, NetworkName__ipaddresses: p.ips } : {}),
  }));
  // A port typed by hand is the reported one of the same name and MAC.
  sync(wc, 'NetworkPort', computer, key, ports, { owner: itemOf(inv.itemtype), claim: (row) => `${String(row.name)}|${String(row.mac ?? '').toLowerCase()}` });
}

/** A text as SQLite's NOCASE compares it (GLPI's varchar columns): ASCII letters folded. */
const nocase = (value: unknown) => String(value ?? '').replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * Rows of `table` whose `column` is one of `values`, read in one statement: json_each binds the
 * list, and CROSS JOIN keeps it the outer loop, so each value is one lookup in the column's index.
 */
function rowsWhereIn(wc: WriteContext, table: string, columns: string, column: string, values: (string | number)[], where: string, ...args: (string | number)[]): Row[] {
  if (values.length === 0) return [];
  return selectAll(wc.db, `SELECT ${columns} FROM json_each(?) j CROSS JOIN ${table} t ON t.${column} = j.value WHERE ${where} ORDER BY t.id`, JSON.stringify(values), ...args);
}

/**
 * The software rows (after the dictionary) of every package, looked up together, the missing ones
 * added: a package is named by its dictionary's output, as the generic add renames it.
 */
function softwareIds(wc: WriteContext, packages: Inventory['software'], entityId: number): number[] {
  const softwareType = itemtypeOrThrow('Software');
  const named = packages.map((s) => ({ name: s.name, manufacturers_id: dropdownId(wc, 'Manufacturer', s.publisher), entities_id: entityId }));
  const targets = named.map((n) => ({ ...n, ...dictionaryChanges(wc.db, softwareType, n) }));
  const key = (name: unknown, manufacturerId: unknown) => `${nocase(name)}\u0000${Number(manufacturerId)}`;
  const found = new Map<string, number>();
  const names = [...new Set(targets.map((t) => String(t.name)))];
  for (const row of rowsWhereIn(wc, 'glpi_softwares', 't.id, t.name, t.manufacturers_id', 'name', names, 't.entities_id = ? AND t.is_deleted = 0 AND t.is_template = 0', entityId)) {
    const k = key(row.name, row.manufacturers_id);
    if (!found.has(k)) found.set(k, Number(row.id));
  }
  return targets.map((target, i) => {
    const k = key(target.name, target.manufacturers_id);
    const known = found.get(k);
    if (known !== undefined) return known;
    const id = addItem(wc, softwareType, named[i] as Params);
    found.set(k, id);
    return id;
  });
}

function writeSoftware(wc: WriteContext, inv: Inventory, computer: Row): void {
  const versionType = itemtypeOrThrow('SoftwareVersion');
  const entityId = Number(computer.entities_id);
  const softwares = softwareIds(wc, inv.software, entityId);
  const key = (softwareId: unknown, name: unknown, arch: unknown) => `${Number(softwareId)}\u0000${nocase(name)}\u0000${arch === null || arch === undefined ? '\u0001' : nocase(arch)}`;
  const found = new Map<string, number>();
  for (const row of rowsWhereIn(wc, 'glpi_softwareversions', 't.id, t.softwares_id, t.name, t.arch', 'softwares_id', [...new Set(softwares)], 't.entities_id = ?', entityId)) {
    const k = key(row.softwares_id, row.name, row.arch);
    if (!found.has(k)) found.set(k, Number(row.id));
  }
  const versions = new Map<number, Params>();
  inv.software.forEach((s, i) => {
    const values = { softwares_id: softwares[i]!, name: s.version, arch: s.arch || null, entities_id: entityId };
    const k = key(values.softwares_id, values.name, values.arch);
    let versionId = found.get(k);
    if (versionId === undefined) found.set(k, (versionId = addItem(wc, versionType, values)));
    versions.set(versionId, { softwareversions_id: versionId });
  });
  sync(wc, 'Item_SoftwareVersion', computer, (row) => String(row.softwareversions_id), [...versions.values()], { owner: itemOf(inv.itemtype), together: true });
}

/** The dropdowns a component's model names, by their foreign key. */
const DROPDOWN_OF: Record<string, string> = { manufacturers_id: 'Manufacturer', devicebatterytypes_id: 'DeviceBatteryType', devicefirmwaretypes_id: 'DeviceFirmwareType' };
/** Each other component, with the inventory setting that imports it (firmwares always are, as in GLPI). */
const OTHER_COMPONENTS: Record<Component['type'], string | null> = {
  DeviceFirmware: null,
  DeviceBattery: 'component_battery',
  DeviceControl: 'component_control',
  DeviceGraphicCard: 'component_graphiccard',
  DeviceSoundCard: 'component_soundcard',
  DeviceDrive: 'component_drive',
  DeviceHardDrive: 'component_harddrive',
};

function writeOtherComponents(wc: WriteContext, inv: Inventory, computer: Row, setup: InventorySetup): void {
  for (const [typeName, setting] of Object.entries(OTHER_COMPONENTS) as [Component['type'], string | null][]) {
    if (setting !== null && !setup.imports(setting)) continue;
    const fk = `${itemtypeOrThrow(typeName).table.replace(/^glpi_/, '')}_id`;
    const wanted = inv.components
      .filter((c) => c.type === typeName)
      .map((c) => {
        const model = Object.fromEntries(Object.entries(c.model).map(([column, value]) => [column, column in DROPDOWN_OF ? dropdownId(wc, DROPDOWN_OF[column]!, String(value ?? '')) : value]));
        return { [fk]: modelId(wc, typeName, model), ...c.link } as Params;
      });
    sync(wc, `Item_${typeName}`, computer, (row) => String(row[fk]), wanted, { owner: itemOf(inv.itemtype) });
  }
}

function writeVirtualMachines(wc: WriteContext, inv: Inventory, computer: Row): void {
  const wanted = inv.virtualmachines.map((vm) => ({
    name: vm.name,
    uuid: vm.uuid,
    vcpu: vm.vcpu,
    ram: vm.ram,
    virtualmachinestates_id: dropdownId(wc, 'VirtualMachineState', vm.state),
    virtualmachinesystems_id: dropdownId(wc, 'VirtualMachineSystem', vm.system),
    virtualmachinetypes_id: dropdownId(wc, 'VirtualMachineType', vm.type),
    comment: vm.comment || null,
  }));
  // A virtual machine is the same while its UUID is (its name when it has none).
  sync(wc, 'ComputerVirtualMachine', computer, (row) => String(row.uuid || row.name), wanted, { owner: byComputer });
}

/** What a virtual machine says of itself, read as an inventory of its own (no agent runs in it). */
function vmInventory(vm: Inventory['virtualmachines'][number]): Inventory {
  const ram = Number.parseInt(vm.ram, 10);
  const none = { itemtype: 'Computer' as const, deviceid: '', version: '', tag: '', domain: '', subnets: [], serial: '', manufacturer: '', model: '', type: '', otherserial: '', os: null, disks: [], ports: [], software: [], components: [], connected: [], virtualmachines: [], antivirus: [], remoteManagement: [] };
  return {
    ...none,
    name: vm.name,
    uuid: vm.uuid,
    processors: vm.vcpu > 0 ? [{ designation: 'Virtual processor', manufacturer: '', frequency: 0, cores: vm.vcpu, threads: null, serial: '' }] : [],
    memories: ram > 0 ? [{ designation: 'Virtual memory', type: '', size: ram, frequency: '', serial: '' }] : [],
  };
}

/**
 * GLPI's `vm_as_computer`: each virtual machine with a UUID is also a computer, the one with that
 * UUID (case aside) or one RuleImportAsset finds or imports, in the host's entity and location,
 * of the `vm_type` computer type when set; with `vm_components`, its virtual processor and memory
 * as components.
 */
function writeVmComputers(wc: WriteContext, inv: Inventory, host: Row, setup: InventorySetup): void {
  const type = itemtypeOrThrow('Computer');
  for (const vm of inv.virtualmachines.filter((v) => v.uuid !== '')) {
    const vmInv = vmInventory(vm);
    let id = Number(selectOne(wc.db, 'SELECT id FROM glpi_computers WHERE lower(uuid) = lower(?) AND is_deleted = 0 AND is_template = 0 ORDER BY id LIMIT 1', vm.uuid)?.id ?? 0);
    if (id === 0) {
      const match = matchComputer(wc.db, vmInv, Number(host.entities_id));
      if ('refusedBy' in match) continue;
      id = match.computerId ?? 0;
    }
    const values: Params = {
      name: vm.name,
      uuid: vm.uuid,
      locations_id: Number(host.locations_id),
      ...(setup.vmType > 0 ? { computertypes_id: setup.vmType } : {}),
      is_dynamic: 1,
      autoupdatesystems_id: Number(host.autoupdatesystems_id),
      _auto: 1,
    };
    if (id === 0) id = addItem(wc, type, { ...values, entities_id: Number(host.entities_id) });
    else updateItem(wc, type, id, values);
    if (!setup.imports('vm_components')) continue;
    const computer = selectOne(wc.db, 'SELECT * FROM glpi_computers WHERE id = ?', id)!;
    writeProcessors(wc, vmInv, computer);
    writeMemories(wc, vmInv, computer);
  }
}

function writeAntivirus(wc: WriteContext, inv: Inventory, computer: Row): void {
  const wanted = inv.antivirus.map((av) => ({
    name: av.name,
    manufacturers_id: dropdownId(wc, 'Manufacturer', av.manufacturer),
    antivirus_version: av.version || null,
    signature_version: av.signature || null,
    is_active: av.active ? 1 : 0,
    is_uptodate: av.uptodate ? 1 : 0,
    date_expiration: av.expiration ? `${av.expiration} 00:00:00` : null,
  }));
  sync(wc, 'ComputerAntivirus', computer, (row) => String(row.name), wanted, { owner: byComputer });
}

function writeRemoteManagement(wc: WriteContext, inv: Inventory, computer: Row): void {
  const wanted = inv.remoteManagement.map((r) => ({ type: r.type, remoteid: r.id }));
  sync(wc, 'Item_RemoteManagement', computer, (row) => `${String(row.type)}|${String(row.remoteid)}`, wanted, { owner: itemOf(inv.itemtype) });
}

type Device = Inventory['connected'][number];
const CONNECTION_SETTING: Record<string, string> = { Monitor: 'import_monitor', Printer: 'import_printer', Peripheral: 'import_peripheral' };
const deviceKey = (itemtype: string, serial: unknown, name: unknown) => `${itemtype}|${serial ? `serial:${String(serial)}` : `name:${String(name)}`}`;

/** The item a reported device is: the one this computer is already connected to, else a live one with its serial, else a new one. */
function deviceItem(wc: WriteContext, device: Device, computer: Row, linked: Map<string, number[]>): number {
  const type = itemtypeOrThrow(device.itemtype);
  const values: Params = { name: device.name, manufacturers_id: dropdownId(wc, 'Manufacturer', device.manufacturer), ...(device.serial ? { serial: device.serial } : {}) };
  const known =
    linked.get(deviceKey(device.itemtype, device.serial, device.name))?.shift() ??
    (device.serial ? selectOne(wc.db, `SELECT id FROM ${type.table} WHERE serial = ? AND is_deleted = 0 AND is_template = 0 ORDER BY id LIMIT 1`, device.serial)?.id : undefined);
  if (known === undefined) {
    return addItem(wc, type, { ...values, entities_id: Number(computer.entities_id), is_dynamic: 1, autoupdatesystems_id: computer.autoupdatesystems_id as number, _auto: 1 });
  }
  const old = selectOne(wc.db, `SELECT * FROM ${type.table} WHERE id = ?`, Number(known))!;
  const changes = Object.fromEntries(Object.entries(values).filter(([column, value]) => !same(value, old[column])));
  if (Object.keys(changes).length > 0) updateItem(wc, type, Number(known), { ...changes, is_dynamic: 1 } as Params);
  return Number(known);
}

/** Monitors, local printers and peripherals, connected to the computer; a device no longer reported is disconnected (the item stays). */
function writeConnections(wc: WriteContext, inv: Inventory, computer: Row, setup: InventorySetup): void {
  const linked = new Map<string, number[]>();
  const links = selectAll(wc.db, 'SELECT itemtype, items_id FROM glpi_computers_items WHERE computers_id = ? AND is_dynamic = 1 ORDER BY id', Number(computer.id));
  const imported = (itemtype: string) => setup.imports(CONNECTION_SETTING[itemtype] ?? '');
  for (const link of links.filter((l) => imported(String(l.itemtype)))) {
    const type = itemtypeOrThrow(String(link.itemtype));
    const item = selectOne(wc.db, `SELECT name, serial FROM ${type.table} WHERE id = ?`, Number(link.items_id));
    if (!item) continue;
    const k = deviceKey(type.name, item.serial, item.name);
    linked.set(k, [...(linked.get(k) ?? []), Number(link.items_id)]);
  }
  const wanted = [
    ...inv.connected.filter((device) => imported(device.itemtype)).map((device) => ({ itemtype: device.itemtype, items_id: deviceItem(wc, device, computer, linked) })),
    // The types not imported keep their connections as they are.
    ...links.filter((l) => !imported(String(l.itemtype))).map((l) => ({ itemtype: String(l.itemtype), items_id: Number(l.items_id) })),
  ];
  sync(wc, 'Computer_Item', computer, (row) => `${String(row.itemtype)}|${String(row.items_id)}`, wanted, { owner: byComputer });
}

/** What the request says of the agent that sent it. */
export interface AgentCallInfo {
  useragent: string;
  remoteAddr: string;
}

/** What the inventory configuration (context `inventory`) asks of each inventory. */
export interface InventorySetup {
  defaultEntity: number;
  /** The state given to inventoried computers (0: none). */
  defaultState: number;
  /** The computer type of virtual machines imported as computers (0: none). */
  vmType: number;
  /** Whether an `import_*` or `component_*` setting is on. */
  imports: (setting: string) => boolean;
}

/**
 * Writes one inventory; answers the computer's and agent's ids, or why the import rules refused
 * it (then only the refusal is logged). Call inside a transaction.
 */
export function storeInventory(wc: WriteContext, inv: Inventory, call: AgentCallInfo, setup: InventorySetup): { computerId: number; agentId: number } | Refusal {
  const refused = (refusal: Refusal) => {
    const device = { deviceid: inv.deviceid, itemtype: inv.itemtype, name: inv.name, serial: inv.serial, uuid: inv.uuid, ips: inv.ports.flatMap((p) => p.ips), macs: inv.ports.map((p) => p.mac).filter((mac) => mac !== '') };
    logRefusal(wc, device, refusal, dropdownId(wc, 'AutoUpdateSystem', NATIVE_INVENTORY));
    return refusal;
  };
  const placement = placeComputer(wc.db, inv, setup.defaultEntity);
  if ('refusedBy' in placement) return refused(placement);
  const match = matchComputer(wc.db, inv, placement.entityId);
  if ('refusedBy' in match) return refused(match);
  // A known computer the entity rules place elsewhere moves there when its entity says so (./transfer.ts).
  if (match.computerId !== null && placement.ruled) transferAsset(wc, inv.itemtype, match.computerId, placement.entityId);
  const computer = writeAsset(wc, inv, match.computerId, placement, setup);
  const agentId = writeAgent(wc, inv, inv.itemtype, computer, call);
  writeOperatingSystem(wc, inv, computer);
  writeComponents(wc, inv, computer, setup);
  if (setup.imports('import_volume')) writeDisks(wc, inv, computer);
  writePorts(wc, inv, computer);
  if (setup.imports('import_software')) writeSoftware(wc, inv, computer);
  writeOtherComponents(wc, inv, computer, setup);
  writeRemoteManagement(wc, inv, computer);
  // Virtual machines, antivirus and connected devices are a computer's (GLPI's phones have none).
  if (inv.itemtype === 'Computer') {
    if (setup.imports('import_vm')) writeVirtualMachines(wc, inv, computer);
    if (setup.imports('import_vm') && setup.imports('vm_as_computer')) writeVmComputers(wc, inv, computer, setup);
    if (setup.imports('import_antivirus')) writeAntivirus(wc, inv, computer);
    writeConnections(wc, inv, computer, setup);
  }
  return { computerId: Number(computer.id), agentId };
}
