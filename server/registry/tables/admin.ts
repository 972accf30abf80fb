// Administration types: rules with their criteria and actions, written with their collection's
// right; LDAP directories and their replicates, written with the `config` right; notifications and
// their templates, automatic actions and mail authentication servers, served read-only; mail
// collectors and the mails they refused; the inventory agents, which an inventory tool writes; and the
// setup dropdowns of authentication and unicity (SSO variables, LDAP criteria, ignored unicity
// values). Columns follow GLPI 10.0's install/mysql/glpi-empty.sql.
import { dropdown } from '../kinds';
import type { ItemtypeSpec } from '../types';
import type { TableSpec } from './types';
import { ENTITY_RULE_COLLECTIONS, RULE_COLLECTION_RIGHTS } from '../rule-collections';

const DATES = 'date_mod ts NULL =NULL; date_creation ts NULL =NULL';

const AGENT_MODULES = ['wake_on_lan', 'computer_inventory', 'esx_remote_inventory', 'remote_inventory', 'network_inventory', 'network_discovery', 'package_deployment', 'collect_data']
  .map((module) => `use_module_${module} tiny! ='0'`)
  .join('; ');

/** The items an inventory writes (GLPI's dynamic rows), whose fields changed by hand get locked. */
export const LOCKABLE_TYPES = [
  'Computer', 'Item_OperatingSystem', 'Item_DeviceProcessor', 'Item_DeviceMemory', 'Item_Disk', 'NetworkPort', 'Item_SoftwareVersion',
  'Item_DeviceFirmware', 'Item_DeviceBattery', 'Item_DeviceControl', 'Item_DeviceGraphicCard', 'Item_DeviceSoundCard', 'Item_DeviceDrive', 'Item_DeviceHardDrive',
  'ComputerVirtualMachine', 'ComputerAntivirus', 'Item_RemoteManagement', 'Computer_Item', 'Monitor', 'Printer', 'Peripheral',
];

export const adminTables: Record<string, TableSpec> = {
  glpi_agents: {
    columns: `id uint! AI; deviceid vc(255)!; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; agenttypes_id uint!; last_contact ts NULL =NULL; version vc(255) =NULL; locked tiny! ='0'; itemtype vc(100)!; items_id uint!; useragent vc(255) =NULL; tag vc(255) =NULL; port vc(6) =NULL; remote_addr vc(255) =NULL; threads_networkdiscovery int! ='1'; threads_networkinventory int! ='1'; timeout_networkdiscovery int! ='0'; timeout_networkinventory int! ='0'; ${AGENT_MODULES}`,
    unique: [['deviceid']],
  },
  glpi_agenttypes: { columns: 'id uint! AI; name vc(255) =NULL' },
  // GLPI 10.0's log of what the import rules refused: `ip` and `mac` hold JSON lists, as GLPI's.
  glpi_refusedequipments: {
    columns:
      "id uint! AI; name vc(255) =NULL; itemtype vc(100) =NULL; entities_id uint! ='0'; ip vc(255) =NULL; mac vc(255) =NULL; rules_id uint! ='0'; method vc(255) =NULL; serial vc(255) =NULL; uuid vc(255) =NULL; agents_id uint! ='0'; autoupdatesystems_id uint! ='0'; date_creation ts NULL =NULL; date_mod ts NULL =NULL",
  },
  // GLPI 10.0's locked fields: `value` is the last value an inventory reported for the field.
  glpi_lockedfields: {
    columns: "id uint! AI; itemtype vc(100) =NULL; items_id uint! ='0'; field vc(50)!; value vc(255) =NULL; date_mod ts NULL =NULL; date_creation ts NULL =NULL; is_global tiny! ='0'",
    unique: [['itemtype', 'items_id', 'field']],
  },
  glpi_ssovariables: { columns: `id uint! AI; name vc(255) =NULL; comment text; ${DATES}` },
  glpi_rulerightparameters: { columns: `id uint! AI; name vc(255) =NULL; value vc(255) =NULL; comment text; ${DATES}` },
  glpi_fieldblacklists: {
    columns: `id uint! AI; name vc(255)! =''; field vc(255)! =''; value vc(255)! =''; itemtype vc(255)! =''; entities_id uint! ='0'; is_recursive tiny! ='0'; comment text; ${DATES}`,
  },
  glpi_rules: {
    columns: `id uint! AI; entities_id uint! ='0'; sub_type vc(255)! =''; ranking int! ='0'; name vc(255) =NULL; description text; match char(10) =NULL; is_active tiny! ='1'; comment text; date_mod ts NULL =NULL; is_recursive tiny! ='0'; uuid vc(255) =NULL; condition int! ='0'; date_creation ts NULL =NULL`,
  },
  glpi_rulecriterias: { columns: "id uint! AI; rules_id uint! ='0'; criteria vc(255) =NULL; condition int! ='0'; pattern text" },
  glpi_ruleactions: { columns: "id uint! AI; rules_id uint! ='0'; action_type vc(255) =NULL; field vc(255) =NULL; value vc(255) =NULL" },
  glpi_notifications: {
    columns: `id uint! AI; name vc(255) =NULL; entities_id uint! ='0'; itemtype vc(100)!; event vc(255)!; comment text; is_recursive tiny! ='0'; is_active tiny! ='0'; ${DATES}; allow_response tiny! ='1'`,
  },
  glpi_notificationtemplates: { columns: "id uint! AI; name vc(255) =NULL; itemtype vc(100)!; date_mod ts NULL =NULL; comment text; css text; date_creation ts NULL =NULL" },
  glpi_notificationtemplatetranslations: {
    columns: "id uint! AI; notificationtemplates_id uint! ='0'; language vc(10)! =''; subject vc(255)!; content_text text; content_html text",
  },
  glpi_notifications_notificationtemplates: {
    columns: "id uint! AI; notifications_id uint! ='0'; mode vc(20)!; notificationtemplates_id uint! ='0'",
    unique: [['notifications_id', 'mode', 'notificationtemplates_id']],
  },
  glpi_notificationtargets: { columns: "id uint! AI; items_id uint! ='0'; type int! ='0'; notifications_id uint! ='0'" },
  // The mail queue: each row is one message to one recipient; after GLPI's columns, Deskbase's
  // `last_error` (why its last attempt failed) and `render_data` (what the sender renders it from).
  glpi_queuednotifications: {
    columns:
      "id uint! AI; itemtype vc(100) =NULL; items_id uint! ='0'; notificationtemplates_id uint! ='0'; entities_id uint! ='0'; is_deleted tiny! ='0'; sent_try int! ='0'; create_time ts NULL =NULL; send_time ts NULL =NULL; sent_time ts NULL =NULL; name text; sender text; sendername text; recipient text; recipientname text; replyto text; replytoname text; headers text; body_html longtext; body_text longtext; messageid text; documents text; mode vc(20)!; event vc(255) =NULL; attach_documents tiny! ='0'; itemtype_trigger vc(255) =NULL; items_id_trigger uint! ='0'; last_error text; render_data longtext",
  },
  // GLPI's record of the alerts sent (a contract's end, a warranty's end…), so an automatic action alerts once.
  glpi_alerts: { columns: "id uint! AI; itemtype vc(100)!; items_id uint! ='0'; type int! ='0'; date ts NULL =NULL", unique: [['itemtype', 'items_id', 'type']] },
  // GLPI 11's webhooks; after GLPI's columns, Deskbase's: the user whose rights shape the payload,
  // the custom headers (JSON object), the failures in a row and why the webhook was paused.
  glpi_webhooks: {
    columns: `id uint! AI; entities_id uint! ='0'; is_recursive tiny! ='0'; name vc(255) =NULL; comment text; itemtype vc(255) =NULL; event vc(255) =NULL; url vc(255) =NULL; secret text; use_cra_challenge tiny! ='0'; is_cra_challenge_valid tiny! ='0'; http_method vc(255) ='POST'; sent_try tiny! ='3'; expiration int! ='0'; is_deleted tiny! ='0'; is_active tiny! ='0'; ${DATES}; custom_headers text; users_id uint! ='0'; failures int! ='0'; paused_reason text`,
  },
  // GLPI 11's queue of deliveries, which is also each webhook's delivery log: after GLPI's columns,
  // the outcome of the last attempt (status, HTTP code, duration, response excerpt or error).
  glpi_queuedwebhooks: {
    columns:
      "id uint! AI; itemtype vc(100) =NULL; items_id uint! ='0'; entities_id uint! ='0'; is_deleted tiny! ='0'; sent_try int! ='0'; webhooks_id uint! ='0'; url vc(255) =NULL; create_time ts NULL =NULL; send_time ts NULL =NULL; sent_time ts NULL =NULL; headers text; body longtext; event vc(255) =NULL; http_method vc(255) ='POST'; status vc(20)! ='queued'; last_status_code int =NULL; last_duration_ms int =NULL; last_response text; last_error text",
  },
  glpi_crontasks: {
    columns: `id uint! AI; itemtype vc(100)!; name vc(150)!; frequency int!; param int =NULL; state int! ='1'; mode int! ='1'; allowmode int! ='3'; hourmin int! ='0'; hourmax int! ='24'; logs_lifetime int! ='30'; lastrun ts NULL =NULL; lastcode int =NULL; comment text; ${DATES}`,
    unique: [['itemtype', 'name']],
  },
  glpi_authldaps: {
    columns: `id uint! AI; name vc(255) =NULL; host vc(255) =NULL; basedn vc(255) =NULL; rootdn vc(255) =NULL; port int! ='389'; condition text; login_field vc(255) ='uid'; sync_field vc(255) =NULL; use_tls tiny! ='0'; group_field vc(255) =NULL; group_condition text; group_search_type int! ='0'; group_member_field vc(255) =NULL; email1_field vc(255) =NULL; realname_field vc(255) =NULL; firstname_field vc(255) =NULL; phone_field vc(255) =NULL; phone2_field vc(255) =NULL; mobile_field vc(255) =NULL; comment_field vc(255) =NULL; use_dn tiny! ='1'; time_offset int! ='0'; deref_option int! ='0'; title_field vc(255) =NULL; category_field vc(255) =NULL; language_field vc(255) =NULL; entity_field vc(255) =NULL; entity_condition text; date_mod ts NULL =NULL; comment text; is_default tiny! ='0'; is_active tiny! ='0'; rootdn_passwd vc(255) =NULL; registration_number_field vc(255) =NULL; email2_field vc(255) =NULL; email3_field vc(255) =NULL; email4_field vc(255) =NULL; location_field vc(255) =NULL; responsible_field vc(255) =NULL; pagesize int! ='0'; ldap_maxlimit int! ='0'; can_support_pagesize tiny! ='0'; picture_field vc(255) =NULL; date_creation ts NULL =NULL; inventory_domain vc(255) =NULL; tls_certfile text; tls_keyfile text; use_bind tiny! ='1'; timeout int! ='10'`,
  },
  glpi_authldapreplicates: { columns: "id uint! AI; authldaps_id uint! ='0'; host vc(255) =NULL; port int! ='389'; name vc(255) =NULL; timeout int! ='10'" },
  glpi_snmpcredentials: {
    columns:
      "id uint! AI; name vc(64) =NULL; snmpversion vc(8)! ='1'; community vc(255) =NULL; username vc(255) =NULL; authentication vc(255) =NULL; auth_passphrase vc(255) =NULL; encryption vc(255) =NULL; priv_passphrase vc(255) =NULL; is_deleted tiny! ='0'",
  },
  glpi_authmails: { columns: `id uint! AI; name vc(255) =NULL; connect_string vc(255) =NULL; host vc(255) =NULL; ${DATES}; comment text; is_active tiny! ='0'` },
  glpi_mailcollectors: {
    columns:
      "id uint! AI; name vc(255) =NULL; host vc(255) =NULL; login vc(255) =NULL; filesize_max int! ='2097152'; is_active tiny! ='1'; date_mod ts NULL =NULL; comment text; passwd vc(255) =NULL; accepted vc(255) =NULL; refused vc(255) =NULL; errors int! ='0'; use_mail_date tiny! ='0'; date_creation ts NULL =NULL; requester_field int! ='0'; add_cc_to_observer tiny! ='0'; collect_only_unread tiny! ='0'; last_collect_date ts NULL =NULL",
  },
  glpi_notimportedemails: {
    columns: "id uint! AI; from vc(255)!; to vc(255)!; mailcollectors_id uint! ='0'; date ts!; subject text; messageid vc(255)!; reason int! ='0'; users_id uint! ='0'",
  },
};

/** A read-only administration type; `right` is GLPI's right name for it. */
const admin = (table: string, right: string, extra: Partial<ItemtypeSpec> = {}): ItemtypeSpec => ({ table, kind: 'system', right, readOnly: true, history: false, ...extra });
/** A rule's criteria and actions: written by whoever may update the rule. */
const ruleChild = (table: string): ItemtypeSpec => ({ table, kind: 'child', right: null, history: false, owners: [{ fk: 'rules_id', itemtype: 'Rule' }] });

export const adminItemtypes: Record<string, ItemtypeSpec> = {
  // GLPI 10.0's own `agent` right (since 10.0.4; Super-Admin holds READ, UPDATE and PURGE, no
  // CREATE: agents come from inventories). The item an agent runs on is a plain reference, reset
  // when that item is purged.
  Agent: { table: 'glpi_agents', kind: 'other', right: 'agent', required: ['deviceid'], polyTargets: ['Computer', 'NetworkEquipment', 'Phone', 'Printer'] },
  // GLPI 10.0 gives agent types no right at all: no profile reads or changes them through the API
  // (an agent's type is still named by expand_dropdowns). They keep no history.
  // Written by the inventory only: GLPI 10.0's `refusedequipment` right reads, updates and purges them (no CREATE).
  RefusedEquipment: { table: 'glpi_refusedequipments', kind: 'other', right: 'refusedequipment' },
  AgentType: { table: 'glpi_agenttypes', kind: 'dropdown', right: null, readOnly: true, history: false },
  // The fields changed by hand on a dynamic item, which inventories leave alone (server/inventory/locks.ts).
  // GLPI's `locked_field` right: its UPDATE bit reads, adds and removes them (GLPI's canView and
  // canPurge are canUpdate), for the items in the session's entities.
  Lockedfield: {
    table: 'glpi_lockedfields',
    kind: 'child',
    right: 'locked_field',
    history: false,
    required: ['itemtype', 'field'],
    owners: [{ poly: true }],
    ownersGovern: false,
    polyTargets: LOCKABLE_TYPES,
    editedWithUpdate: true,
    readWithUpdate: true,
  },
  // The HTTP variables a single sign-on may carry the login in, and the values ignored when checking
  // unicity: GLPI's `config` right, whose UPDATE bit also adds and removes them.
  SsoVariable: { ...dropdown('glpi_ssovariables', 'config'), editedWithUpdate: true },
  Fieldblacklist: { ...dropdown('glpi_fieldblacklists', 'config'), editedWithUpdate: true },
  // The LDAP attributes authorization rules test: GLPI's `rule_ldap` right.
  RuleRightParameter: dropdown('glpi_rulerightparameters', 'rule_ldap'),
  // GLPI's rules: the `config` right reaches every rule (GLPI's Rule class), each collection's own
  // right (rule_ticket, rule_dictionnary_software…) its rules, in the session's entities for the
  // collections whose rules belong to entities (tickets, assets).
  Rule: {
    table: 'glpi_rules',
    kind: 'system',
    right: 'config',
    history: false,
    visibility: 'global',
    required: ['sub_type'],
    rowRights: { column: 'sub_type', rights: RULE_COLLECTION_RIGHTS, entityScoped: ENTITY_RULE_COLLECTIONS },
  },
  RuleCriteria: ruleChild('glpi_rulecriterias'),
  RuleAction: ruleChild('glpi_ruleactions'),
  // GLPI's notifications, their templates, translations and targets: written with the `notification` right.
  Notification: admin('glpi_notifications', 'notification', { readOnly: false }),
  NotificationTemplate: admin('glpi_notificationtemplates', 'notification', { readOnly: false }),
  NotificationTemplateTranslation: admin('glpi_notificationtemplatetranslations', 'notification', {
    readOnly: false,
    kind: 'child',
    owners: [{ fk: 'notificationtemplates_id', itemtype: 'NotificationTemplate' }],
  }),
  Notification_NotificationTemplate: admin('glpi_notifications_notificationtemplates', 'notification', {
    readOnly: false,
    kind: 'relation',
    owners: [{ fk: 'notifications_id', itemtype: 'Notification' }],
  }),
  NotificationTarget: admin('glpi_notificationtargets', 'notification', { readOnly: false, kind: 'child', owners: [{ fk: 'notifications_id', itemtype: 'Notification' }] }),
  // The mail queue: read with GLPI's `queuednotification` right, written only by the engine
  // (retryNotification sends one again). The bodies are never served: a lost password's mail holds
  // a reset token, which would let whoever reads the queue into that account.
  QueuedNotification: admin('glpi_queuednotifications', 'queuednotification', { hidden: ['body_text', 'body_html', 'render_data'] }),
  // GLPI 11's webhooks, with its `webhook` right, in entities; the secret signs and is never returned.
  Webhook: { table: 'glpi_webhooks', kind: 'other', right: 'webhook', trash: true, history: false, required: ['url', 'itemtype', 'event'], hidden: ['secret'] },
  // Their deliveries (the queue and delivery log): read by whoever reads webhooks, written only by the sender.
  QueuedWebhook: admin('glpi_queuedwebhooks', 'webhook', { kind: 'child', owners: [{ fk: 'webhooks_id', itemtype: 'Webhook' }] }),
  CronTask: admin('glpi_crontasks', 'config'),
  // LDAP directories sign-in asks (server/directory), written with GLPI's `config` UPDATE bit (its
  // canCreate and canPurge are Config's canUpdate). The root
  // DN's password is stored sealed with the data folder's key and never returned.
  AuthLDAP: admin('glpi_authldaps', 'config', { readOnly: false, editedWithUpdate: true, hidden: ['rootdn_passwd'] }),
  AuthLdapReplicate: admin('glpi_authldapreplicates', 'config', { readOnly: false, editedWithUpdate: true, kind: 'child', owners: [{ fk: 'authldaps_id', itemtype: 'AuthLDAP' }] }),
  AuthMail: admin('glpi_authmails', 'config'),
  // The SNMP credentials network equipment and printers are inventoried with: GLPI 10.0's
  // `snmpcredential` right. GLPI stores the SNMPv3 passphrases encrypted; they are never returned.
  SNMPCredential: { table: 'glpi_snmpcredentials', kind: 'other', right: 'snmpcredential', history: false, hidden: ['auth_passphrase', 'priv_passphrase'] },
  // Mail collectors (server/mail/): written with GLPI's `config` right; the password is kept sealed
  // and never returned. The mails a collector refused are kept, listed and purged with the same right.
  MailCollector: { table: 'glpi_mailcollectors', kind: 'system', right: 'config', editedWithUpdate: true, history: false, hidden: ['passwd'], computed: ['errors', 'last_collect_date'] },
  NotImportedEmail: { table: 'glpi_notimportedemails', kind: 'system', right: 'config', editedWithUpdate: true, history: false },
};
