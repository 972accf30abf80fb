import { aliasOf } from './aliases';
import { itemtype } from './index';
import { ITEM_DEVICE_TYPES } from './tables/devices';

/**
 * GLPI 10.0's configuration type lists that `getGlpiConfig` returns beside the ones derived from
 * features (looked up in GLPI's define.php: the 9.5 lists plus the types 10.0 added to them).
 * Each answers only the types Deskbase serves, and only those whose table has the column the list
 * is about, so a client that trusts a list can use it: a type in `linkuser_types` has `users_id`.
 * `location_types` names the SIM card link twice, as GLPI's does (once itself, once with the
 * other component links). Sockets go by GLPI 10's class name, `Glpi\Socket`, which the API answers too.
 */
const DEVICE_TYPES = ITEM_DEVICE_TYPES.map((link) => link.slice('Item_'.length));

const GLPI_LISTS = {
  state_types: {
    column: 'states_id',
    types: [
      'Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'SoftwareLicense', 'Certificate', 'Enclosure', 'PDU',
      'Line', 'Rack', 'SoftwareVersion', 'Cluster', 'Contract', 'Appliance', 'DatabaseInstance', 'Cable', 'Unmanaged', 'PassiveDCEquipment',
    ],
  },
  linkuser_types: {
    column: 'users_id',
    types: [
      'Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software', 'SoftwareLicense', 'Certificate', 'Appliance',
      'DatabaseInstance', 'Item_DeviceSimcard', 'Line',
    ],
  },
  linkgroup_types: {
    column: 'groups_id',
    types: [
      'Computer', 'Consumable', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software', 'SoftwareLicense', 'Certificate',
      'Appliance', 'DatabaseInstance', 'Item_DeviceSimcard', 'Line',
    ],
  },
  location_types: {
    column: 'locations_id',
    types: [
      'Budget', 'CartridgeItem', 'ConsumableItem', 'Computer', 'Monitor', 'Glpi\\Socket', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software',
      'SoftwareLicense', 'Ticket', 'User', 'Certificate', 'Item_DeviceSimcard', 'Line', 'Appliance', 'PassiveDCEquipment', 'Datacenter',
      'DCRoom', 'Rack', 'Enclosure', 'PDU', ...ITEM_DEVICE_TYPES,
    ],
  },
  unicity_types: {
    column: null,
    types: [
      'Budget', 'Computer', 'Contact', 'Contract', 'Infocom', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software',
      'SoftwareLicense', 'Supplier', 'User', 'Certificate', 'Rack', 'Enclosure', 'PDU', 'Cluster', 'Item_DeviceSimcard',
    ],
  },
  device_types: { column: null, types: DEVICE_TYPES },
} satisfies Record<string, { column: string | null; types: readonly string[] }>;

const served = (name: string, column: string | null) => {
  const type = itemtype(aliasOf(name)?.target ?? name);
  return type !== undefined && (column === null || type.columns.some((c) => c.name === column));
};

/** The lists as getGlpiConfig answers them (built once: the registry never changes). */
export const CONFIG_TYPE_LISTS: Readonly<Record<keyof typeof GLPI_LISTS, readonly string[]>> = Object.fromEntries(
  Object.entries(GLPI_LISTS).map(([name, { column, types }]) => [name, types.filter((t) => served(t, column))]),
) as Record<keyof typeof GLPI_LISTS, string[]>;
