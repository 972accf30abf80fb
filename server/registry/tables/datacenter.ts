// Data centre and cabling: data centres, rooms, racks, enclosures, PDUs, passive equipment,
// clusters, appliances, unmanaged devices, cables and sockets, with their models, types and
// item links. Columns follow GLPI 10.0's install/mysql/glpi-empty.sql.
import { asset, dependent, dropdown, poly } from '../kinds';
import type { ItemtypeSpec } from '../types';
import type { TableSpec } from './types';
import { ATTACHABLE } from './management';

const DATES = 'date_mod ts NULL =NULL; date_creation ts NULL =NULL';
const ENTITY = "entities_id uint! ='0'; is_recursive tiny! ='0'";
const SIMPLE = `id uint! AI; name vc(255) =NULL; comment text; ${DATES}`;
const ENTITY_TYPE = `id uint! AI; ${ENTITY}; name vc(255) =NULL; comment text; date_creation ts NULL =NULL; date_mod ts NULL =NULL`;
/** Rack-mountable model columns, as on glpi_computermodels. */
const RACK_MODEL = (power: string) =>
  `id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL; weight int! ='0'; required_units int! ='1'; depth float! ='1'; power_connections int! ='0'; ${power}; is_half_rack tiny! ='0'; picture_front text; picture_rear text; pictures text`;
/** The asset columns racks, enclosures, PDUs and passive equipment share, around their model. */
const DC_ASSET = (model: string, tail: string) =>
  `id uint! AI; name vc(255) =NULL; ${ENTITY}; locations_id uint! ='0'; serial vc(255) =NULL; otherserial vc(255) =NULL; ${model} uint =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; is_deleted tiny! ='0'; ${tail}; ${DATES}`;

/** What can be placed in a rack or an enclosure. */
const RACKABLE = ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Enclosure', 'PDU', 'PassiveDCEquipment'];

export const datacenterTables: Record<string, TableSpec> = {
  glpi_datacenters: { columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; locations_id uint! ='0'; is_deleted tiny! ='0'; ${DATES}; pictures text` },
  glpi_dcrooms: {
    columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; locations_id uint! ='0'; vis_cols int =NULL; vis_rows int =NULL; blueprint text; datacenters_id uint! ='0'; is_deleted tiny! ='0'; ${DATES}`,
  },
  glpi_rackmodels: { columns: `id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL; ${DATES}; pictures text` },
  glpi_racktypes: { columns: ENTITY_TYPE },
  glpi_racks: {
    columns: `id uint! AI; name vc(255) =NULL; comment text; ${ENTITY}; locations_id uint! ='0'; serial vc(255) =NULL; otherserial vc(255) =NULL; rackmodels_id uint =NULL; manufacturers_id uint! ='0'; racktypes_id uint! ='0'; states_id uint! ='0'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; width int =NULL; height int =NULL; depth int =NULL; number_units int ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; is_deleted tiny! ='0'; dcrooms_id uint! ='0'; room_orientation int! ='0'; position vc(50) =NULL; bgcolor vc(7) =NULL; max_power int! ='0'; mesured_power int! ='0'; max_weight int! ='0'; ${DATES}`,
  },
  glpi_items_racks: {
    // orientation is a tinyint holding 0/1 (front/rear); hpos 0..2, so an int.
    columns: "id uint! AI; racks_id uint!; itemtype vc(255)!; items_id uint!; position int!; orientation tiny =NULL; bgcolor vc(7) =NULL; hpos int! ='0'; is_reserved tiny! ='0'",
    unique: [['itemtype', 'items_id', 'is_reserved']],
  },
  glpi_enclosuremodels: { columns: `${RACK_MODEL("power_consumption int! ='0'")}; ${DATES}` },
  glpi_enclosures: { columns: DC_ASSET('enclosuremodels_id', "orientation tiny =NULL; power_supplies int! ='0'; states_id uint! ='0'; comment text; manufacturers_id uint! ='0'") },
  glpi_items_enclosures: { columns: "id uint! AI; enclosures_id uint!; itemtype vc(255)!; items_id uint!; position int!", unique: [['itemtype', 'items_id']] },
  glpi_pdumodels: { columns: `${RACK_MODEL("max_power int! ='0'")}; is_rackable tiny! ='0'; ${DATES}` },
  glpi_pdutypes: { columns: ENTITY_TYPE },
  glpi_pdus: { columns: DC_ASSET('pdumodels_id', "states_id uint! ='0'; comment text; manufacturers_id uint! ='0'; pdutypes_id uint! ='0'") },
  glpi_plugs: { columns: SIMPLE },
  glpi_pdus_plugs: { columns: `id uint! AI; plugs_id uint! ='0'; pdus_id uint! ='0'; number_plugs int ='0'; ${DATES}` },
  glpi_pdus_racks: { columns: `id uint! AI; racks_id uint! ='0'; pdus_id uint! ='0'; side int ='0'; position int!; bgcolor vc(7) =NULL; ${DATES}` },
  glpi_passivedcequipmentmodels: { columns: `${RACK_MODEL("power_consumption int! ='0'")}; ${DATES}` },
  glpi_passivedcequipmenttypes: { columns: SIMPLE },
  glpi_passivedcequipments: {
    columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; locations_id uint! ='0'; serial vc(255) =NULL; otherserial vc(255) =NULL; passivedcequipmentmodels_id uint =NULL; passivedcequipmenttypes_id uint! ='0'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; is_deleted tiny! ='0'; states_id uint! ='0'; comment text; manufacturers_id uint! ='0'; ${DATES}`,
  },
  glpi_clustertypes: { columns: ENTITY_TYPE },
  glpi_clusters: {
    columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; uuid vc(255) =NULL; version vc(255) =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; is_deleted tiny! ='0'; states_id uint! ='0'; comment text; clustertypes_id uint! ='0'; autoupdatesystems_id uint! ='0'; ${DATES}`,
  },
  glpi_items_clusters: { columns: "id uint! AI; clusters_id uint! ='0'; itemtype vc(100) =NULL; items_id uint! ='0'", unique: [['clusters_id', 'itemtype', 'items_id']] },
  glpi_appliances: {
    columns: `id uint! AI; ${ENTITY}; name vc(255)! =''; is_deleted tiny! ='0'; appliancetypes_id uint! ='0'; comment text; locations_id uint! ='0'; manufacturers_id uint! ='0'; applianceenvironments_id uint! ='0'; users_id uint! ='0'; users_id_tech uint! ='0'; groups_id uint! ='0'; groups_id_tech uint! ='0'; ${DATES}; states_id uint! ='0'; externalidentifier vc(255) =NULL; serial vc(255) =NULL; otherserial vc(255) =NULL; contact vc(255) =NULL; contact_num vc(255) =NULL; is_helpdesk_visible tiny! ='1'; pictures text`,
    unique: [['externalidentifier']],
  },
  glpi_appliances_items: { columns: "id uint! AI; appliances_id uint! ='0'; items_id uint! ='0'; itemtype vc(100)! =''", unique: [['appliances_id', 'items_id', 'itemtype']] },
  glpi_appliancetypes: { columns: `id uint! AI; ${ENTITY}; name vc(255)! =''; comment text; externalidentifier vc(255) =NULL`, unique: [['externalidentifier']] },
  glpi_applianceenvironments: { columns: 'id uint! AI; name vc(255) =NULL; comment text' },
  glpi_appliances_items_relations: { columns: "id uint! AI; appliances_items_id uint! ='0'; itemtype vc(100)!; items_id uint! ='0'" },
  glpi_unmanageds: {
    columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; serial vc(255) =NULL; otherserial vc(255) =NULL; contact vc(255) =NULL; contact_num vc(255) =NULL; date_mod ts NULL =NULL; comment text; locations_id uint! ='0'; networks_id uint! ='0'; manufacturers_id uint! ='0'; is_deleted tiny! ='0'; users_id uint! ='0'; groups_id uint! ='0'; states_id uint! ='0'; is_dynamic tiny! ='0'; date_creation ts NULL =NULL; autoupdatesystems_id uint! ='0'; sysdescr text; agents_id uint! ='0'; itemtype vc(100) =NULL; accepted tiny! ='0'; hub tiny! ='0'; ip vc(255) =NULL; snmpcredentials_id uint! ='0'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; last_inventory_update ts NULL =NULL`,
  },
  glpi_cables: {
    columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; itemtype_endpoint_a vc(255) =NULL; itemtype_endpoint_b vc(255) =NULL; items_id_endpoint_a uint! ='0'; items_id_endpoint_b uint! ='0'; socketmodels_id_endpoint_a uint! ='0'; socketmodels_id_endpoint_b uint! ='0'; sockets_id_endpoint_a uint! ='0'; sockets_id_endpoint_b uint! ='0'; cablestrands_id uint! ='0'; color vc(255) =NULL; otherserial vc(255) =NULL; states_id uint! ='0'; users_id_tech uint! ='0'; cabletypes_id uint! ='0'; comment text; ${DATES}; is_deleted tiny! ='0'`,
  },
  glpi_cabletypes: { columns: SIMPLE },
  glpi_cablestrands: { columns: SIMPLE },
  glpi_sockets: {
    columns: `id uint! AI; position int! ='0'; locations_id uint! ='0'; name vc(255) =NULL; socketmodels_id uint! ='0'; wiring_side int ='1'; itemtype vc(255) =NULL; items_id uint! ='0'; networkports_id uint! ='0'; comment text; ${DATES}`,
  },
  glpi_socketmodels: { columns: SIMPLE },
};

export const datacenterItemtypes: Record<string, ItemtypeSpec> = {
  Datacenter: { table: 'glpi_datacenters', kind: 'other', right: 'datacenter', trash: true, features: ['document'] },
  // GLPI 10.0 lists server rooms among its contract types and gives them notes.
  DCRoom: { table: 'glpi_dcrooms', kind: 'other', right: 'datacenter', trash: true, features: ['document', 'contract', 'note', 'ticket'] },
  Rack: asset('glpi_racks', 'datacenter'),
  RackModel: dropdown('glpi_rackmodels'),
  RackType: dropdown('glpi_racktypes'),
  Item_Rack: dependent('glpi_items_racks', [{ fk: 'racks_id', itemtype: 'Rack' }, poly], { polyTargets: RACKABLE, required: ['position'] }),
  Enclosure: asset('glpi_enclosures', 'datacenter', ['networkport', 'device']),
  EnclosureModel: dropdown('glpi_enclosuremodels'),
  Item_Enclosure: dependent('glpi_items_enclosures', [{ fk: 'enclosures_id', itemtype: 'Enclosure' }, poly], { polyTargets: RACKABLE, required: ['position'] }),
  PDU: asset('glpi_pdus', 'datacenter', ['networkport']),
  PDUModel: dropdown('glpi_pdumodels'),
  PDUType: dropdown('glpi_pdutypes'),
  Plug: dropdown('glpi_plugs'),
  Pdu_Plug: dependent('glpi_pdus_plugs', [{ fk: 'pdus_id', itemtype: 'PDU' }, { fk: 'plugs_id', itemtype: 'Plug' }]),
  PDU_Rack: dependent('glpi_pdus_racks', [{ fk: 'racks_id', itemtype: 'Rack' }, { fk: 'pdus_id', itemtype: 'PDU' }], { required: ['position'] }),
  PassiveDCEquipment: asset('glpi_passivedcequipments', 'datacenter'),
  PassiveDCEquipmentModel: dropdown('glpi_passivedcequipmentmodels'),
  PassiveDCEquipmentType: dropdown('glpi_passivedcequipmenttypes'),
  Cluster: asset('glpi_clusters', 'cluster', ['networkport']),
  ClusterType: dropdown('glpi_clustertypes'),
  Item_Cluster: dependent('glpi_items_clusters', [{ fk: 'clusters_id', itemtype: 'Cluster' }, poly], { polyTargets: ['Computer', 'NetworkEquipment'] }),
  Appliance: { ...asset('glpi_appliances', 'appliance'), allAssets: 10 },
  ApplianceType: dropdown('glpi_appliancetypes'),
  ApplianceEnvironment: dropdown('glpi_applianceenvironments'),
  // GLPI 10.0's appliance_types also name databases.
  Appliance_Item: dependent('glpi_appliances_items', [{ fk: 'appliances_id', itemtype: 'Appliance' }, poly], { polyTargets: [...ATTACHABLE, 'Database'] }),
  Appliance_Item_Relation: dependent('glpi_appliances_items_relations', [{ fk: 'appliances_items_id', itemtype: 'Appliance_Item' }, poly], {
    polyTargets: ['Location', 'Network', 'Domain'],
  }),
  Unmanaged: { ...asset('glpi_unmanageds', 'unmanaged', ['networkport']), allAssets: 9 },
  // GLPI 10.0's cables have a trash (is_deleted), financial data and tickets (its infocom_types, ticket_types).
  Cable: { table: 'glpi_cables', kind: 'other', right: 'cable_management', trash: true, features: ['document', 'infocom', 'ticket'] },
  CableType: dropdown('glpi_cabletypes'),
  CableStrand: dropdown('glpi_cablestrands'),
  Socket: { table: 'glpi_sockets', kind: 'other', right: 'cable_management', polyTargets: ['Computer', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'PassiveDCEquipment'] },
  SocketModel: dropdown('glpi_socketmodels'),
};
