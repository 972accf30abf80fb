/**
 * What an agent's inventory says about one computer (or phone), read from the XML CONTENT of a
 * FusionInventory agent (or GLPI Agent's JSON, its keys upper-cased) into plain values (the
 * parts Deskbase stores).
 */
import { isIP } from 'node:net';
import { ProtocolError, type XmlNode } from './protocol';

export interface Inventory {
  /** What reported itself: a computer, or a phone (GLPI Agent on Android). */
  itemtype: 'Computer' | 'Phone';
  deviceid: string;
  /** The agent's own version string (VERSIONCLIENT, e.g. FusionInventory-Inventory_v2.6-3). */
  version: string;
  tag: string;
  name: string;
  /** The Windows domain or workgroup (HARDWARE/WORKGROUP), for RuleImportEntity. */
  domain: string;
  /** The subnets of its addresses (NETWORKS/IPSUBNET), for RuleImportEntity. */
  subnets: string[];
  serial: string;
  uuid: string;
  /** Its maker, model, type and asset tag, from the BIOS and the hardware as GLPI reads them (empty: not said). */
  manufacturer: string;
  model: string;
  type: string;
  otherserial: string;
  os: { name: string; version: string; arch: string; kernel: string } | null;
  processors: { designation: string; manufacturer: string; frequency: number; cores: number | null; threads: number | null; serial: string }[];
  memories: { designation: string; type: string; size: number; frequency: string; serial: string }[];
  disks: { name: string; device: string; mountpoint: string; filesystem: string; totalsize: number; freesize: number }[];
  /** Network interfaces, their addresses gathered (the agent sends one element per address). */
  ports: { name: string; mac: string; ips: string[]; loopback: boolean }[];
  software: { name: string; version: string; publisher: string; arch: string }[];
  /** Other components (Item_Device*): the model's values and the link's, dropdowns by name (./store.ts resolves them). */
  components: Component[];
  /** Monitors, local printers and peripherals, connected to the computer (Computer_Item). */
  connected: { itemtype: 'Monitor' | 'Printer' | 'Peripheral'; name: string; serial: string; manufacturer: string }[];
  virtualmachines: { name: string; uuid: string; vcpu: number; ram: string; state: string; system: string; type: string; comment: string }[];
  antivirus: { name: string; manufacturer: string; version: string; signature: string; active: boolean; uptodate: boolean; expiration: string | null }[];
  remoteManagement: { type: string; id: string }[];
}

export type Values = Record<string, string | number | null>;
export interface Component {
  type: 'DeviceBattery' | 'DeviceFirmware' | 'DeviceControl' | 'DeviceGraphicCard' | 'DeviceSoundCard' | 'DeviceDrive' | 'DeviceHardDrive';
  model: Values;
  link: Values;
}

const text = (node: unknown, key: string): string => {
  if (!node || typeof node !== 'object') return '';
  const value = (node as XmlNode)[key];
  // The XML's values are strings; the JSON format's are numbers too.
  return typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
};
const int = (value: string): number => (/^\d+$/.test(value) ? Number(value) : 0);
/** A flag: JSON's booleans, the XML's 1/0 or true/false. */
const flag = (node: XmlNode, key: string): boolean => node[key] === true || /^(1|true)$/i.test(text(node, key));
/** A date as SQL's YYYY-MM-DD, from that or the agents' MM/DD/YYYY; null otherwise. */
function isoDate(value: string): string | null {
  if (/^\d{4}-\d\d-\d\d/.test(value)) return value.slice(0, 10);
  const us = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(value);
  return us ? `${us[3]}-${us[1]}-${us[2]}` : null;
}
/** The first non-empty of these keys. */
const first = (node: XmlNode, ...keys: string[]): string => keys.map((k) => text(node, k)).find((v) => v !== '') ?? '';
/** The elements of a list; one element alone (an XML list of one) is a list of one. */
const list = (content: XmlNode, key: string): XmlNode[] => {
  const value = content[key];
  return (Array.isArray(value) ? value : [value]).filter((e): e is XmlNode => !!e && typeof e === 'object' && !Array.isArray(e));
};
const one = (content: XmlNode, key: string): XmlNode => {
  const value = content[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : {};
};

/** GLPI ignores a MAC of zeros and serials the firmware fills with placeholders. */
const NO_SERIAL = /^(to be filled.*|default string|none|n\/a|0+|system serial number|not specified)$/i;
const cleanSerial = (value: string) => (NO_SERIAL.test(value) ? '' : value);

function ports(content: XmlNode): Inventory['ports'] {
  const byName = new Map<string, Inventory['ports'][number]>();
  for (const net of list(content, 'NETWORKS')) {
    const name = text(net, 'DESCRIPTION');
    if (name === '') continue;
    // MACADDR in the XML, mac in the JSON format.
    const mac = first(net, 'MACADDR', 'MAC').toLowerCase();
    const port = byName.get(name) ?? { name, mac: /^0{2}(:0{2}){5}$/.test(mac) ? '' : mac, ips: [], loopback: text(net, 'TYPE') === 'loopback' };
    byName.set(name, port);
    for (const ip of [text(net, 'IPADDRESS'), text(net, 'IPADDRESS6')]) if (isIP(ip) !== 0 && !port.ips.includes(ip)) port.ips.push(ip);
  }
  return [...byName.values()];
}

/** A removable drive (CD, DVD, Blu-ray) rather than a hard drive, by what the agent says it is, as GLPI tells them. */
const REMOVABLE = /\b(cd|dvd|blu[-\s]?ray|cd-?rom|dvd-?rom)\b/i;

function components(c: XmlNode, bios: XmlNode): Component[] {
  const out: Component[] = [];
  const firmware = (f: XmlNode, type: string): Component => ({
    type: 'DeviceFirmware',
    model: { designation: first(f, 'NAME'), manufacturers_id: text(f, 'MANUFACTURER'), version: text(f, 'VERSION') || null, date: isoDate(text(f, 'DATE')), devicefirmwaretypes_id: type, comment: text(f, 'DESCRIPTION') || null },
    link: {},
  });
  // The BIOS is a firmware of type BIOS, named after its maker (as GLPI 10 records it).
  if (text(bios, 'BVERSION') !== '') {
    out.push({
      type: 'DeviceFirmware',
      model: { designation: `${text(bios, 'BMANUFACTURER')} BIOS`.trim(), manufacturers_id: text(bios, 'BMANUFACTURER'), version: text(bios, 'BVERSION'), date: isoDate(text(bios, 'BDATE')), devicefirmwaretypes_id: 'BIOS', comment: null },
      link: {},
    });
  }
  for (const f of list(c, 'FIRMWARES')) if (text(f, 'NAME') !== '') out.push(firmware(f, text(f, 'TYPE')));
  for (const b of list(c, 'BATTERIES')) {
    if (first(b, 'NAME', 'SERIAL') === '') continue;
    out.push({
      type: 'DeviceBattery',
      model: { designation: first(b, 'NAME', 'SERIAL'), manufacturers_id: text(b, 'MANUFACTURER'), capacity: int(text(b, 'CAPACITY')) || null, voltage: int(text(b, 'VOLTAGE')) || null, devicebatterytypes_id: text(b, 'CHEMISTRY') },
      link: { serial: cleanSerial(text(b, 'SERIAL')) || null, manufacturing_date: isoDate(text(b, 'DATE')), real_capacity: int(text(b, 'REAL_CAPACITY')) },
    });
  }
  for (const ctl of list(c, 'CONTROLLERS')) {
    if (first(ctl, 'NAME', 'CAPTION') === '') continue;
    out.push({ type: 'DeviceControl', model: { designation: first(ctl, 'NAME', 'CAPTION'), manufacturers_id: text(ctl, 'MANUFACTURER') }, link: { busID: text(ctl, 'PCISLOT') || null } });
  }
  for (const v of list(c, 'VIDEOS')) {
    if (text(v, 'NAME') === '') continue;
    out.push({ type: 'DeviceGraphicCard', model: { designation: text(v, 'NAME'), chipset: text(v, 'CHIPSET') || null, memory_default: int(text(v, 'MEMORY')) }, link: { memory: int(text(v, 'MEMORY')), busID: text(v, 'PCISLOT') || null } });
  }
  for (const snd of list(c, 'SOUNDS')) {
    if (first(snd, 'NAME', 'CAPTION') === '') continue;
    out.push({ type: 'DeviceSoundCard', model: { designation: first(snd, 'NAME', 'CAPTION'), manufacturers_id: text(snd, 'MANUFACTURER'), comment: text(snd, 'DESCRIPTION') || null }, link: {} });
  }
  for (const st of list(c, 'STORAGES')) {
    const designation = first(st, 'MODEL', 'NAME');
    if (designation === '') continue;
    const removable = REMOVABLE.test([text(st, 'TYPE'), text(st, 'NAME'), text(st, 'MODEL'), text(st, 'DESCRIPTION')].join(' '));
    const serial = cleanSerial(text(st, 'SERIAL')) || null;
    out.push(
      removable
        ? { type: 'DeviceDrive', model: { designation, manufacturers_id: text(st, 'MANUFACTURER') }, link: { serial } }
        : { type: 'DeviceHardDrive', model: { designation, manufacturers_id: text(st, 'MANUFACTURER'), capacity_default: int(text(st, 'DISKSIZE')) }, link: { capacity: int(text(st, 'DISKSIZE')), serial } },
    );
  }
  return out;
}

/** USB hubs (class 9) are the bus, not a peripheral. */
const USB_HUB = '9';

function connected(c: XmlNode): Inventory['connected'] {
  const out: Inventory['connected'] = [];
  const add = (itemtype: Inventory['connected'][number]['itemtype'], node: XmlNode, name: string) => {
    if (name !== '') out.push({ itemtype, name, serial: cleanSerial(text(node, 'SERIAL')), manufacturer: text(node, 'MANUFACTURER') });
  };
  for (const m of list(c, 'MONITORS')) add('Monitor', m, first(m, 'CAPTION', 'NAME'));
  // Network printers are inventoried on their own; a computer is connected to its local ones.
  for (const p of list(c, 'PRINTERS')) if (!flag(p, 'NETWORK')) add('Printer', p, text(p, 'NAME'));
  for (const i of list(c, 'INPUTS')) add('Peripheral', i, first(i, 'CAPTION', 'NAME', 'DESCRIPTION'));
  for (const u of list(c, 'USBDEVICES')) if (text(u, 'CLASS') !== USB_HUB) add('Peripheral', u, first(u, 'NAME', 'CAPTION'));
  return out;
}

/**
 * The asset's type as GLPI 10 tells it: a virtual machine's system (HARDWARE/VMSYSTEM other than
 * Physical), else the chassis type, the BIOS's type, the board's model, the VM system.
 */
function assetType(hardware: XmlNode, bios: XmlNode): string {
  const vmsystem = text(hardware, 'VMSYSTEM');
  if (vmsystem !== '' && vmsystem !== 'Physical') return vmsystem;
  return first(hardware, 'CHASSIS_TYPE') || first(bios, 'TYPE', 'MMODEL') || vmsystem;
}

export function readInventory(request: XmlNode): Inventory {
  const deviceid = text(request, 'DEVICEID');
  if (deviceid === '') throw new ProtocolError('No DEVICEID');
  const content = request.CONTENT;
  if (!content || typeof content !== 'object' || Array.isArray(content)) throw new ProtocolError('No CONTENT');
  const c = content as XmlNode;
  const hardware = one(c, 'HARDWARE');
  const bios = one(c, 'BIOS');
  const os = one(c, 'OPERATINGSYSTEM');
  const name = text(hardware, 'NAME');
  if (name === '') throw new ProtocolError('No HARDWARE/NAME');
  const tag = list(c, 'ACCOUNTINFO').find((a) => text(a, 'KEYNAME') === 'TAG');
  return {
    itemtype: request.ITEMTYPE === 'Phone' ? 'Phone' : 'Computer',
    deviceid,
    version: typeof c.VERSIONCLIENT === 'string' ? c.VERSIONCLIENT : '',
    tag: tag ? text(tag, 'KEYVALUE') : '',
    name,
    domain: text(hardware, 'WORKGROUP'),
    subnets: [...new Set(list(c, 'NETWORKS').map((n) => text(n, 'IPSUBNET')).filter((subnet) => isIP(subnet) !== 0))],
    serial: cleanSerial(text(bios, 'SSN')),
    uuid: text(hardware, 'UUID'),
    manufacturer: first(bios, 'SMANUFACTURER', 'MMANUFACTURER', 'BMANUFACTURER'),
    model: first(bios, 'SMODEL', 'MMODEL'),
    type: assetType(hardware, bios),
    otherserial: text(bios, 'ASSETTAG'),
    // GLPI names the operating system by its full name when the agent gives one.
    os: text(os, 'NAME') === '' ? null : { name: text(os, 'FULL_NAME') || text(os, 'NAME'), version: text(os, 'VERSION'), arch: text(os, 'ARCH'), kernel: text(os, 'KERNEL_VERSION') },
    processors: list(c, 'CPUS').map((cpu) => ({
      designation: text(cpu, 'NAME'),
      manufacturer: text(cpu, 'MANUFACTURER'),
      frequency: int(text(cpu, 'SPEED')),
      cores: text(cpu, 'CORE') === '' ? null : int(text(cpu, 'CORE')),
      threads: text(cpu, 'THREAD') === '' ? null : int(text(cpu, 'THREAD')),
      serial: text(cpu, 'SERIAL'),
    })),
    memories: list(c, 'MEMORIES')
      .filter((m) => int(text(m, 'CAPACITY')) > 0)
      .map((m) => ({ designation: text(m, 'DESCRIPTION') || text(m, 'CAPTION'), type: text(m, 'TYPE'), size: int(text(m, 'CAPACITY')), frequency: text(m, 'SPEED'), serial: cleanSerial(text(m, 'SERIALNUMBER')) })),
    disks: list(c, 'DRIVES').map((d) => ({
      name: text(d, 'TYPE') || text(d, 'VOLUMN'),
      device: text(d, 'VOLUMN'),
      mountpoint: text(d, 'TYPE') || text(d, 'LETTER'),
      filesystem: text(d, 'FILESYSTEM'),
      totalsize: int(text(d, 'TOTAL')),
      freesize: int(text(d, 'FREE')),
    })),
    ports: ports(c),
    software: list(c, 'SOFTWARES')
      .filter((s) => text(s, 'NAME') !== '')
      .map((s) => ({ name: text(s, 'NAME'), version: text(s, 'VERSION'), publisher: text(s, 'PUBLISHER'), arch: text(s, 'ARCH') })),
    components: components(c, bios),
    connected: connected(c),
    virtualmachines: list(c, 'VIRTUALMACHINES')
      .filter((vm) => text(vm, 'NAME') !== '')
      .map((vm) => ({ name: text(vm, 'NAME'), uuid: text(vm, 'UUID'), vcpu: int(text(vm, 'VCPU')), ram: text(vm, 'MEMORY'), state: text(vm, 'STATUS'), system: text(vm, 'SUBSYSTEM'), type: text(vm, 'VMTYPE'), comment: text(vm, 'COMMENT') })),
    antivirus: list(c, 'ANTIVIRUS')
      .filter((av) => text(av, 'NAME') !== '')
      .map((av) => ({ name: text(av, 'NAME'), manufacturer: text(av, 'COMPANY'), version: text(av, 'VERSION'), signature: text(av, 'BASE_VERSION'), active: flag(av, 'ENABLED'), uptodate: flag(av, 'UPTODATE'), expiration: isoDate(text(av, 'EXPIRATION')) })),
    remoteManagement: list(c, 'REMOTE_MGMT')
      .filter((r) => text(r, 'ID') !== '' && text(r, 'TYPE') !== '')
      .map((r) => ({ type: text(r, 'TYPE'), id: text(r, 'ID') })),
  };
}
