/**
 * GLPI 10.0's inventory configuration (glpi_configs, context `inventory`), with a fresh GLPI's
 * values: the native inventory off until enabled, every part imported, the default entity and
 * state, the stale agents' delay and actions, and the agents' authentication (GLPI 10.0.10's
 * `auth_required`: `none`, or `basic_auth` with `basic_auth_login` / `basic_auth_password`).
 */
import type { Db } from './connection';
import { insertRow, selectAll } from './rows';

export const INVENTORY_SETTINGS: Readonly<Record<string, string>> = {
  enabled_inventory: '0',
  import_software: '1',
  import_volume: '1',
  import_antivirus: '1',
  import_registry: '1',
  import_process: '1',
  import_vm: '1',
  import_monitor_on_partial_sn: '0',
  import_unmanaged: '1',
  component_processor: '1',
  component_memory: '1',
  component_harddrive: '1',
  component_networkcard: '1',
  component_graphiccard: '1',
  component_soundcard: '1',
  component_drive: '1',
  component_networkdrive: '1',
  component_networkcardvirtual: '1',
  component_control: '1',
  component_battery: '1',
  component_simcard: '1',
  states_id_default: '0',
  entities_id_default: '0',
  location: '0',
  group: '0',
  vm_type: '0',
  vm_components: '0',
  vm_as_computer: '0',
  component_removablemedia: '1',
  component_powersupply: '1',
  inventory_frequency: '24',
  import_monitor: '1',
  import_printer: '1',
  import_peripheral: '1',
  stale_agents_delay: '0',
  stale_agents_action: '[0]',
  stale_agents_status: '0',
  auth_required: 'none',
  basic_auth_login: '',
  basic_auth_password: '',
};

/** The inventory settings of this database, GLPI's defaults for those it lacks. */
export function inventorySettings(db: Db): Record<string, string> {
  const stored = selectAll(db, "SELECT name, value FROM glpi_configs WHERE context = 'inventory'");
  return { ...INVENTORY_SETTINGS, ...Object.fromEntries(stored.map((r) => [String(r.name), String(r.value ?? '')])) };
}

/**
 * Adds the inventory settings a database lacks. One that already holds agents had the inventory
 * working before this setting existed: it keeps it on.
 */
export function seedInventorySettings(db: Db): void {
  const present = new Set(selectAll(db, "SELECT name FROM glpi_configs WHERE context = 'inventory'").map((r) => String(r.name)));
  const hadAgents = selectAll(db, 'SELECT id FROM glpi_agents LIMIT 1').length > 0;
  for (const [name, value] of Object.entries(INVENTORY_SETTINGS)) {
    if (present.has(name)) continue;
    insertRow(db, 'glpi_configs', { context: 'inventory', name, value: name === 'enabled_inventory' && hadAgents ? '1' : value });
  }
}

/**
 * Each agent's last inventory as it sent it (GLPI keeps it in files/_inventories): the text,
 * gzip'd, and its format; gone with its agent.
 */
export function createAgentInventories(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS deskbase_agent_inventories (
    agents_id INTEGER PRIMARY KEY,
    format TEXT NOT NULL,
    body BLOB NOT NULL,
    date TEXT NOT NULL
  )`);
  db.exec('CREATE TRIGGER IF NOT EXISTS deskbase_agent_inventories_gone AFTER DELETE ON glpi_agents BEGIN DELETE FROM deskbase_agent_inventories WHERE agents_id = OLD.id; END');
}
