// Components (GLPI's CommonDevice types), their links to items (Item_Device*), models and types.
// Column names, order, nullability and defaults follow GLPI 10.0's install/mysql/glpi-empty.sql;
// the processor, memory, hard drive, network card and graphic card tables are in ./extra.ts.
import { component, deviceLink, dropdown } from '../kinds';
import type { ItemtypeSpec } from '../types';
import type { TableSpec } from './types';

const DATES = 'date_mod ts NULL =NULL; date_creation ts NULL =NULL';
const MODEL = 'id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL';
const TYPE = `id uint! AI; name vc(255) =NULL; comment text; ${DATES}`;
const TYPE_WITHOUT_DATES = 'id uint! AI; name vc(255) =NULL; comment text';

/** The columns every Item_Device* row has, with the link's own ones after the device key. */
function itemDevice(fk: string, own = '', busId = false): string {
  return [
    `id uint! AI; items_id uint! ='0'; itemtype vc(255) =NULL; ${fk} uint! ='0'`,
    own,
    "is_deleted tiny! ='0'; is_dynamic tiny! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; serial vc(255) =NULL",
    busId ? 'busID vc(255) =NULL' : '',
    "otherserial vc(255) =NULL; locations_id uint! ='0'; states_id uint! ='0'",
  ]
    .filter((part) => part !== '')
    .join('; ');
}

/** A device table: designation first, the device's own columns, then manufacturer, entity and model. */
function device(own: string, model: string | null, tail = ''): string {
  return [
    'id uint! AI; designation vc(255) =NULL',
    own,
    "comment text; manufacturers_id uint! ='0'",
    tail,
    "entities_id uint! ='0'; is_recursive tiny! ='0'",
    model ? `${model} uint =NULL` : '',
    DATES,
  ]
    .filter((part) => part !== '')
    .join('; ');
}

export const deviceTables: Record<string, TableSpec> = {
  glpi_devicemotherboards: { columns: device('chipset vc(255) =NULL', 'devicemotherboardmodels_id') },
  glpi_devicefirmwares: {
    columns: device('', 'devicefirmwaremodels_id', "date date =NULL; version vc(255) =NULL; devicefirmwaretypes_id uint! ='0'"),
  },
  glpi_devicedrives: { columns: device("is_writer tiny! ='1'; speed vc(255) =NULL", 'devicedrivemodels_id', "interfacetypes_id uint! ='0'") },
  glpi_devicebatteries: { columns: device('', 'devicebatterymodels_id', "voltage int =NULL; capacity int =NULL; devicebatterytypes_id uint! ='0'") },
  glpi_devicesoundcards: { columns: device('type vc(255) =NULL', 'devicesoundcardmodels_id') },
  glpi_devicecontrols: { columns: device("is_raid tiny! ='0'", 'devicecontrolmodels_id', "interfacetypes_id uint! ='0'") },
  glpi_devicepcis: { columns: device('', 'devicepcimodels_id', "devicenetworkcardmodels_id uint! ='0'") },
  glpi_devicepowersupplies: { columns: device("power vc(255) =NULL; is_atx tiny! ='1'", 'devicepowersupplymodels_id') },
  glpi_devicecases: {
    columns: `id uint! AI; designation vc(255) =NULL; devicecasetypes_id uint! ='0'; comment text; manufacturers_id uint! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; devicecasemodels_id uint =NULL; ${DATES}`,
  },
  glpi_devicegenerics: {
    columns: `id uint! AI; designation vc(255) =NULL; devicegenerictypes_id uint! ='0'; comment text; manufacturers_id uint! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; locations_id uint! ='0'; states_id uint! ='0'; devicegenericmodels_id uint =NULL; ${DATES}`,
  },
  glpi_devicesensors: {
    columns: `id uint! AI; designation vc(255) =NULL; devicesensortypes_id uint! ='0'; devicesensormodels_id uint! ='0'; comment text; manufacturers_id uint! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; locations_id uint! ='0'; states_id uint! ='0'; ${DATES}`,
  },
  glpi_devicesimcards: {
    columns: `id uint! AI; designation vc(255) =NULL; comment text; entities_id uint! ='0'; is_recursive tiny! ='0'; manufacturers_id uint! ='0'; voltage int =NULL; devicesimcardtypes_id uint! ='0'; ${DATES}; allow_voip tiny! ='0'`,
  },
  glpi_devicecameras: {
    columns: `id uint! AI; designation vc(255) =NULL; flashunit tiny! ='0'; lensfacing vc(255) =NULL; orientation vc(255) =NULL; focallength vc(255) =NULL; sensorsize vc(255) =NULL; comment text; manufacturers_id uint! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; devicecameramodels_id uint =NULL; support vc(255) =NULL; ${DATES}`,
  },

  glpi_items_devicemotherboards: { columns: itemDevice('devicemotherboards_id') },
  glpi_items_devicefirmwares: { columns: itemDevice('devicefirmwares_id') },
  glpi_items_devicedrives: { columns: itemDevice('devicedrives_id', '', true) },
  glpi_items_devicebatteries: { columns: `${itemDevice('devicebatteries_id', 'manufacturing_date date =NULL')}; real_capacity int! ='0'` },
  glpi_items_devicesoundcards: { columns: itemDevice('devicesoundcards_id', '', true) },
  glpi_items_devicecontrols: { columns: itemDevice('devicecontrols_id', '', true) },
  glpi_items_devicepcis: { columns: itemDevice('devicepcis_id', '', true) },
  glpi_items_devicecases: { columns: itemDevice('devicecases_id') },
  glpi_items_devicepowersupplies: { columns: itemDevice('devicepowersupplies_id') },
  glpi_items_devicegenerics: { columns: itemDevice('devicegenerics_id') },
  glpi_items_devicesensors: { columns: itemDevice('devicesensors_id') },
  glpi_items_devicesimcards: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(100)!; devicesimcards_id uint! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; serial vc(255) =NULL; otherserial vc(255) =NULL; states_id uint! ='0'; locations_id uint! ='0'; lines_id uint! ='0'; users_id uint! ='0'; groups_id uint! ='0'; pin vc(255)! =''; pin2 vc(255)! =''; puk vc(255)! =''; puk2 vc(255)! =''; msin vc(255)! =''; comment text",
  },
  glpi_items_devicecameras: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(255) =NULL; devicecameras_id uint! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; locations_id uint! ='0'",
  },

  glpi_devicemotherboardmodels: { columns: MODEL },
  glpi_devicefirmwaremodels: { columns: MODEL },
  glpi_devicememorymodels: { columns: MODEL },
  glpi_deviceharddrivemodels: { columns: MODEL },
  glpi_devicenetworkcardmodels: { columns: MODEL },
  glpi_devicedrivemodels: { columns: MODEL },
  glpi_devicebatterymodels: { columns: MODEL },
  glpi_devicegraphiccardmodels: { columns: MODEL },
  glpi_devicesoundcardmodels: { columns: MODEL },
  glpi_devicecontrolmodels: { columns: MODEL },
  glpi_devicepcimodels: { columns: MODEL },
  glpi_devicecasemodels: { columns: MODEL },
  glpi_devicepowersupplymodels: { columns: MODEL },
  glpi_devicegenericmodels: { columns: MODEL },
  glpi_devicesensormodels: { columns: MODEL },
  glpi_devicecameramodels: { columns: MODEL },

  glpi_devicefirmwaretypes: { columns: TYPE },
  glpi_devicebatterytypes: { columns: TYPE },
  glpi_devicecasetypes: { columns: TYPE },
  glpi_devicesimcardtypes: { columns: `id uint! AI; name vc(255)! =''; comment text; ${DATES}` },
  glpi_devicegenerictypes: { columns: TYPE_WITHOUT_DATES },
  glpi_devicesensortypes: { columns: TYPE_WITHOUT_DATES },
  glpi_interfacetypes: { columns: TYPE },
};

/** A component type and its link to items, named as GLPI names them. */
function componentAndLink(name: string, table: string): Record<string, ItemtypeSpec> {
  // GLPI 10.0 lists SIM cards among the items a ticket may name (ticket_types).
  const link = deviceLink(`glpi_items_${table}`, `${table}_id`, name, name === 'DeviceSimcard' ? ['ticket'] : []);
  return {
    [name]: component(`glpi_${table}`),
    // A SIM card's PIN and PUK codes are guarded by a right of their own (registry/guarded.ts).
    [`Item_${name}`]: link,
  };
}

const MODELS = ['Motherboard', 'Firmware', 'Memory', 'HardDrive', 'NetworkCard', 'Drive', 'Battery', 'GraphicCard', 'SoundCard', 'Control', 'Pci', 'Case', 'PowerSupply', 'Generic', 'Sensor', 'Camera'];
const TYPES = ['Firmware', 'Battery', 'Case', 'Simcard', 'Generic', 'Sensor'];

export const deviceItemtypes: Record<string, ItemtypeSpec> = {
  ...componentAndLink('DeviceMotherboard', 'devicemotherboards'),
  ...componentAndLink('DeviceFirmware', 'devicefirmwares'),
  ...componentAndLink('DeviceDrive', 'devicedrives'),
  ...componentAndLink('DeviceBattery', 'devicebatteries'),
  ...componentAndLink('DeviceSoundCard', 'devicesoundcards'),
  ...componentAndLink('DeviceControl', 'devicecontrols'),
  ...componentAndLink('DevicePci', 'devicepcis'),
  ...componentAndLink('DeviceCase', 'devicecases'),
  ...componentAndLink('DevicePowerSupply', 'devicepowersupplies'),
  ...componentAndLink('DeviceGeneric', 'devicegenerics'),
  ...componentAndLink('DeviceSimcard', 'devicesimcards'),
  ...componentAndLink('DeviceSensor', 'devicesensors'),
  ...componentAndLink('DeviceCamera', 'devicecameras'),
  ...Object.fromEntries(MODELS.map((m) => [`Device${m}Model`, dropdown(`glpi_device${m.toLowerCase()}models`)])),
  ...Object.fromEntries(TYPES.map((t) => [`Device${t}Type`, dropdown(`glpi_device${t.toLowerCase()}types`)])),
  InterfaceType: dropdown('glpi_interfacetypes'),
};

/** Every Item_Device* type in GLPI's order (its device_types list), for `_devices` and HATEOAS. */
export const ITEM_DEVICE_TYPES = [
  'Motherboard',
  'Firmware',
  'Processor',
  'Memory',
  'HardDrive',
  'NetworkCard',
  'Drive',
  'Battery',
  'GraphicCard',
  'SoundCard',
  'Control',
  'Pci',
  'Case',
  'PowerSupply',
  'Generic',
  'Simcard',
  'Sensor',
  'Camera',
].map((d) => `Item_Device${d}`);
