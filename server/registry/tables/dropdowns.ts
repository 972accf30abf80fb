// Further GLPI 10 dropdowns and asset sub-items: operating system families and versions, virtual
// machines and their dropdowns, antiviruses, network interfaces, VLANs, wifi networks, port types,
// blacklists, external links and planning event templates. Columns follow GLPI 10.0's
// install/mysql/glpi-empty.sql.
import { dependent, dropdown } from '../kinds';
import type { ItemtypeSpec } from '../types';
import type { TableSpec } from './types';

const DATES = 'date_mod ts NULL =NULL; date_creation ts NULL =NULL';
const ENTITY = "entities_id uint! ='0'; is_recursive tiny! ='0'";
const SIMPLE = `id uint! AI; name vc(255) =NULL; comment text; ${DATES}`;
const NAMED = `id uint! AI; name vc(255)! =''; comment text; ${DATES}`;
const computer = { fk: 'computers_id', itemtype: 'Computer' } as const;

export const dropdownTables: Record<string, TableSpec> = {
  glpi_operatingsystemversions: { columns: SIMPLE },
  glpi_operatingsystemservicepacks: { columns: SIMPLE },
  glpi_operatingsystemarchitectures: { columns: SIMPLE },
  glpi_operatingsystemeditions: { columns: SIMPLE },
  glpi_operatingsystemkernels: { columns: SIMPLE },
  glpi_operatingsystemkernelversions: { columns: `id uint! AI; operatingsystemkernels_id uint! ='0'; name vc(255) =NULL; comment text; ${DATES}` },
  glpi_virtualmachinestates: { columns: NAMED },
  glpi_virtualmachinesystems: { columns: NAMED },
  glpi_virtualmachinetypes: { columns: NAMED },
  glpi_computervirtualmachines: {
    columns: `id uint! AI; entities_id uint! ='0'; computers_id uint! ='0'; name vc(255)! =''; virtualmachinestates_id uint! ='0'; virtualmachinesystems_id uint! ='0'; virtualmachinetypes_id uint! ='0'; uuid vc(255)! =''; vcpu int! ='0'; ram vc(255)! =''; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; comment text; ${DATES}`,
  },
  glpi_computerantiviruses: {
    columns: `id uint! AI; computers_id uint! ='0'; name vc(255) =NULL; manufacturers_id uint! ='0'; antivirus_version vc(255) =NULL; signature_version vc(255) =NULL; is_active tiny! ='0'; is_deleted tiny! ='0'; is_uptodate tiny! ='0'; is_dynamic tiny! ='0'; date_expiration ts NULL =NULL; ${DATES}`,
  },
  glpi_networkinterfaces: { columns: 'id uint! AI; name vc(255) =NULL; comment text' },
  glpi_vlans: { columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; comment text; tag int! ='0'; ${DATES}` },
  glpi_wifinetworks: { columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; essid vc(255) =NULL; mode vc(255) =NULL; comment text; ${DATES}` },
  glpi_networkportfiberchanneltypes: { columns: SIMPLE },
  glpi_networkporttypes: {
    columns: `id uint! AI; ${ENTITY}; value_decimal int!; name vc(255) =NULL; comment text; is_importable tiny! ='0'; instantiation_type vc(255) =NULL; date_creation ts NULL =NULL; date_mod ts NULL =NULL`,
  },
  glpi_networkports_vlans: { columns: "id uint! AI; networkports_id uint! ='0'; vlans_id uint! ='0'; tagged tiny! ='0'", unique: [['networkports_id', 'vlans_id']] },
  glpi_ipnetworks_vlans: { columns: "id uint! AI; ipnetworks_id uint! ='0'; vlans_id uint! ='0'", unique: [['ipnetworks_id', 'vlans_id']] },
  glpi_networkaliases: { columns: "id uint! AI; entities_id uint! ='0'; networknames_id uint! ='0'; name vc(255) =NULL; fqdns_id uint! ='0'; comment text" },
  glpi_blacklists: { columns: `id uint! AI; type int! ='0'; name vc(255) =NULL; value vc(255) =NULL; comment text; ${DATES}` },
  glpi_blacklistedmailcontents: { columns: `id uint! AI; name vc(255) =NULL; content text; comment text; ${DATES}` },
  glpi_links: { columns: `id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='1'; name vc(255) =NULL; link vc(255) =NULL; data text; open_window tiny! ='1'; ${DATES}` },
  glpi_links_itemtypes: { columns: "id uint! AI; links_id uint! ='0'; itemtype vc(100)!", unique: [['itemtype', 'links_id']] },
  glpi_usbvendors: { columns: `id uint! AI; ${ENTITY}; vendorid vc(4)!; deviceid vc(4) =NULL; name vc(255) =NULL; comment text; date_creation ts NULL =NULL; date_mod ts NULL =NULL`, unique: [['vendorid', 'deviceid']] },
  glpi_pcivendors: { columns: `id uint! AI; ${ENTITY}; vendorid vc(4)!; deviceid vc(4) =NULL; name vc(255) =NULL; comment text; date_creation ts NULL =NULL; date_mod ts NULL =NULL`, unique: [['vendorid', 'deviceid']] },
  glpi_planningeventcategories: { columns: `id uint! AI; name vc(255) =NULL; color vc(255) =NULL; comment text; ${DATES}` },
  glpi_planningexternaleventtemplates: {
    columns: `id uint! AI; entities_id uint! ='0'; name vc(255) =NULL; text mediumtext; comment text; duration int! ='0'; before_time int! ='0'; rrule text; state int! ='0'; planningeventcategories_id uint! ='0'; background tiny! ='0'; ${DATES}`,
  },
  glpi_imageformats: { columns: `id uint! AI; name vc(255) =NULL; date_mod ts NULL =NULL; comment text; date_creation ts NULL =NULL; ${ENTITY}`, unique: [['name']] },
  glpi_imageresolutions: { columns: `id uint! AI; name vc(255) =NULL; is_video tiny! ='0'; date_mod ts NULL =NULL; comment text; date_creation ts NULL =NULL; ${ENTITY}`, unique: [['name']] },
};

export const dropdownItemtypes: Record<string, ItemtypeSpec> = {
  OperatingSystemVersion: dropdown('glpi_operatingsystemversions'),
  OperatingSystemServicePack: dropdown('glpi_operatingsystemservicepacks'),
  OperatingSystemArchitecture: dropdown('glpi_operatingsystemarchitectures'),
  OperatingSystemEdition: dropdown('glpi_operatingsystemeditions'),
  OperatingSystemKernel: dropdown('glpi_operatingsystemkernels'),
  OperatingSystemKernelVersion: dropdown('glpi_operatingsystemkernelversions'),
  VirtualMachineState: dropdown('glpi_virtualmachinestates'),
  VirtualMachineSystem: dropdown('glpi_virtualmachinesystems'),
  VirtualMachineType: dropdown('glpi_virtualmachinetypes'),
  ComputerVirtualMachine: dependent('glpi_computervirtualmachines', [computer], { kind: 'child', history: true }),
  ComputerAntivirus: dependent('glpi_computerantiviruses', [computer], { kind: 'child', history: true }),
  NetworkInterface: dropdown('glpi_networkinterfaces'),
  Vlan: dropdown('glpi_vlans'),
  WifiNetwork: dropdown('glpi_wifinetworks', 'internet'),
  NetworkPortFiberchannelType: dropdown('glpi_networkportfiberchanneltypes'),
  NetworkPortType: { ...dropdown('glpi_networkporttypes'), required: ['value_decimal'] },
  NetworkPort_Vlan: dependent('glpi_networkports_vlans', [{ fk: 'networkports_id', itemtype: 'NetworkPort' }, { fk: 'vlans_id', itemtype: 'Vlan' }]),
  IPNetwork_Vlan: dependent('glpi_ipnetworks_vlans', [{ fk: 'ipnetworks_id', itemtype: 'IPNetwork' }, { fk: 'vlans_id', itemtype: 'Vlan' }]),
  NetworkAlias: dependent('glpi_networkaliases', [{ fk: 'networknames_id', itemtype: 'NetworkName' }], { kind: 'child' }),
  Blacklist: dropdown('glpi_blacklists'),
  BlacklistedMailContent: dropdown('glpi_blacklistedmailcontents'),
  Link: dropdown('glpi_links', 'link'),
  Link_Itemtype: dependent('glpi_links_itemtypes', [{ fk: 'links_id', itemtype: 'Link' }], { kind: 'child', required: ['itemtype'] }),
  USBVendor: { ...dropdown('glpi_usbvendors'), required: ['vendorid'] },
  PCIVendor: { ...dropdown('glpi_pcivendors'), required: ['vendorid'] },
  PlanningEventCategory: dropdown('glpi_planningeventcategories'),
  PlanningExternalEventTemplate: dropdown('glpi_planningexternaleventtemplates'),
  ImageFormat: dropdown('glpi_imageformats'),
  ImageResolution: dropdown('glpi_imageresolutions'),
};
