import { isIP } from 'node:net';
import { asList, isObject, toId, type Params } from '../core/params';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { findById, insertRow, type Row } from '../db/rows';

/**
 * Network ports as GLPI's API creates them in one call: the port, its instantiation row
 * (Ethernet speed and type) and, with `NetworkName_*` fields, its network name and IP addresses
 * (`NetworkName__ipaddresses: {"-1": "10.0.0.5"}`).
 */
export const PORT_INSTANTIATIONS = [
  'NetworkPortEthernet',
  'NetworkPortWifi',
  'NetworkPortAggregate',
  'NetworkPortAlias',
  'NetworkPortDialup',
  'NetworkPortLocal',
  'NetworkPortFiberchannel',
];

const NAME_FIELDS = ['NetworkName_name', 'NetworkName_fqdns_id', 'NetworkName_comment'];

/** Every address of `NetworkName__ipaddresses` (an object of new entries, or a list), checked. */
function addresses(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = isObject(value) && !asList(value) ? Object.values(value) : (asList(value) ?? [value]);
  return list.map((ip) => {
    if (typeof ip !== 'string' || isIP(ip.trim()) === 0) throw new ItemError(`Field NetworkName__ipaddresses: ${JSON.stringify(ip)} is not an IP address`);
    return ip.trim();
  });
}

/** GLPI keeps addresses as four 32-bit words (IPv4 in the last one, as ::ffff:a.b.c.d). */
function binaryWords(ip: string): number[] {
  if (isIP(ip) === 4) return [0, 0, 0xffff, ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0)];
  const [head = '', tail = ''] = ip.split('::');
  const parts = (s: string) => (s ? s.split(':') : []);
  const groups = [...parts(head), ...Array(8 - parts(head).length - parts(tail).length).fill('0'), ...parts(tail)].map((g) => parseInt(g || '0', 16));
  return [0, 1, 2, 3].map((i) => groups[2 * i]! * 65536 + groups[2 * i + 1]!);
}

function createName(wc: WriteContext, port: Row, input: Params): void {
  const ips = addresses(input.NetworkName__ipaddresses);
  if (!NAME_FIELDS.some((f) => input[f] !== undefined) && ips.length === 0) return;
  const fqdn = toId(input.NetworkName_fqdns_id ?? 0) ?? 0;
  if (fqdn && !findById(wc.db, 'glpi_fqdns', fqdn)) throw new ItemError(`Field NetworkName_fqdns_id: FQDN ${fqdn} does not exist`);
  const nameId = insertRow(wc.db, 'glpi_networknames', {
    itemtype: 'NetworkPort',
    items_id: Number(port.id),
    entities_id: Number(port.entities_id),
    name: typeof input.NetworkName_name === 'string' ? input.NetworkName_name : null,
    comment: typeof input.NetworkName_comment === 'string' ? input.NetworkName_comment : null,
    fqdns_id: fqdn,
  });
  for (const ip of ips) {
    const [b0, b1, b2, b3] = binaryWords(ip);
    insertRow(wc.db, 'glpi_ipaddresses', {
      itemtype: 'NetworkName',
      items_id: nameId,
      entities_id: Number(port.entities_id),
      version: isIP(ip),
      name: ip,
      binary_0: b0,
      binary_1: b1,
      binary_2: b2,
      binary_3: b3,
      mainitemtype: String(port.itemtype),
      mainitems_id: Number(port.items_id),
    });
  }
}

export const networkPortHooks: ItemHooks = {
  prepareAdd(_wc, _type, row, input) {
    const kind = row.instantiation_type;
    if (kind !== undefined && kind !== null && (typeof kind !== 'string' || !PORT_INSTANTIATIONS.includes(kind))) {
      throw new ItemError(`Field instantiation_type: one of ${PORT_INSTANTIATIONS.join(', ')}`);
    }
    addresses(input.NetworkName__ipaddresses);
  },
  afterAdd(wc, _type, row, input) {
    if (row.instantiation_type === 'NetworkPortEthernet') {
      const speed = input.speed === undefined ? 10 : toId(input.speed);
      if (speed === null) throw new ItemError('Field speed: expected a number of Mbit/s');
      const card = toId(input.items_devicenetworkcards_id ?? 0) ?? 0;
      insertRow(wc.db, 'glpi_networkportethernets', {
        networkports_id: Number(row.id),
        speed,
        type: typeof input.type === 'string' ? input.type.slice(0, 10) : '',
        items_devicenetworkcards_id: card,
      });
    }
    createName(wc, row, input);
  },
};
