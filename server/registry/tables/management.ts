// Management: contacts, certificates, domains, lines, databases, cartridges and consumables,
// budget types and contract costs. Columns follow GLPI 10.0's install/mysql/glpi-empty.sql.
import { asset, dependent, dropdown, poly } from '../kinds';
import type { ItemtypeSpec } from '../types';
import type { TableSpec } from './types';

const DATES = 'date_mod ts NULL =NULL; date_creation ts NULL =NULL';
const ENTITY = "entities_id uint! ='0'; is_recursive tiny! ='0'";
const SIMPLE = `id uint! AI; name vc(255) =NULL; comment text; ${DATES}`;

/** Items a certificate, domain or appliance may be attached to. */
export const ATTACHABLE = ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'SoftwareLicense', 'Software', 'Appliance', 'Cluster', 'DatabaseInstance', 'Domain', 'User', 'Unmanaged'];

export const managementTables: Record<string, TableSpec> = {
  glpi_contacts: {
    columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; firstname vc(255) =NULL; registration_number vc(255) =NULL; phone vc(255) =NULL; phone2 vc(255) =NULL; mobile vc(255) =NULL; fax vc(255) =NULL; email vc(255) =NULL; contacttypes_id uint! ='0'; comment text; is_deleted tiny! ='0'; usertitles_id uint! ='0'; address text; postcode vc(255) =NULL; town vc(255) =NULL; state vc(255) =NULL; country vc(255) =NULL; ${DATES}; pictures text`,
  },
  glpi_contacttypes: { columns: SIMPLE },
  glpi_contacts_suppliers: { columns: "id uint! AI; suppliers_id uint! ='0'; contacts_id uint! ='0'", unique: [['suppliers_id', 'contacts_id']] },
  glpi_certificates: {
    columns: `id uint! AI; name vc(255) =NULL; serial vc(255) =NULL; otherserial vc(255) =NULL; ${ENTITY}; comment text; is_deleted tiny! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; certificatetypes_id uint! ='0'; dns_name vc(255) =NULL; dns_suffix vc(255) =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; locations_id uint! ='0'; manufacturers_id uint! ='0'; contact vc(255) =NULL; contact_num vc(255) =NULL; users_id uint! ='0'; groups_id uint! ='0'; is_autosign tiny! ='0'; date_expiration date =NULL; states_id uint! ='0'; command text; certificate_request text; certificate_item text; date_creation ts NULL =NULL; date_mod ts NULL =NULL`,
  },
  glpi_certificates_items: {
    columns: "id uint! AI; certificates_id uint! ='0'; items_id uint! ='0'; itemtype vc(100)!; date_creation ts NULL =NULL; date_mod ts NULL =NULL",
    unique: [['certificates_id', 'itemtype', 'items_id']],
  },
  glpi_certificatetypes: { columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; comment text; date_creation ts NULL =NULL; date_mod ts NULL =NULL` },
  glpi_domains: {
    columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; domaintypes_id uint! ='0'; date_expiration ts NULL =NULL; date_domaincreation ts NULL =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; is_deleted tiny! ='0'; comment text; is_template tiny! ='0'; template_name vc(255) =NULL; is_active tiny! ='0'; ${DATES}`,
  },
  glpi_domaintypes: { columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; comment text` },
  glpi_domainrelations: { columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; comment text` },
  glpi_domainrecordtypes: { columns: `id uint! AI; name vc(255) =NULL; fields text; ${ENTITY}; comment text` },
  glpi_domains_items: {
    columns: "id uint! AI; domains_id uint! ='0'; items_id uint! ='0'; itemtype vc(100)!; domainrelations_id uint! ='0'; is_dynamic tiny! ='0'; is_deleted tiny! ='0'",
    unique: [['domains_id', 'itemtype', 'items_id']],
  },
  glpi_domainrecords: {
    columns: `id uint! AI; name vc(255) =NULL; data text; data_obj text; ${ENTITY}; domains_id uint! ='0'; domainrecordtypes_id uint! ='0'; ttl int!; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; is_deleted tiny! ='0'; comment text; ${DATES}`,
  },
  glpi_lines: {
    columns: `id uint! AI; name vc(255)! =''; ${ENTITY}; is_deleted tiny! ='0'; caller_num vc(255)! =''; caller_name vc(255)! =''; users_id uint! ='0'; groups_id uint! ='0'; lineoperators_id uint! ='0'; locations_id uint! ='0'; states_id uint! ='0'; linetypes_id uint! ='0'; date_creation ts NULL =NULL; date_mod ts NULL =NULL; comment text`,
  },
  glpi_lineoperators: { columns: `id uint! AI; name vc(255)! =''; comment text; mcc int =NULL; mnc int =NULL; ${ENTITY}; ${DATES}`, unique: [['mcc', 'mnc']] },
  glpi_linetypes: { columns: SIMPLE },
  glpi_budgettypes: { columns: SIMPLE },
  glpi_contractcosts: {
    columns: `id uint! AI; contracts_id uint! ='0'; name vc(255) =NULL; comment text; begin_date date =NULL; end_date date =NULL; cost decimal(20,4)! ='0.0000'; budgets_id uint! ='0'; ${ENTITY}`,
  },
  glpi_cartridges: {
    columns: `id uint! AI; entities_id uint! ='0'; cartridgeitems_id uint! ='0'; printers_id uint! ='0'; date_in date =NULL; date_use date =NULL; date_out date =NULL; pages int! ='0'; ${DATES}`,
  },
  glpi_cartridgeitems_printermodels: {
    columns: "id uint! AI; cartridgeitems_id uint! ='0'; printermodels_id uint! ='0'",
    unique: [['printermodels_id', 'cartridgeitems_id']],
  },
  glpi_consumables: {
    columns: `id uint! AI; entities_id uint! ='0'; consumableitems_id uint! ='0'; date_in date =NULL; date_out date =NULL; itemtype vc(100) =NULL; items_id uint! ='0'; ${DATES}`,
  },
  glpi_databaseinstances: {
    columns: `id uint! AI; ${ENTITY}; name vc(255)! =''; version vc(255)! =''; port vc(10)! =''; path vc(255)! =''; size int! ='0'; databaseinstancetypes_id uint! ='0'; databaseinstancecategories_id uint! ='0'; locations_id uint! ='0'; manufacturers_id uint! ='0'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; states_id uint! ='0'; itemtype vc(100)! =''; items_id uint! ='0'; is_onbackup tiny! ='0'; is_active tiny! ='0'; is_deleted tiny! ='0'; is_helpdesk_visible tiny! ='1'; is_dynamic tiny! ='0'; autoupdatesystems_id uint! ='0'; date_creation ts NULL =NULL; date_mod ts NULL =NULL; date_lastboot ts NULL =NULL; date_lastbackup ts NULL =NULL; comment text`,
  },
  glpi_databaseinstancetypes: { columns: SIMPLE },
  glpi_databaseinstancecategories: { columns: SIMPLE },
  glpi_databases: {
    columns: `id uint! AI; ${ENTITY}; name vc(255)! =''; size int! ='0'; databaseinstances_id uint! ='0'; is_onbackup tiny! ='0'; is_active tiny! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; date_creation ts NULL =NULL; date_mod ts NULL =NULL; date_update ts NULL =NULL; date_lastbackup ts NULL =NULL`,
  },
};

/** A link row between a managing item (by its foreign key) and any attachable item. */
const itemLink = (table: string, fk: string, owner: string, targets = ATTACHABLE): ItemtypeSpec =>
  dependent(table, [{ fk, itemtype: owner }, poly], { polyTargets: targets });

export const managementItemtypes: Record<string, ItemtypeSpec> = {
  Contact: { table: 'glpi_contacts', kind: 'other', right: 'contact_enterprise', trash: true, features: ['document', 'note'] },
  ContactType: dropdown('glpi_contacttypes'),
  Contact_Supplier: dependent('glpi_contacts_suppliers', [{ fk: 'contacts_id', itemtype: 'Contact' }, { fk: 'suppliers_id', itemtype: 'Supplier' }]),
  Certificate: { ...asset('glpi_certificates', 'certificate'), allAssets: 8 },
  CertificateType: dropdown('glpi_certificatetypes'),
  Certificate_Item: itemLink('glpi_certificates_items', 'certificates_id', 'Certificate'),
  Domain: { table: 'glpi_domains', kind: 'other', right: 'domain', trash: true, features: ['infocom', 'contract', 'document', 'ticket', 'note'] },
  DomainType: dropdown('glpi_domaintypes'),
  DomainRelation: dropdown('glpi_domainrelations'),
  DomainRecordType: dropdown('glpi_domainrecordtypes'),
  // GLPI 10.0's domain_types also name certificates and databases.
  Domain_Item: itemLink('glpi_domains_items', 'domains_id', 'Domain', [...ATTACHABLE, 'Certificate', 'Database']),
  DomainRecord: { table: 'glpi_domainrecords', kind: 'other', right: 'domain', trash: true, required: ['ttl'], features: ['document', 'ticket'] },
  Line: { table: 'glpi_lines', kind: 'other', right: 'line', trash: true, features: ['infocom', 'contract', 'document', 'note', 'ticket'] },
  LineOperator: dropdown('glpi_lineoperators'),
  LineType: dropdown('glpi_linetypes'),
  BudgetType: dropdown('glpi_budgettypes'),
  ContractCost: dependent('glpi_contractcosts', [{ fk: 'contracts_id', itemtype: 'Contract' }], { kind: 'child', history: true }),
  // Cartridges and consumables have financial data of their own (GLPI's infocom_types).
  Cartridge: dependent('glpi_cartridges', [{ fk: 'cartridgeitems_id', itemtype: 'CartridgeItem' }], { kind: 'child', history: true, features: ['infocom'], quietAdd: true }),
  CartridgeItem_PrinterModel: dependent('glpi_cartridgeitems_printermodels', [
    { fk: 'cartridgeitems_id', itemtype: 'CartridgeItem' },
    { fk: 'printermodels_id', itemtype: 'PrinterModel' },
  ]),
  // GLPI keeps no history of a consumable's own (no dohistory): its changes are logged on its model.
  Consumable: dependent('glpi_consumables', [{ fk: 'consumableitems_id', itemtype: 'ConsumableItem' }], { kind: 'child', polyTargets: ['User', 'Group'], features: ['infocom'], quietAdd: true }),
  DatabaseInstance: { ...asset('glpi_databaseinstances', 'database'), polyTargets: ['Computer'] },
  DatabaseInstanceType: dropdown('glpi_databaseinstancetypes'),
  DatabaseInstanceCategory: dropdown('glpi_databaseinstancecategories'),
  Database: dependent('glpi_databases', [{ fk: 'databaseinstances_id', itemtype: 'DatabaseInstance' }], { kind: 'child', history: true, trash: true, features: ['ticket'] }),
};
