/** Agent requests for the inventory tests: what the FusionInventory agent posts, built from a few facts. */
import { beforeAll } from 'bun:test';
import { deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import type { Client } from '../support/client';

export const ZLIB = 'application/x-compress-zlib';

export async function post(origin: string, body: string | Uint8Array, { type = ZLIB, path = '/front/inventory.php', method = 'POST' } = {}) {
  const bytes = typeof body === 'string' && type === ZLIB ? deflateSync(body) : body;
  const res = await fetch(`${origin}${path}`, { method, body: method === 'GET' ? undefined : Buffer.from(bytes), headers: { 'Content-Type': type, 'User-Agent': 'FusionInventory-Agent_v2.6-3' } });
  const raw = new Uint8Array(await res.arrayBuffer());
  const compressed = raw[0] === 0x78;
  return { status: res.status, type: res.headers.get('content-type'), compressed, header: [...raw.slice(0, 2)], xml: (compressed ? inflateSync(raw) : Buffer.from(raw)).toString() };
}

export const prolog = '<?xml version="1.0" encoding="UTF-8"?><REQUEST><DEVICEID>pc-1-2026-01-01-00-00-00</DEVICEID><QUERY>PROLOG</QUERY><TOKEN>12345678</TOKEN></REQUEST>';

export interface Machine {
  deviceid: string;
  name: string;
  serial?: string;
  software: [string, string][];
  disks: string[];
  /** More BIOS elements (BVERSION, BDATE…). */
  bios?: string;
  extra?: string;
}

export function inventory(m: Machine): string {
  const software = m.software.map(([name, version]) => `<SOFTWARES><NAME>${name}</NAME><VERSION>${version}</VERSION><PUBLISHER>Debian</PUBLISHER><ARCH>amd64</ARCH></SOFTWARES>`).join('');
  const disks = m.disks.map((mount) => `<DRIVES><TYPE>${mount}</TYPE><VOLUMN>/dev/sda1</VOLUMN><FILESYSTEM>ext4</FILESYSTEM><TOTAL>1000</TOTAL><FREE>400</FREE></DRIVES>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><REQUEST><DEVICEID>${m.deviceid}</DEVICEID><QUERY>INVENTORY</QUERY><CONTENT>
    <HARDWARE><NAME>${m.name}</NAME><UUID>uuid-${m.deviceid}</UUID></HARDWARE><BIOS><SSN>${m.serial ?? ''}</SSN>${m.bios ?? ''}</BIOS>
    <OPERATINGSYSTEM><NAME>Debian GNU/Linux</NAME><VERSION>12.11</VERSION><ARCH>x86_64</ARCH><KERNEL_VERSION>6.1.0-9-amd64</KERNEL_VERSION></OPERATINGSYSTEM>
    <CPUS><NAME>Test CPU 3000</NAME><MANUFACTURER>Intel</MANUFACTURER><SPEED>3000</SPEED><CORE>4</CORE><THREAD>8</THREAD></CPUS>
    <MEMORIES><CAPACITY>8192</CAPACITY><TYPE>DDR4</TYPE><SPEED>3200</SPEED><DESCRIPTION>SODIMM</DESCRIPTION><SERIALNUMBER>MEM-1</SERIALNUMBER></MEMORIES>
    ${disks}
    <NETWORKS><DESCRIPTION>eth0</DESCRIPTION><MACADDR>52:54:00:AB:CD:EF</MACADDR><IPADDRESS>192.0.2.10</IPADDRESS></NETWORKS>
    <NETWORKS><DESCRIPTION>eth0</DESCRIPTION><MACADDR>52:54:00:AB:CD:EF</MACADDR><IPADDRESS6>2001:db8::10</IPADDRESS6></NETWORKS>
    ${software}${m.extra ?? ''}<VERSIONCLIENT>FusionInventory-Inventory_v2.6-3</VERSIONCLIENT></CONTENT></REQUEST>`;
}


/** The same machine in GLPI Agent's JSON inventory format (the published inventory_format). */
export function jsonInventory(m: Machine): Record<string, unknown> {
  return {
    action: 'inventory',
    deviceid: m.deviceid,
    itemtype: 'Computer',
    content: {
      hardware: { name: m.name, uuid: `uuid-${m.deviceid}` },
      bios: { ssn: m.serial ?? '' },
      operatingsystem: { name: 'Debian GNU/Linux', version: '12.11', arch: 'x86_64', kernel_version: '6.1.0-9-amd64' },
      cpus: [{ name: 'Test CPU 3000', manufacturer: 'Intel', speed: 3000, core: 4, thread: 8 }],
      drives: m.disks.map((mount) => ({ type: mount, volumn: '/dev/sda1', filesystem: 'ext4', total: 1000, free: 400 })),
      networks: [{ description: 'eth0', macaddr: '52:54:00:12:34:56', ipaddress: '192.0.2.20', virtualdev: false }],
      softwares: m.software.map(([name, version]) => ({ name, version, publisher: 'Debian', arch: 'amd64' })),
      versionclient: 'GLPI-Agent_v1.7',
    },
  };
}

/** A JSON request gzip-compressed as GLPI Agent sends it (bytes as given); the answer inflated and parsed. */
export async function postJson(origin: string, body: unknown, type = 'application/x-compress-gzip') {
  const res = await fetch(`${origin}/front/inventory.php`, {
    method: 'POST',
    body: body instanceof Uint8Array ? Buffer.from(body) : gzipSync(typeof body === 'string' ? body : JSON.stringify(body)),
    headers: { 'Content-Type': type, 'GLPI-Agent-ID': '3a609a2e-947f-4e6a-9af9-32c024ac3e98', 'User-Agent': 'GLPI-Agent_v1.7' },
  });
  const raw = new Uint8Array(await res.arrayBuffer());
  const text = res.headers.get('content-type') === 'application/x-compress-gzip' ? gunzipSync(raw).toString() : Buffer.from(raw).toString();
  return { status: res.status, type: res.headers.get('content-type'), json: JSON.parse(text) as Record<string, unknown> };
}

/** Sets inventory settings (glpi_configs, context inventory) through the API, as an administrator does. */
export async function setInventorySettings(api: Client, values: Record<string, string>): Promise<void> {
  const rows = (await api.get('Config/', { query: 'searchText[context]=^inventory$&range=0-999' })).body as { id: number; name: string }[];
  for (const [name, value] of Object.entries(values)) {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`no inventory setting ${name}`);
    const res = await api.put(`Config/${row.id}`, { input: { value } });
    if (res.status !== 200) throw new Error(`setting ${name}: ${res.status} ${res.text}`);
  }
}

/** The native inventory is off on a fresh install, as in GLPI: the test file's server gets it on. */
export function enableInventory(ctx: { api: Client }): void {
  beforeAll(() => setInventorySettings(ctx.api, { enabled_inventory: '1' }));
}
