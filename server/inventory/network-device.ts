/**
 * What a network inventory (GLPI Agent's `netinventory`, or an `inventory` of another itemtype)
 * says about a network equipment, printer or IP phone, read from the published inventory format's
 * `network_device`, `network_ports`, `firmwares` and `pagecounters` into plain values.
 */
import { isIP } from 'node:net';
import { ProtocolError } from './protocol';

/** The itemtypes a network inventory writes. */
export const NETWORK_ITEMTYPES = ['NetworkEquipment', 'Printer', 'Phone'] as const;
export type NetworkItemtype = (typeof NETWORK_ITEMTYPES)[number];

export interface NetworkPortReport {
  name: string;
  logical_number: number;
  mac: string;
  ips: string[];
  instantiation_type: string;
  /** The VLANs it carries (name and number; tagged or not). */
  vlans: { name: string; tag: number; tagged: boolean }[];
  /** The port's counters and states, by glpi_networkports column. */
  columns: Record<string, string | number | null>;
}

export interface NetworkDevice {
  itemtype: NetworkItemtype;
  deviceid: string;
  version: string;
  tag: string;
  name: string;
  serial: string;
  mac: string;
  ips: string[];
  manufacturer: string;
  model: string;
  type: string;
  ram: number | null;
  uptime: string;
  description: string;
  firmwares: { name: string; manufacturer: string; version: string; date: string | null; type: string; description: string }[];
  ports: NetworkPortReport[];
  /** A printer's total page counter (null: not reported). */
  pages: number | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const str = (node: Json, key: string): string => {
  const value = node[key];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
};
const num = (node: Json, key: string): number | null => {
  const value = node[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : /^\d+$/.test(str(node, key)) ? Number(str(node, key)) : null;
};
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const addresses = (value: unknown): string[] => [...new Set((Array.isArray(value) ? value : []).filter((ip): ip is string => typeof ip === 'string' && isIP(ip) !== 0))];
const isoDate = (value: string): string | null => (/^\d{4}-\d\d-\d\d/.test(value) ? value.slice(0, 10) : null);

/** A port's kind by its IANA ifType, as GLPI instantiates it (anything else: Ethernet). */
const INSTANTIATION: Record<number, string> = { 24: 'NetworkPortLocal', 56: 'NetworkPortFiberchannel', 71: 'NetworkPortWifi', 161: 'NetworkPortAggregate' };

function port(p: Json): NetworkPortReport {
  const mac = str(p, 'mac').toLowerCase();
  return {
    name: str(p, 'ifname') || str(p, 'ifdescr') || String(num(p, 'ifnumber') ?? ''),
    logical_number: num(p, 'ifnumber') ?? 0,
    mac: /^0{2}(:0{2}){5}$/.test(mac) ? '' : mac,
    ips: addresses(p.ips),
    instantiation_type: INSTANTIATION[num(p, 'iftype') ?? 0] ?? 'NetworkPortEthernet',
    vlans: objects(p.vlans)
      .filter((v) => str(v, 'name') !== '' || num(v, 'number') !== null)
      .map((v) => ({ name: str(v, 'name'), tag: num(v, 'number') ?? 0, tagged: v.tagged === true || str(v, 'tagged') === '1' })),
    columns: {
      ifdescr: str(p, 'ifdescr') || null,
      ifalias: str(p, 'ifalias') || null,
      ifmtu: num(p, 'ifmtu') ?? 0,
      ifspeed: num(p, 'ifspeed') ?? 0,
      ifstatus: str(p, 'ifstatus') || null,
      ifinternalstatus: str(p, 'ifinternalstatus') || null,
      iflastchange: str(p, 'iflastchange') || null,
      ifinbytes: num(p, 'ifinbytes') ?? 0,
      ifoutbytes: num(p, 'ifoutbytes') ?? 0,
      ifinerrors: num(p, 'ifinerrors') ?? 0,
      ifouterrors: num(p, 'ifouterrors') ?? 0,
      portduplex: str(p, 'ifportduplex') || null,
      trunk: p.trunk === true ? 1 : 0,
    },
  };
}

/** The network device of a JSON request of `itemtype` (already checked against the format). */
export function readNetworkDevice(itemtype: NetworkItemtype, deviceid: string, body: Json): NetworkDevice {
  const content = body.content;
  if (!isObject(content)) throw new ProtocolError('No content');
  const device = content.network_device;
  if (!isObject(device)) throw new ProtocolError('No content/network_device');
  const pages = isObject(content.pagecounters) ? num(content.pagecounters, 'total') : null;
  const ram = num(device, 'ram');
  return {
    itemtype,
    deviceid,
    version: str(content, 'versionclient'),
    tag: str(body, 'tag'),
    name: str(device, 'name'),
    serial: str(device, 'serial'),
    mac: str(device, 'mac').toLowerCase(),
    ips: addresses(device.ips),
    manufacturer: str(device, 'manufacturer'),
    model: str(device, 'model'),
    type: str(device, 'type'),
    ram,
    uptime: str(device, 'uptime'),
    description: str(device, 'description'),
    firmwares: objects(content.firmwares)
      .filter((f) => str(f, 'name') !== '')
      .map((f) => ({ name: str(f, 'name'), manufacturer: str(f, 'manufacturer'), version: str(f, 'version'), date: isoDate(str(f, 'date')), type: str(f, 'type'), description: str(f, 'description') })),
    ports: objects(content.network_ports).filter((p) => num(p, 'ifnumber') !== null).map(port),
    pages: itemtype === 'Printer' ? pages : null,
  };
}
