/**
 * GLPI 10's native inventory fed by the real FusionInventory agent (Debian's
 * `fusioninventory-agent`, installed by scripts/ensure-fusioninventory.sh): it inventories this
 * machine and posts to a running Deskbase; the computer is then checked through the API against
 * what the machine itself reports (hostname, dpkg-query). A second run updates without
 * duplicates. The agent exits 0 even when refused: only the API tells.
 */
import { describe, expect, test } from 'bun:test';
import { hostname } from 'node:os';
import { useServer } from '../support/server';
import { enableInventory, setInventorySettings } from './fixture';

const AGENT = Bun.which('fusioninventory-agent');
const ctx = useServer();
enableInventory(ctx);

function runAgent(credentials: string[] = []): string {
  const run = Bun.spawnSync([AGENT!, '--server', `${ctx.server.origin}/front/inventory.php`, '--force', '--tasks=inventory', '--logger=stderr', '--no-category=process,environment,user,local_user,local_group', ...credentials], { stderr: 'pipe', stdout: 'pipe' });
  return run.stderr.toString();
}

const list = async (path: string) => (await ctx.api.get(path, { query: 'range=0-9999' })).body as Record<string, unknown>[];

/** A sample of the packages dpkg says are installed: every one must be a software of the computer. */
function dpkgSample(): string[] {
  const out = Bun.spawnSync(['dpkg-query', '-W', '-f', '${Package}\\t${db:Status-Abbrev}\\n'], { stdout: 'pipe' }).stdout.toString();
  const installed = out.split('\n').filter((l) => /\tii/.test(l)).map((l) => l.split('\t')[0]!);
  return [installed[0]!, installed[Math.floor(installed.length / 2)]!, installed[installed.length - 1]!];
}

describe.skipIf(!AGENT)('the real FusionInventory agent', () => {
  let computerId = 0;
  let counts: Record<string, number> = {};

  test('an inventory creates the computer with its OS, processors, disks, ports, software and agent', async () => {
    const log = runAgent();
    expect(log).not.toContain('[error]');
    const computers = (await list('Computer')).filter((c) => c.name === hostname());
    expect(computers.length).toBe(1);
    const computer = computers[0]!;
    computerId = Number(computer.id);
    expect(computer).toMatchObject({ is_dynamic: 1 });
    expect(String(computer.last_inventory_update)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const autoupdate = (await ctx.api.get(`AutoUpdateSystem/${computer.autoupdatesystems_id}`)).body;
    expect(autoupdate.name).toBe('GLPI Native Inventory');

    const agents = (await list('Agent')).filter((a) => a.items_id === computerId);
    expect(agents.length).toBe(1);
    expect(agents[0]).toMatchObject({ itemtype: 'Computer', name: hostname(), useragent: expect.stringMatching(/^FusionInventory-Agent_v/) });
    expect(String(agents[0]!.deviceid)).toMatch(new RegExp(`^${hostname()}-\\d{4}-`));

    const os = await list(`Computer/${computerId}/Item_OperatingSystem`);
    expect(os.length).toBe(1);
    const osRelease = await Bun.file('/etc/os-release').text();
    const osName = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(osRelease)![1]!;
    expect((await ctx.api.get(`OperatingSystem/${os[0]!.operatingsystems_id}`)).body.name).toBe(osName);
    const arch = Bun.spawnSync(['uname', '-m']).stdout.toString().trim();
    expect((await ctx.api.get(`OperatingSystemArchitecture/${os[0]!.operatingsystemarchitectures_id}`)).body.name).toBe(arch);
    const kernel = Bun.spawnSync(['uname', '-r']).stdout.toString().trim();
    expect((await ctx.api.get(`OperatingSystemKernelVersion/${os[0]!.operatingsystemkernelversions_id}`)).body.name).toBe(kernel);

    const cpus = await list(`Computer/${computerId}/Item_DeviceProcessor`);
    expect(cpus.length).toBeGreaterThanOrEqual(1);
    const cpuModel = (await ctx.api.get(`DeviceProcessor/${cpus[0]!.deviceprocessors_id}`)).body;
    const cpuinfo = await Bun.file('/proc/cpuinfo').text();
    const modelName = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)![1]!.trim();
    expect(modelName.toLowerCase()).toContain(String(cpuModel.designation).toLowerCase().split(' ')[0]!);

    const disks = await list(`Computer/${computerId}/Item_Disk`);
    expect(disks.map((d) => d.mountpoint)).toContain('/');

    const ports = await list(`Computer/${computerId}/NetworkPort`);
    expect(ports.map((p) => p.name)).toContain('lo');
    // Every interface `ip` shows with a MAC and an IPv4 address is a port with that MAC, holding that address.
    const links = JSON.parse(Bun.spawnSync(['ip', '-j', 'addr']).stdout.toString()) as { ifname: string; address?: string; addr_info: { family: string; local: string }[] }[];
    const reported = links.filter((l) => l.ifname !== 'lo' && l.address && l.address !== '00:00:00:00:00:00' && l.addr_info.some((a) => a.family === 'inet'));
    expect(reported.length).toBeGreaterThan(0);
    const stored = new Set(((await list('IPAddress')) as { name: string }[]).map((a) => a.name));
    for (const link of reported) {
      expect(ports.find((p) => p.name === link.ifname)?.mac).toBe(link.address!);
      for (const a of link.addr_info.filter((i) => i.family === 'inet')) expect(stored.has(a.local)).toBe(true);
    }

    const installs = await list(`Computer/${computerId}/Item_SoftwareVersion`);
    const software = await list('Software');
    const byId = new Map(software.map((s) => [Number(s.id), String(s.name)]));
    const versions = await list('SoftwareVersion');
    const installedNames = new Set(installs.map((i) => byId.get(Number(versions.find((v) => v.id === i.softwareversions_id)?.softwares_id))));
    for (const pkg of dpkgSample()) expect(installedNames.has(pkg)).toBe(true);
    counts = { installs: installs.length, software: software.length, versions: versions.length, ports: ports.length, disks: disks.length, cpus: cpus.length };
  }, 240_000);

  test('a second run updates the same computer in place, without duplicates', async () => {
    expect(computerId).toBeGreaterThan(0);
    runAgent();
    const computers = (await list('Computer')).filter((c) => c.name === hostname());
    expect(computers.map((c) => c.id)).toEqual([computerId]);
    expect((await list('Agent')).filter((a) => a.items_id === computerId).length).toBe(1);
    expect((await list(`Computer/${computerId}/Item_OperatingSystem`)).length).toBe(1);
    const again: Record<string, number> = {
      installs: (await list(`Computer/${computerId}/Item_SoftwareVersion`)).length,
      software: (await list('Software')).length,
      versions: (await list('SoftwareVersion')).length,
      ports: (await list(`Computer/${computerId}/NetworkPort`)).length,
      disks: (await list(`Computer/${computerId}/Item_Disk`)).length,
      cpus: (await list(`Computer/${computerId}/Item_DeviceProcessor`)).length,
    };
    expect(again).toEqual(counts);
  }, 240_000);

  test('with Basic authentication required, the agent is refused without credentials and accepted with them', async () => {
    expect(computerId).toBeGreaterThan(0);
    const [agent] = (await list('Agent')).filter((a) => a.items_id === computerId);
    expect((await ctx.api.del(`Agent/${agent!.id}`)).status).toBe(204);
    await setInventorySettings(ctx.api, { auth_required: 'basic_auth', basic_auth_login: 'agents', basic_auth_password: 'agents-secret' });
    const refused = runAgent();
    expect(refused).toContain('[error] [http client] authentication required, no credentials available');
    expect((await list('Agent')).filter((a) => a.items_id === computerId)).toEqual([]);
    const accepted = runAgent(['--user', 'agents', '--password', 'agents-secret']);
    expect(accepted).not.toContain('[error]');
    expect((await list('Agent')).filter((a) => a.items_id === computerId).length).toBe(1);
    await setInventorySettings(ctx.api, { auth_required: 'none' });
  }, 240_000);
});
