// Column lists of further GLPI 10.0 tables (dropdowns, management, links, networking, devices),
// in the compact notation of ../columns.ts (`name type[!] [AI] [=default]`, `;`-separated).
// Column names, order, nullability and defaults follow GLPI 10.0's install/mysql/glpi-empty.sql.
// The notation has no `time` or `bigint`: MySQL TIME columns are written char(8) ('HH:MM:SS'),
// BIGINT columns int (JS numbers are exact up to 2^53), and tinyint columns that hold values
// other than 0/1 (IP version 4/6) int, so that they are not read as booleans.
import type { TableSpec } from './types';

export const extraTables: Record<string, TableSpec> = {
  // Simple dropdowns: id, name, comment, date_mod, date_creation
  glpi_autoupdatesystems: {
    // GLPI keeps neither date_mod nor date_creation on this table.
    columns: "id uint! AI; name vc(255) =NULL; comment text",
  },
  glpi_cartridgeitemtypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_consumableitemtypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_contracttypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_filesystems: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_monitortypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_networkequipmenttypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_networks: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_operatingsystems: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_peripheraltypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_phonepowersupplies: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_phonetypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_printertypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_solutiontypes: {
    // Entity-aware dropdown; is_recursive defaults to 1 in GLPI.
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; entities_id uint! ='0'; is_recursive tiny! ='1'; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_suppliertypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_usercategories: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_usertitles: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },

  // Model dropdowns (rack-mountable models carry the same rack fields as glpi_computermodels)
  glpi_monitormodels: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL; weight int! ='0'; required_units int! ='1'; depth float! ='1'; power_connections int! ='0'; power_consumption int! ='0'; is_half_rack tiny! ='0'; picture_front text; picture_rear text; pictures text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_networkequipmentmodels: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL; weight int! ='0'; required_units int! ='1'; depth float! ='1'; power_connections int! ='0'; power_consumption int! ='0'; is_half_rack tiny! ='0'; picture_front text; picture_rear text; pictures text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_peripheralmodels: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL; weight int! ='0'; required_units int! ='1'; depth float! ='1'; power_connections int! ='0'; power_consumption int! ='0'; is_half_rack tiny! ='0'; picture_front text; picture_rear text; pictures text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_phonemodels: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL; picture_front text; picture_rear text; pictures text",
  },
  glpi_printermodels: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL; picture_front text; picture_rear text; pictures text",
  },

  // Tree dropdowns (parent fk, completename, level, ancestors/sons caches)
  glpi_businesscriticities: {
    columns:
      "id uint! AI; name vc(255) =NULL; entities_id uint! ='0'; is_recursive tiny! ='0'; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL; businesscriticities_id uint! ='0'; completename text; level int! ='0'; ancestors_cache longtext; sons_cache longtext",
    unique: [["businesscriticities_id", "name"]],
  },
  glpi_documentcategories: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; documentcategories_id uint! ='0'; completename text; level int! ='0'; ancestors_cache longtext; sons_cache longtext; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
    unique: [["documentcategories_id", "name"]],
  },
  glpi_softwarecategories: {
    // GLPI keeps neither date_mod nor date_creation on this table.
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; softwarecategories_id uint! ='0'; completename text; level int! ='0'; ancestors_cache longtext; sons_cache longtext",
  },
  glpi_softwarelicensetypes: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL; softwarelicensetypes_id uint! ='0'; level int! ='0'; ancestors_cache longtext; sons_cache longtext; entities_id uint! ='0'; is_recursive tiny! ='0'; completename text",
  },

  // Management: suppliers, contracts, budgets
  glpi_budgets: {
    columns:
      "id uint! AI; name vc(255) =NULL; entities_id uint! ='0'; is_recursive tiny! ='0'; comment text; is_deleted tiny! ='0'; begin_date date =NULL; end_date date =NULL; value decimal(20,4)! ='0.0000'; is_template tiny! ='0'; template_name vc(255) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL; locations_id uint! ='0'; budgettypes_id uint! ='0'",
  },
  glpi_contracts: {
    // The *_hour columns are MySQL TIME NOT NULL DEFAULT '00:00:00' in GLPI.
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; num vc(255) =NULL; contracttypes_id uint! ='0'; begin_date date =NULL; duration int! ='0'; notice int! ='0'; periodicity int! ='0'; billing int! ='0'; comment text; accounting_number vc(255) =NULL; is_deleted tiny! ='0'; week_begin_hour char(8)! ='00:00:00'; week_end_hour char(8)! ='00:00:00'; saturday_begin_hour char(8)! ='00:00:00'; saturday_end_hour char(8)! ='00:00:00'; use_saturday tiny! ='0'; sunday_begin_hour char(8)! ='00:00:00'; sunday_end_hour char(8)! ='00:00:00'; use_sunday tiny! ='0'; max_links_allowed int! ='0'; alert int! ='0'; renewal int! ='0'; template_name vc(255) =NULL; is_template tiny! ='0'; states_id uint! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL; locations_id uint! ='0'",
  },
  glpi_contracts_items: {
    columns: "id uint! AI; contracts_id uint! ='0'; items_id uint! ='0'; itemtype vc(100)!",
    unique: [["contracts_id", "itemtype", "items_id"]],
  },
  glpi_contracts_suppliers: {
    columns: "id uint! AI; suppliers_id uint! ='0'; contracts_id uint! ='0'",
    unique: [["suppliers_id", "contracts_id"]],
  },
  glpi_suppliers: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; suppliertypes_id uint! ='0'; registration_number vc(255) =NULL; address text; postcode vc(255) =NULL; town vc(255) =NULL; state vc(255) =NULL; country vc(255) =NULL; website vc(255) =NULL; phonenumber vc(255) =NULL; comment text; is_deleted tiny! ='0'; fax vc(255) =NULL; email vc(255) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL; is_active tiny! ='0'; pictures text",
  },

  // Software: versions and their installations / license assignments on items
  glpi_items_softwarelicenses: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(100)!; softwarelicenses_id uint! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'",
  },
  glpi_items_softwareversions: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(100)!; softwareversions_id uint! ='0'; is_deleted_item tiny! ='0'; is_template_item tiny! ='0'; entities_id uint! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; date_install date =NULL",
    unique: [["itemtype", "items_id", "softwareversions_id"]],
  },
  glpi_softwareversions: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; softwares_id uint! ='0'; states_id uint! ='0'; name vc(255) =NULL; arch vc(255) =NULL; comment text; operatingsystems_id uint! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },

  // Asset sub-items: direct connections, disks, operating systems, notes
  glpi_computers_items: {
    columns:
      "id uint! AI; items_id uint! ='0'; computers_id uint! ='0'; itemtype vc(100)!; is_deleted tiny! ='0'; is_dynamic tiny! ='0'",
  },
  glpi_items_disks: {
    columns:
      "id uint! AI; entities_id uint! ='0'; itemtype vc(255) =NULL; items_id uint! ='0'; name vc(255) =NULL; device vc(255) =NULL; mountpoint vc(255) =NULL; filesystems_id uint! ='0'; totalsize int! ='0'; freesize int! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; encryption_status int! ='0'; encryption_tool vc(255) =NULL; encryption_algorithm vc(255) =NULL; encryption_type vc(255) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_items_operatingsystems: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(255) =NULL; operatingsystems_id uint! ='0'; operatingsystemversions_id uint! ='0'; operatingsystemservicepacks_id uint! ='0'; operatingsystemarchitectures_id uint! ='0'; operatingsystemkernelversions_id uint! ='0'; license_number vc(255) =NULL; licenseid vc(255) =NULL; operatingsystemeditions_id uint! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; install_date date =NULL; company vc(255) =NULL; owner vc(255) =NULL; hostid vc(255) =NULL",
    unique: [["items_id", "itemtype", "operatingsystems_id", "operatingsystemarchitectures_id"]],
  },
  glpi_notepads: {
    columns:
      "id uint! AI; itemtype vc(100) =NULL; items_id uint! ='0'; date_creation ts NULL =NULL; date_mod ts NULL =NULL; users_id uint! ='0'; users_id_lastupdater uint! ='0'; content longtext",
  },

  // Networking: ports, names, addresses, networks
  glpi_fqdns: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; fqdn vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_ipaddresses: {
    // version is tinyint unsigned in GLPI (4 or 6).
    columns:
      "id uint! AI; entities_id uint! ='0'; items_id uint! ='0'; itemtype vc(100)!; version int ='0'; name vc(255) =NULL; binary_0 uint! ='0'; binary_1 uint! ='0'; binary_2 uint! ='0'; binary_3 uint! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; mainitems_id uint! ='0'; mainitemtype vc(255) =NULL",
  },
  glpi_ipnetworks: {
    // version is tinyint unsigned in GLPI (4 or 6).
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; ipnetworks_id uint! ='0'; completename text; level int! ='0'; ancestors_cache longtext; sons_cache longtext; addressable tiny! ='0'; version int ='0'; name vc(255) =NULL; address vc(40) =NULL; address_0 uint! ='0'; address_1 uint! ='0'; address_2 uint! ='0'; address_3 uint! ='0'; netmask vc(40) =NULL; netmask_0 uint! ='0'; netmask_1 uint! ='0'; netmask_2 uint! ='0'; netmask_3 uint! ='0'; gateway vc(40) =NULL; gateway_0 uint! ='0'; gateway_1 uint! ='0'; gateway_2 uint! ='0'; gateway_3 uint! ='0'; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_networknames: {
    columns:
      "id uint! AI; entities_id uint! ='0'; items_id uint! ='0'; itemtype vc(100)!; name vc(255) =NULL; comment text; fqdns_id uint! ='0'; ipnetworks_id uint! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_networkportethernets: {
    columns:
      "id uint! AI; networkports_id uint! ='0'; items_devicenetworkcards_id uint! ='0'; type vc(10) =''; speed int! ='10'; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
    unique: [["networkports_id"]],
  },
  glpi_networkports: {
    // ifspeed, ifinbytes, ifinerrors, ifoutbytes, ifouterrors are BIGINT in GLPI.
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(100)!; entities_id uint! ='0'; is_recursive tiny! ='0'; logical_number int! ='0'; name vc(255) =NULL; instantiation_type vc(255) =NULL; mac vc(255) =NULL; comment text; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL; ifmtu int! ='0'; ifspeed int! ='0'; ifinternalstatus vc(255) =NULL; ifconnectionstatus int! ='0'; iflastchange vc(255) =NULL; ifinbytes int! ='0'; ifinerrors int! ='0'; ifoutbytes int! ='0'; ifouterrors int! ='0'; ifstatus vc(255) =NULL; ifdescr vc(255) =NULL; ifalias vc(255) =NULL; portduplex vc(255) =NULL; trunk tiny! ='0'; lastup ts NULL =NULL",
  },

  // ITIL links: items, tickets/problems/changes, suppliers
  glpi_changes_items: {
    columns: "id uint! AI; changes_id uint! ='0'; itemtype vc(100) =NULL; items_id uint! ='0'",
    unique: [["changes_id", "itemtype", "items_id"]],
  },
  glpi_changes_problems: {
    columns: "id uint! AI; changes_id uint! ='0'; problems_id uint! ='0'",
    unique: [["changes_id", "problems_id"]],
  },
  glpi_changes_suppliers: {
    columns:
      "id uint! AI; changes_id uint! ='0'; suppliers_id uint! ='0'; type int! ='1'; use_notification tiny! ='0'; alternative_email vc(255) =NULL",
    unique: [["changes_id", "type", "suppliers_id"]],
  },
  glpi_changes_tickets: {
    columns: "id uint! AI; changes_id uint! ='0'; tickets_id uint! ='0'",
    unique: [["changes_id", "tickets_id"]],
  },
  glpi_items_problems: {
    columns: "id uint! AI; problems_id uint! ='0'; itemtype vc(100) =NULL; items_id uint! ='0'",
    unique: [["problems_id", "itemtype", "items_id"]],
  },
  glpi_items_tickets: {
    columns: "id uint! AI; itemtype vc(255) =NULL; items_id uint! ='0'; tickets_id uint! ='0'",
    unique: [["itemtype", "items_id", "tickets_id"]],
  },
  glpi_problems_suppliers: {
    columns:
      "id uint! AI; problems_id uint! ='0'; suppliers_id uint! ='0'; type int! ='1'; use_notification tiny! ='0'; alternative_email vc(255) =NULL",
    unique: [["problems_id", "type", "suppliers_id"]],
  },
  glpi_problems_tickets: {
    columns: "id uint! AI; problems_id uint! ='0'; tickets_id uint! ='0'",
    unique: [["problems_id", "tickets_id"]],
  },

  // ITIL timeline items: tasks, solutions, validations
  glpi_itilsolutions: {
    columns:
      "id uint! AI; itemtype vc(100)!; items_id uint! ='0'; solutiontypes_id uint! ='0'; solutiontype_name vc(255) =NULL; content longtext; date_creation ts NULL =NULL; date_mod ts NULL =NULL; date_approval ts NULL =NULL; users_id uint! ='0'; user_name vc(255) =NULL; users_id_editor uint! ='0'; users_id_approval uint! ='0'; user_name_approval vc(255) =NULL; status int! ='1'; itilfollowups_id uint =NULL",
  },
  glpi_tickettasks: {
    columns:
      "id uint! AI; uuid vc(255) =NULL; tickets_id uint! ='0'; taskcategories_id uint! ='0'; date ts NULL =NULL; users_id uint! ='0'; users_id_editor uint! ='0'; content longtext; is_private tiny! ='0'; actiontime int! ='0'; begin ts NULL =NULL; end ts NULL =NULL; state int! ='1'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL; tasktemplates_id uint! ='0'; timeline_position tiny! ='0'; sourceitems_id uint! ='0'; sourceof_items_id uint! ='0'",
    unique: [["uuid"]],
  },
  glpi_ticketvalidations: {
    columns:
      "id uint! AI; entities_id uint! ='0'; users_id uint! ='0'; tickets_id uint! ='0'; users_id_validate uint! ='0'; comment_submission text; comment_validation text; status int! ='2'; submission_date ts NULL =NULL; validation_date ts NULL =NULL; timeline_position tiny! ='0'",
  },

  // API clients
  glpi_apiclients: {
    // ipv4_range_start / ipv4_range_end are BIGINT NULL in GLPI.
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL; is_active tiny! ='0'; ipv4_range_start int =NULL; ipv4_range_end int =NULL; ipv6 vc(255) =NULL; app_token vc(255) =NULL; app_token_date ts NULL =NULL; dolog_method tiny! ='0'; comment text",
  },

  // Devices (components) and their dropdowns; the *models_id links are nullable in GLPI
  glpi_devicegraphiccards: {
    columns:
      "id uint! AI; designation vc(255) =NULL; interfacetypes_id uint! ='0'; comment text; manufacturers_id uint! ='0'; memory_default int! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; devicegraphiccardmodels_id uint =NULL; chipset vc(255) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_deviceharddrives: {
    columns:
      "id uint! AI; designation vc(255) =NULL; rpm vc(255) =NULL; interfacetypes_id uint! ='0'; cache vc(255) =NULL; comment text; manufacturers_id uint! ='0'; capacity_default int! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; deviceharddrivemodels_id uint =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_devicememories: {
    columns:
      "id uint! AI; designation vc(255) =NULL; frequence vc(255) =NULL; comment text; manufacturers_id uint! ='0'; size_default int! ='0'; devicememorytypes_id uint! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; devicememorymodels_id uint =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_devicememorytypes: {
    columns: "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_devicenetworkcards: {
    columns:
      "id uint! AI; designation vc(255) =NULL; bandwidth vc(255) =NULL; comment text; manufacturers_id uint! ='0'; mac_default vc(255) =NULL; entities_id uint! ='0'; is_recursive tiny! ='0'; devicenetworkcardmodels_id uint =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_deviceprocessormodels: {
    // Device model dropdowns carry no date_mod / date_creation in GLPI.
    columns: "id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL",
  },
  glpi_deviceprocessors: {
    columns:
      "id uint! AI; designation vc(255) =NULL; frequence int! ='0'; comment text; manufacturers_id uint! ='0'; frequency_default int! ='0'; nbcores_default int =NULL; nbthreads_default int =NULL; entities_id uint! ='0'; is_recursive tiny! ='0'; deviceprocessormodels_id uint =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_items_devicegraphiccards: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(255) =NULL; devicegraphiccards_id uint! ='0'; memory int! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; serial vc(255) =NULL; busID vc(255) =NULL; otherserial vc(255) =NULL; locations_id uint! ='0'; states_id uint! ='0'",
  },
  glpi_items_deviceharddrives: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(255) =NULL; deviceharddrives_id uint! ='0'; capacity int! ='0'; serial vc(255) =NULL; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; busID vc(255) =NULL; otherserial vc(255) =NULL; locations_id uint! ='0'; states_id uint! ='0'",
  },
  glpi_items_devicememories: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(255) =NULL; devicememories_id uint! ='0'; size int! ='0'; serial vc(255) =NULL; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; busID vc(255) =NULL; otherserial vc(255) =NULL; locations_id uint! ='0'; states_id uint! ='0'",
  },
  glpi_items_devicenetworkcards: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(255) =NULL; devicenetworkcards_id uint! ='0'; mac vc(255) =NULL; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; entities_id uint! ='0'; is_recursive tiny! ='0'; serial vc(255) =NULL; busID vc(255) =NULL; otherserial vc(255) =NULL; locations_id uint! ='0'; states_id uint! ='0'",
  },
  glpi_items_deviceprocessors: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(255) =NULL; deviceprocessors_id uint! ='0'; frequency int! ='0'; serial vc(255) =NULL; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; nbcores int =NULL; nbthreads int =NULL; entities_id uint! ='0'; is_recursive tiny! ='0'; busID vc(255) =NULL; otherserial vc(255) =NULL; locations_id uint! ='0'; states_id uint! ='0'",
  },

  // A user's e-mail addresses (GLPI keeps them beside glpi_users; one is the default)
  glpi_useremails: {
    columns: "id uint! AI; users_id uint! ='0'; is_default tiny! ='0'; is_dynamic tiny! ='0'; email vc(255) =NULL",
    unique: [["users_id", "email"]],
  },

  // Deskbase-only (not in GLPI): per-user settings, one row per user
  glpi_userpreferences: {
    columns:
      "id uint! AI; users_id uint! ='0'; language char(10) =NULL; list_limit int =NULL; date_format int =NULL; number_format int =NULL; names_format int =NULL; csv_delimiter char(1) =NULL; is_ids_visible tiny =NULL; use_flat_dropdowntree tiny =NULL; followup_private tiny =NULL; task_private tiny =NULL; default_requesttypes_id uint =NULL; timezone vc(50) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
    unique: [["users_id"]],
  },
};
