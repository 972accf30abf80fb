/**
 * What an agent's inventory says about one computer, read from the XML CONTENT of a
 * FusionInventory agent (or GLPI Agent's JSON, its keys upper-cased) into plain values (the
 * parts Deskbase stores).
 */
import { isIP } from 'node:net';
import { ProtocolError, type XmlNode } from './protocol';

export interface Inventory {
  deviceid: string;
  /** The agent's own version string (VERSIONCLIENT, e.g. FusionInventory-Inventory_v2.6-3). */
  version: string;
  tag: string;
  name: string;
  serial: string;
  uuid: string;
  os: { name: string; version: string; arch: string; kernel: string } | null;
  processors: { designation: string; manufacturer: string; frequency: number; cores: number | null; threads: number | null; serial: string }[];
  memories: { designation: string; type: string; size: number; frequency: string; serial: string }[];
  disks: { name: string; device: string; mountpoint: string; filesystem: string; totalsize: number; freesize: number }[];
  /** Network interfaces, their addresses gathered (the agent sends one element per address). */
  ports: { name: string; mac: string; ips: string[]; loopback: boolean }[];
  software: { name: string; version: string; publisher: string; arch: string }[];
}

const text = (node: unknown, key: string): string => {
  if (!node || typeof node !== 'object') return '';
  const value = (node as XmlNode)[key];
  // The XML's values are strings; the JSON format's are numbers too.
  return typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
};
const int = (value: string): number => (/^\d+$/.test(value) ? Number(value) : 0);
const list = (content: XmlNode, key: string): XmlNode[] => ((content[key] as unknown[] | undefined) ?? []).filter((e): e is XmlNode => !!e && typeof e === 'object');
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
    const mac = text(net, 'MACADDR').toLowerCase();
    const port = byName.get(name) ?? { name, mac: /^0{2}(:0{2}){5}$/.test(mac) ? '' : mac, ips: [], loopback: text(net, 'TYPE') === 'loopback' };
    byName.set(name, port);
    for (const ip of [text(net, 'IPADDRESS'), text(net, 'IPADDRESS6')]) if (isIP(ip) !== 0 && !port.ips.includes(ip)) port.ips.push(ip);
  }
  return [...byName.values()];
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
    deviceid,
    version: typeof c.VERSIONCLIENT === 'string' ? c.VERSIONCLIENT : '',
    tag: tag ? text(tag, 'KEYVALUE') : '',
    name,
    serial: cleanSerial(text(bios, 'SSN')),
    uuid: text(hardware, 'UUID'),
    os: text(os, 'NAME') === '' ? null : { name: text(os, 'NAME'), version: text(os, 'VERSION'), arch: text(os, 'ARCH'), kernel: text(os, 'KERNEL_VERSION') },
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
  };
}
