// Column lists of the core GLPI 10.0 tables, in the compact notation of ../columns.ts
// (`name type[!] [AI] [=default]`, `;`-separated). Facts taken from the GLPI data model reference.
import type { TableSpec } from './types';

export const coreTables: Record<string, TableSpec> = {
  glpi_computers: {
    columns:
      "id uint! AI; entities_id uint! ='0'; name vc(255) =NULL; serial vc(255) =NULL; otherserial vc(255) =NULL; contact vc(255) =NULL; contact_num vc(255) =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; comment text; date_mod ts NULL =NULL; autoupdatesystems_id uint! ='0'; locations_id uint! ='0'; networks_id uint! ='0'; computermodels_id uint! ='0'; computertypes_id uint! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; manufacturers_id uint! ='0'; is_deleted tiny! ='0'; is_dynamic tiny! ='0'; users_id uint! ='0'; groups_id uint! ='0'; states_id uint! ='0'; ticket_tco decimal(20,4) ='0.0000'; uuid vc(255) =NULL; date_creation ts NULL =NULL; is_recursive tiny! ='0'; last_inventory_update ts NULL =NULL; last_boot ts NULL =NULL",
  },
  glpi_monitors: {
    columns:
      "id uint! AI; entities_id uint! ='0'; name vc(255) =NULL; date_mod ts NULL =NULL; contact vc(255) =NULL; contact_num vc(255) =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; comment text; serial vc(255) =NULL; otherserial vc(255) =NULL; size decimal(5,2)! ='0.00'; have_micro tiny! ='0'; have_speaker tiny! ='0'; have_subd tiny! ='0'; have_bnc tiny! ='0'; have_dvi tiny! ='0'; have_pivot tiny! ='0'; have_hdmi tiny! ='0'; have_displayport tiny! ='0'; locations_id uint! ='0'; monitortypes_id uint! ='0'; monitormodels_id uint! ='0'; manufacturers_id uint! ='0'; is_global tiny! ='0'; is_deleted tiny! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; users_id uint! ='0'; groups_id uint! ='0'; states_id uint! ='0'; ticket_tco decimal(20,4) ='0.0000'; is_dynamic tiny! ='0'; autoupdatesystems_id uint! ='0'; uuid vc(255) =NULL; date_creation ts NULL =NULL; is_recursive tiny! ='0'",
  },
  glpi_networkequipments: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; ram vc(255) =NULL; serial vc(255) =NULL; otherserial vc(255) =NULL; contact vc(255) =NULL; contact_num vc(255) =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; date_mod ts NULL =NULL; comment text; locations_id uint! ='0'; networks_id uint! ='0'; networkequipmenttypes_id uint! ='0'; networkequipmentmodels_id uint! ='0'; manufacturers_id uint! ='0'; is_deleted tiny! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; users_id uint! ='0'; groups_id uint! ='0'; states_id uint! ='0'; ticket_tco decimal(20,4) ='0.0000'; is_dynamic tiny! ='0'; uuid vc(255) =NULL; date_creation ts NULL =NULL; autoupdatesystems_id uint! ='0'; sysdescr text; cpu int! ='0'; uptime vc(255)! ='0'; last_inventory_update ts NULL =NULL; snmpcredentials_id uint! ='0'",
  },
  glpi_peripherals: {
    columns:
      "id uint! AI; entities_id uint! ='0'; name vc(255) =NULL; date_mod ts NULL =NULL; contact vc(255) =NULL; contact_num vc(255) =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; comment text; serial vc(255) =NULL; otherserial vc(255) =NULL; locations_id uint! ='0'; peripheraltypes_id uint! ='0'; peripheralmodels_id uint! ='0'; brand vc(255) =NULL; manufacturers_id uint! ='0'; is_global tiny! ='0'; is_deleted tiny! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; users_id uint! ='0'; groups_id uint! ='0'; states_id uint! ='0'; ticket_tco decimal(20,4) ='0.0000'; is_dynamic tiny! ='0'; autoupdatesystems_id uint! ='0'; uuid vc(255) =NULL; date_creation ts NULL =NULL; is_recursive tiny! ='0'",
  },
  glpi_phones: {
    columns:
      "id uint! AI; entities_id uint! ='0'; name vc(255) =NULL; date_mod ts NULL =NULL; contact vc(255) =NULL; contact_num vc(255) =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; comment text; serial vc(255) =NULL; otherserial vc(255) =NULL; locations_id uint! ='0'; phonetypes_id uint! ='0'; phonemodels_id uint! ='0'; brand vc(255) =NULL; phonepowersupplies_id uint! ='0'; number_line vc(255) =NULL; have_headset tiny! ='0'; have_hp tiny! ='0'; manufacturers_id uint! ='0'; is_global tiny! ='0'; is_deleted tiny! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; users_id uint! ='0'; groups_id uint! ='0'; states_id uint! ='0'; ticket_tco decimal(20,4) ='0.0000'; is_dynamic tiny! ='0'; autoupdatesystems_id uint! ='0'; uuid vc(255) =NULL; date_creation ts NULL =NULL; is_recursive tiny! ='0'; last_inventory_update ts NULL =NULL",
  },
  glpi_printers: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; date_mod ts NULL =NULL; contact vc(255) =NULL; contact_num vc(255) =NULL; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; serial vc(255) =NULL; otherserial vc(255) =NULL; have_serial tiny! ='0'; have_parallel tiny! ='0'; have_usb tiny! ='0'; have_wifi tiny! ='0'; have_ethernet tiny! ='0'; comment text; memory_size vc(255) =NULL; locations_id uint! ='0'; networks_id uint! ='0'; printertypes_id uint! ='0'; printermodels_id uint! ='0'; manufacturers_id uint! ='0'; is_global tiny! ='0'; is_deleted tiny! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; init_pages_counter int! ='0'; last_pages_counter int! ='0'; users_id uint! ='0'; groups_id uint! ='0'; states_id uint! ='0'; ticket_tco decimal(20,4) ='0.0000'; is_dynamic tiny! ='0'; uuid vc(255) =NULL; date_creation ts NULL =NULL; sysdescr text; last_inventory_update ts NULL =NULL; snmpcredentials_id uint! ='0'; autoupdatesystems_id uint! ='0'",
  },
  glpi_softwarelicenses: {
    columns:
      "id uint! AI; softwares_id uint! ='0'; softwarelicenses_id uint! ='0'; completename text; level int! ='0'; ancestors_cache longtext; sons_cache longtext; entities_id uint! ='0'; is_recursive tiny! ='0'; number int! ='0'; softwarelicensetypes_id uint! ='0'; name vc(255) =NULL; serial vc(255) =NULL; otherserial vc(255) =NULL; softwareversions_id_buy uint! ='0'; softwareversions_id_use uint! ='0'; expire date =NULL; comment text; date_mod ts NULL =NULL; is_valid tiny! ='1'; date_creation ts NULL =NULL; is_deleted tiny! ='0'; locations_id uint! ='0'; users_id_tech uint! ='0'; users_id uint! ='0'; groups_id_tech uint! ='0'; groups_id uint! ='0'; is_helpdesk_visible tiny! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; states_id uint! ='0'; manufacturers_id uint! ='0'; contact vc(255) =NULL; contact_num vc(255) =NULL; allow_overquota tiny! ='0'; pictures text",
  },
  glpi_cartridgeitems: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; ref vc(255) =NULL; locations_id uint! ='0'; cartridgeitemtypes_id uint! ='0'; manufacturers_id uint! ='0'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; is_deleted tiny! ='0'; comment text; alarm_threshold int! ='10'; stock_target int! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL; pictures text",
  },
  glpi_consumableitems: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; ref vc(255) =NULL; locations_id uint! ='0'; consumableitemtypes_id uint! ='0'; manufacturers_id uint! ='0'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; is_deleted tiny! ='0'; comment text; alarm_threshold int! ='10'; stock_target int! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL; otherserial vc(255) =NULL; pictures text",
  },
  glpi_tickets: {
    columns:
      "id uint! AI; entities_id uint! ='0'; name vc(255) =NULL; date ts NULL =NULL; closedate ts NULL =NULL; solvedate ts NULL =NULL; takeintoaccountdate ts NULL =NULL; date_mod ts NULL =NULL; users_id_lastupdater uint! ='0'; status int! ='1'; users_id_recipient uint! ='0'; requesttypes_id uint! ='0'; content longtext; urgency int! ='1'; impact int! ='1'; priority int! ='1'; itilcategories_id uint! ='0'; type int! ='1'; global_validation int! ='1'; slas_id_ttr uint! ='0'; slas_id_tto uint! ='0'; slalevels_id_ttr uint! ='0'; time_to_resolve ts NULL =NULL; time_to_own ts NULL =NULL; begin_waiting_date ts NULL =NULL; sla_waiting_duration int! ='0'; ola_waiting_duration int! ='0'; olas_id_tto uint! ='0'; olas_id_ttr uint! ='0'; olalevels_id_ttr uint! ='0'; ola_tto_begin_date ts NULL =NULL; ola_ttr_begin_date ts NULL =NULL; internal_time_to_resolve ts NULL =NULL; internal_time_to_own ts NULL =NULL; waiting_duration int! ='0'; close_delay_stat int! ='0'; solve_delay_stat int! ='0'; takeintoaccount_delay_stat int! ='0'; actiontime int! ='0'; is_deleted tiny! ='0'; locations_id uint! ='0'; validation_percent int! ='0'; date_creation ts NULL =NULL",
  },
  glpi_problems: {
    columns:
      "id uint! AI; name vc(255) =NULL; entities_id uint! ='0'; is_recursive tiny! ='0'; is_deleted tiny! ='0'; status int! ='1'; content longtext; date_mod ts NULL =NULL; date ts NULL =NULL; solvedate ts NULL =NULL; closedate ts NULL =NULL; time_to_resolve ts NULL =NULL; users_id_recipient uint! ='0'; users_id_lastupdater uint! ='0'; urgency int! ='1'; impact int! ='1'; priority int! ='1'; itilcategories_id uint! ='0'; impactcontent longtext; causecontent longtext; symptomcontent longtext; actiontime int! ='0'; begin_waiting_date ts NULL =NULL; waiting_duration int! ='0'; close_delay_stat int! ='0'; solve_delay_stat int! ='0'; date_creation ts NULL =NULL; locations_id uint! ='0'",
  },
  glpi_changes: {
    columns:
      "id uint! AI; name vc(255) =NULL; entities_id uint! ='0'; is_recursive tiny! ='0'; is_deleted tiny! ='0'; status int! ='1'; content longtext; date_mod ts NULL =NULL; date ts NULL =NULL; solvedate ts NULL =NULL; closedate ts NULL =NULL; time_to_resolve ts NULL =NULL; users_id_recipient uint! ='0'; users_id_lastupdater uint! ='0'; urgency int! ='1'; impact int! ='1'; priority int! ='1'; itilcategories_id uint! ='0'; impactcontent longtext; controlistcontent longtext; rolloutplancontent longtext; backoutplancontent longtext; checklistcontent longtext; global_validation int! ='1'; validation_percent int! ='0'; actiontime int! ='0'; begin_waiting_date ts NULL =NULL; waiting_duration int! ='0'; close_delay_stat int! ='0'; solve_delay_stat int! ='0'; date_creation ts NULL =NULL; locations_id uint! ='0'",
  },
  glpi_users: {
    columns:
      "id uint! AI; name vc(255) =NULL; password vc(255) =NULL; password_last_update ts NULL =NULL; phone vc(255) =NULL; phone2 vc(255) =NULL; mobile vc(255) =NULL; realname vc(255) =NULL; firstname vc(255) =NULL; locations_id uint! ='0'; language char(10) =NULL; use_mode int! ='0'; list_limit int =NULL; is_active tiny! ='1'; comment text; auths_id uint! ='0'; authtype int! ='0'; last_login ts NULL =NULL; date_mod ts NULL =NULL; date_sync ts NULL =NULL; is_deleted tiny! ='0'; profiles_id uint! ='0'; entities_id uint ='0'; usertitles_id uint! ='0'; usercategories_id uint! ='0'; date_format int =NULL; number_format int =NULL; names_format int =NULL; csv_delimiter char(1) =NULL; is_ids_visible tiny =NULL; use_flat_dropdowntree tiny =NULL; use_flat_dropdowntree_on_search_result tiny =NULL; show_jobs_at_login tiny =NULL; priority_1 char(20) =NULL; priority_2 char(20) =NULL; priority_3 char(20) =NULL; priority_4 char(20) =NULL; priority_5 char(20) =NULL; priority_6 char(20) =NULL; followup_private tiny =NULL; task_private tiny =NULL; default_requesttypes_id uint =NULL; password_forget_token char(40) =NULL; password_forget_token_date ts NULL =NULL; user_dn text; user_dn_hash vc(32); registration_number vc(255) =NULL; show_count_on_tabs tiny =NULL; refresh_views int =NULL; set_default_tech tiny =NULL; personal_token vc(255) =NULL; personal_token_date ts NULL =NULL; api_token vc(255) =NULL; api_token_date ts NULL =NULL; cookie_token vc(255) =NULL; cookie_token_date ts NULL =NULL; display_count_on_home int =NULL; notification_to_myself tiny =NULL; duedateok_color vc(255) =NULL; duedatewarning_color vc(255) =NULL; duedatecritical_color vc(255) =NULL; duedatewarning_less int =NULL; duedatecritical_less int =NULL; duedatewarning_unit vc(255) =NULL; duedatecritical_unit vc(255) =NULL; display_options text; is_deleted_ldap tiny! ='0'; pdffont vc(255) =NULL; picture vc(255) =NULL; begin_date ts NULL =NULL; end_date ts NULL =NULL; keep_devices_when_purging_item tiny =NULL; privatebookmarkorder longtext; backcreated tiny =NULL; task_state int =NULL; palette char(20) =NULL; page_layout char(20) =NULL; fold_menu tiny =NULL; fold_search tiny =NULL; savedsearches_pinned text; timeline_order char(20) =NULL; itil_layout text; richtext_layout char(20) =NULL; set_default_requester tiny =NULL; lock_autolock_mode tiny =NULL; lock_directunlock_notification tiny =NULL; date_creation ts NULL =NULL; highcontrast_css tiny ='0'; plannings text; sync_field vc(255) =NULL; groups_id uint! ='0'; users_id_supervisor uint! ='0'; timezone vc(50) =NULL; default_dashboard_central vc(100) =NULL; default_dashboard_assets vc(100) =NULL; default_dashboard_helpdesk vc(100) =NULL; default_dashboard_mini_ticket vc(100) =NULL; default_central_tab tiny ='0'; nickname vc(255) =NULL; timeline_action_btn_layout tiny =NULL; timeline_date_format tiny =NULL",
    unique: [["name", "authtype", "auths_id"]],
  },
  glpi_groups: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; comment text; ldap_field vc(255) =NULL; ldap_value text; ldap_group_dn text; date_mod ts NULL =NULL; groups_id uint! ='0'; completename text; level int! ='0'; ancestors_cache longtext; sons_cache longtext; is_requester tiny! ='1'; is_watcher tiny! ='1'; is_assign tiny! ='1'; is_task tiny! ='1'; is_notify tiny! ='1'; is_itemgroup tiny! ='1'; is_usergroup tiny! ='1'; is_manager tiny! ='1'; date_creation ts NULL =NULL",
  },
  glpi_entities: {
    columns:
      "id uint! ='0'; name vc(255) =NULL; entities_id uint ='0'; completename text; comment text; level int! ='0'; sons_cache longtext; ancestors_cache longtext; registration_number vc(255) =NULL; address text; postcode vc(255) =NULL; town vc(255) =NULL; state vc(255) =NULL; country vc(255) =NULL; website vc(255) =NULL; phonenumber vc(255) =NULL; fax vc(255) =NULL; email vc(255) =NULL; admin_email vc(255) =NULL; admin_email_name vc(255) =NULL; from_email vc(255) =NULL; from_email_name vc(255) =NULL; noreply_email vc(255) =NULL; noreply_email_name vc(255) =NULL; replyto_email vc(255) =NULL; replyto_email_name vc(255) =NULL; notification_subject_tag vc(255) =NULL; ldap_dn vc(255) =NULL; tag vc(255) =NULL; authldaps_id uint! ='0'; mail_domain vc(255) =NULL; entity_ldapfilter text; mailing_signature text; cartridges_alert_repeat int! ='-2'; consumables_alert_repeat int! ='-2'; use_licenses_alert int! ='-2'; send_licenses_alert_before_delay int! ='-2'; use_certificates_alert int! ='-2'; send_certificates_alert_before_delay int! ='-2'; certificates_alert_repeat_interval int! ='-2'; use_contracts_alert int! ='-2'; send_contracts_alert_before_delay int! ='-2'; use_infocoms_alert int! ='-2'; send_infocoms_alert_before_delay int! ='-2'; use_reservations_alert int! ='-2'; use_domains_alert int! ='-2'; send_domains_alert_close_expiries_delay int! ='-2'; send_domains_alert_expired_delay int! ='-2'; autoclose_delay int! ='-2'; autopurge_delay int! ='-2'; notclosed_delay int! ='-2'; calendars_strategy tiny! ='-2'; calendars_id uint! ='0'; auto_assign_mode int! ='-2'; tickettype int! ='-2'; max_closedate ts NULL =NULL; inquest_config int! ='-2'; inquest_rate int! ='0'; inquest_delay int! ='-10'; inquest_URL vc(255) =NULL; autofill_warranty_date vc(255)! ='-2'; autofill_use_date vc(255)! ='-2'; autofill_buy_date vc(255)! ='-2'; autofill_delivery_date vc(255)! ='-2'; autofill_order_date vc(255)! ='-2'; tickettemplates_strategy tiny! ='-2'; tickettemplates_id uint! ='0'; changetemplates_strategy tiny! ='-2'; changetemplates_id uint! ='0'; problemtemplates_strategy tiny! ='-2'; problemtemplates_id uint! ='0'; entities_strategy_software tiny! ='-2'; entities_id_software uint! ='0'; default_contract_alert int! ='-2'; default_infocom_alert int! ='-2'; default_cartridges_alarm_threshold int! ='-2'; default_consumables_alarm_threshold int! ='-2'; delay_send_emails int! ='-2'; is_notif_enable_default int! ='-2'; inquest_duration int! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL; autofill_decommission_date vc(255)! ='-2'; suppliers_as_private int! ='-2'; anonymize_support_agents int! ='-2'; display_users_initials int! ='-2'; contracts_strategy_default tiny! ='-2'; contracts_id_default uint! ='0'; enable_custom_css int! ='-2'; custom_css_code text; latitude vc(255) =NULL; longitude vc(255) =NULL; altitude vc(255) =NULL; transfers_strategy tiny! ='-2'; transfers_id uint! ='0'; agent_base_url vc(255) =NULL",
    unique: [["entities_id", "name"]],
  },
  glpi_profiles_users: {
    columns:
      "id uint! AI; users_id uint! ='0'; profiles_id uint! ='0'; entities_id uint! ='0'; is_recursive tiny! ='1'; is_dynamic tiny! ='0'; is_default_profile tiny! ='0'",
  },
  glpi_groups_users: {
    columns:
      "id uint! AI; users_id uint! ='0'; groups_id uint! ='0'; is_dynamic tiny! ='0'; is_manager tiny! ='0'; is_userdelegate tiny! ='0'",
    unique: [["users_id", "groups_id"]],
  },
  glpi_itilfollowups: {
    columns:
      "id uint! AI; itemtype vc(100)!; items_id uint! ='0'; date ts NULL =NULL; users_id uint! ='0'; users_id_editor uint! ='0'; content longtext; is_private tiny! ='0'; requesttypes_id uint! ='0'; date_mod ts NULL =NULL; date_creation ts NULL =NULL; timeline_position tiny! ='0'; sourceitems_id uint! ='0'; sourceof_items_id uint! ='0'",
  },
  glpi_documents: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; filename vc(255) =NULL; filepath vc(255) =NULL; documentcategories_id uint! ='0'; mime vc(255) =NULL; date_mod ts NULL =NULL; comment text; is_deleted tiny! ='0'; link vc(255) =NULL; users_id uint! ='0'; tickets_id uint! ='0'; sha1sum char(40) =NULL; is_blacklisted tiny! ='0'; tag vc(255) =NULL; date_creation ts NULL =NULL",
  },
  glpi_documents_items: {
    columns:
      "id uint! AI; documents_id uint! ='0'; items_id uint! ='0'; itemtype vc(100)!; entities_id uint! ='0'; is_recursive tiny! ='0'; date_mod ts NULL =NULL; users_id uint ='0'; timeline_position tiny! ='0'; date_creation ts NULL =NULL; date ts NULL =NULL",
    unique: [["documents_id", "itemtype", "items_id", "timeline_position"]],
  },
  glpi_infocoms: {
    columns:
      "id uint! AI; items_id uint! ='0'; itemtype vc(100)!; entities_id uint! ='0'; is_recursive tiny! ='0'; buy_date date =NULL; use_date date =NULL; warranty_duration int! ='0'; warranty_info vc(255) =NULL; suppliers_id uint! ='0'; order_number vc(255) =NULL; delivery_number vc(255) =NULL; immo_number vc(255) =NULL; value decimal(20,4)! ='0.0000'; warranty_value decimal(20,4)! ='0.0000'; sink_time int! ='0'; sink_type int! ='0'; sink_coeff float! ='0'; comment text; bill vc(255) =NULL; budgets_id uint! ='0'; alert int! ='0'; order_date date =NULL; delivery_date date =NULL; inventory_date date =NULL; warranty_date date =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL; decommission_date ts NULL =NULL; businesscriticities_id uint! ='0'",
    unique: [["itemtype", "items_id"]],
  },
  glpi_softwares: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; comment text; locations_id uint! ='0'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; is_update tiny! ='0'; softwares_id uint! ='0'; manufacturers_id uint! ='0'; is_deleted tiny! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL; date_mod ts NULL =NULL; users_id uint! ='0'; groups_id uint! ='0'; ticket_tco decimal(20,4) ='0.0000'; is_helpdesk_visible tiny! ='1'; softwarecategories_id uint! ='0'; is_valid tiny! ='1'; date_creation ts NULL =NULL; pictures text",
  },
  glpi_logs: {
    columns:
      "id uint! AI; itemtype vc(100)! =''; items_id uint! ='0'; itemtype_link vc(100)! =''; linked_action int! ='0'; user_name vc(255) =NULL; date_mod ts NULL =NULL; id_search_option int! ='0'; old_value vc(255) =NULL; new_value vc(255) =NULL",
  },
  glpi_displaypreferences: {
    columns:
      "id uint! AI; itemtype vc(100)!; num int! ='0'; rank int! ='0'; users_id uint! ='0'",
    unique: [["users_id", "itemtype", "num"]],
  },
  glpi_tickets_users: {
    columns:
      "id uint! AI; tickets_id uint! ='0'; users_id uint! ='0'; type int! ='1'; use_notification tiny! ='1'; alternative_email vc(255) =NULL",
    unique: [["tickets_id", "type", "users_id", "alternative_email"]],
  },
  glpi_groups_tickets: {
    columns:
      "id uint! AI; tickets_id uint! ='0'; groups_id uint! ='0'; type int! ='1'",
    unique: [["tickets_id", "type", "groups_id"]],
  },
  glpi_locations: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; locations_id uint! ='0'; completename text; comment text; level int! ='0'; ancestors_cache longtext; sons_cache longtext; address text; postcode vc(255) =NULL; town vc(255) =NULL; state vc(255) =NULL; country vc(255) =NULL; building vc(255) =NULL; room vc(255) =NULL; latitude vc(255) =NULL; longitude vc(255) =NULL; altitude vc(255) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
    unique: [["entities_id", "locations_id", "name"]],
  },
  glpi_manufacturers: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_states: {
    columns:
      "id uint! AI; name vc(255) =NULL; entities_id uint! ='0'; is_recursive tiny! ='0'; comment text; states_id uint! ='0'; completename text; level int! ='0'; ancestors_cache longtext; sons_cache longtext; is_visible_computer tiny! ='1'; is_visible_monitor tiny! ='1'; is_visible_networkequipment tiny! ='1'; is_visible_peripheral tiny! ='1'; is_visible_phone tiny! ='1'; is_visible_printer tiny! ='1'; is_visible_softwareversion tiny! ='1'; is_visible_softwarelicense tiny! ='1'; is_visible_line tiny! ='1'; is_visible_certificate tiny! ='1'; is_visible_rack tiny! ='1'; is_visible_passivedcequipment tiny! ='1'; is_visible_enclosure tiny! ='1'; is_visible_pdu tiny! ='1'; is_visible_cluster tiny! ='1'; is_visible_contract tiny! ='1'; is_visible_appliance tiny! ='1'; is_visible_databaseinstance tiny! ='1'; is_visible_cable tiny! ='1'; is_visible_unmanaged tiny! ='1'; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
    unique: [["states_id", "name"]],
  },
  glpi_computermodels: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; product_number vc(255) =NULL; weight int! ='0'; required_units int! ='1'; depth float! ='1'; power_connections int! ='0'; power_consumption int! ='0'; is_half_rack tiny! ='0'; picture_front text; picture_rear text; pictures text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_computertypes: {
    columns:
      "id uint! AI; name vc(255) =NULL; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_itilcategories: {
    columns:
      "id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; itilcategories_id uint! ='0'; name vc(255) =NULL; completename text; comment text; level int! ='0'; knowbaseitemcategories_id uint! ='0'; users_id uint! ='0'; groups_id uint! ='0'; code vc(255) =NULL; ancestors_cache longtext; sons_cache longtext; is_helpdeskvisible tiny! ='1'; tickettemplates_id_incident uint! ='0'; tickettemplates_id_demand uint! ='0'; changetemplates_id uint! ='0'; problemtemplates_id uint! ='0'; is_incident int! ='1'; is_request int! ='1'; is_problem int! ='1'; is_change tiny! ='1'; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_requesttypes: {
    columns:
      "id uint! AI; name vc(255) =NULL; is_helpdesk_default tiny! ='0'; is_followup_default tiny! ='0'; is_mail_default tiny! ='0'; is_mailfollowup_default tiny! ='0'; is_active tiny! ='1'; is_ticketheader tiny! ='1'; is_itilfollowup tiny! ='1'; comment text; date_mod ts NULL =NULL; date_creation ts NULL =NULL",
  },
  glpi_profiles: {
    columns:
      "id uint! AI; name vc(255) =NULL; interface vc(255) ='helpdesk'; is_default tiny! ='0'; helpdesk_hardware int! ='0'; helpdesk_item_type text; ticket_status text; date_mod ts NULL =NULL; comment text; problem_status text; create_ticket_on_login tiny! ='0'; tickettemplates_id uint! ='0'; changetemplates_id uint! ='0'; problemtemplates_id uint! ='0'; change_status text; managed_domainrecordtypes text; date_creation ts NULL =NULL",
  },
  glpi_profilerights: {
    columns:
      "id uint! AI; profiles_id uint! ='0'; name vc(255) =NULL; rights int! ='0'",
    unique: [["profiles_id", "name"]],
  },
  glpi_configs: {
    columns:
      "id uint! AI; context vc(150) =NULL; name vc(150) =NULL; value text",
    unique: [["context", "name"]],
  },
  glpi_documenttypes: {
    columns:
      "id uint! AI; name vc(255) =NULL; ext vc(255) =NULL; icon vc(255) =NULL; mime vc(255) =NULL; is_uploadable tiny! ='1'; date_mod ts NULL =NULL; comment text; date_creation ts NULL =NULL",
    unique: [["ext"]],
  },
  glpi_problems_users: {
    columns:
      "id uint! AI; problems_id uint! ='0'; users_id uint! ='0'; type int! ='1'; use_notification tiny! ='0'; alternative_email vc(255) =NULL",
    unique: [["problems_id", "type", "users_id", "alternative_email"]],
  },
  glpi_changes_users: {
    columns:
      "id uint! AI; changes_id uint! ='0'; users_id uint! ='0'; type int! ='1'; use_notification tiny! ='0'; alternative_email vc(255) =NULL",
    unique: [["changes_id", "type", "users_id", "alternative_email"]],
  },
  glpi_groups_problems: {
    columns:
      "id uint! AI; problems_id uint! ='0'; groups_id uint! ='0'; type int! ='1'",
    unique: [["problems_id", "type", "groups_id"]],
  },
  glpi_changes_groups: {
    columns:
      "id uint! AI; changes_id uint! ='0'; groups_id uint! ='0'; type int! ='1'",
    unique: [["changes_id", "type", "groups_id"]],
  },
  glpi_suppliers_tickets: {
    columns:
      "id uint! AI; tickets_id uint! ='0'; suppliers_id uint! ='0'; type int! ='1'; use_notification tiny! ='1'; alternative_email vc(255) =NULL",
    unique: [["tickets_id", "type", "suppliers_id"]],
  },
};
