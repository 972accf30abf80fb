// Network port instantiations beyond Ethernet, port-to-port wiring, remote management and manual
// links of items. Columns follow GLPI 10.0's install/mysql/glpi-empty.sql.
import { dependent, poly } from '../kinds';
import type { ItemtypeSpec } from '../types';
import type { TableSpec } from './types';

const DATES = 'date_mod ts NULL =NULL; date_creation ts NULL =NULL';
const PORT = "id uint! AI; networkports_id uint! ='0'";
const port = { fk: 'networkports_id', itemtype: 'NetworkPort' } as const;
const ONE_PER_PORT = [['networkports_id']];
/** Items that carry network ports, remote management or manual links. */
const EQUIPMENT = ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Unmanaged', 'PDU', 'Enclosure', 'PassiveDCEquipment'];

export const networkTables: Record<string, TableSpec> = {
  glpi_networkportaggregates: { columns: `${PORT}; networkports_id_list text; ${DATES}`, unique: ONE_PER_PORT },
  glpi_networkportaliases: { columns: `${PORT}; networkports_id_alias uint! ='0'; ${DATES}`, unique: ONE_PER_PORT },
  glpi_networkportdialups: { columns: `${PORT}; ${DATES}`, unique: ONE_PER_PORT },
  glpi_networkportlocals: { columns: `${PORT}; ${DATES}`, unique: ONE_PER_PORT },
  glpi_networkportfiberchannels: {
    columns: `${PORT}; items_devicenetworkcards_id uint! ='0'; networkportfiberchanneltypes_id uint! ='0'; wwn vc(16) =''; speed int! ='10'; ${DATES}`,
    unique: ONE_PER_PORT,
  },
  glpi_networkportwifis: {
    columns: `${PORT}; items_devicenetworkcards_id uint! ='0'; wifinetworks_id uint! ='0'; networkportwifis_id uint! ='0'; version vc(20) =NULL; mode vc(20) =NULL; ${DATES}`,
    unique: ONE_PER_PORT,
  },
  glpi_networkports_networkports: {
    columns: "id uint! AI; networkports_id_1 uint! ='0'; networkports_id_2 uint! ='0'",
    unique: [['networkports_id_1', 'networkports_id_2']],
  },
  glpi_items_remotemanagements: { columns: "id uint! AI; itemtype vc(100) =NULL; items_id uint! ='0'; remoteid vc(255) =NULL; type vc(255) =NULL; is_dynamic tiny! ='0'; is_deleted tiny! ='0'" },
  glpi_manuallinks: {
    columns: "id uint! AI; name vc(255) =NULL; url vc(8096)!; open_window tiny! ='1'; icon vc(255) =NULL; comment text; items_id uint! ='0'; itemtype vc(255) =NULL; date_creation ts NULL =NULL; date_mod ts NULL =NULL",
  },
};

const instantiation = (table: string): ItemtypeSpec => dependent(table, [port], { kind: 'child', quietAdd: true });

export const networkItemtypes: Record<string, ItemtypeSpec> = {
  NetworkPortAggregate: instantiation('glpi_networkportaggregates'),
  NetworkPortAlias: { ...instantiation('glpi_networkportaliases'), fk: { networkports_id_alias: 'NetworkPort' } },
  NetworkPortDialup: instantiation('glpi_networkportdialups'),
  NetworkPortLocal: instantiation('glpi_networkportlocals'),
  NetworkPortFiberchannel: instantiation('glpi_networkportfiberchannels'),
  NetworkPortWifi: instantiation('glpi_networkportwifis'),
  NetworkPort_NetworkPort: dependent('glpi_networkports_networkports', [
    { fk: 'networkports_id_1', itemtype: 'NetworkPort' },
    { fk: 'networkports_id_2', itemtype: 'NetworkPort' },
  ]),
  Item_RemoteManagement: dependent('glpi_items_remotemanagements', [poly], { kind: 'child', polyTargets: EQUIPMENT }),
  ManualLink: dependent('glpi_manuallinks', [poly], { kind: 'child', polyTargets: EQUIPMENT, required: ['url'] }),
};
