import type { Db } from './connection';
import { inTransaction } from './connection';
import { insertRow, selectAll } from './rows';
import { nowString } from '../core/clock';
import { syncSchema } from './schema';
import type { UpgradeNote } from './upgrade-note';
import { addAgentRight, addInventoryRight, addLockedFieldRight, addRefusedEquipmentRight, addMissingDefaultRights, addSnmpCredentials, fillProfileRights, correctApproximatedRights, correctEarlierDefaultRights, addRecurrentChangeRight, seedCronTasks, seedDefaultTemplates, seedAgentTypes, seedAuthenticationDropdowns, seedDefaultInstall } from './seed';
import { moveUnmanagedDomainsToLinks } from './unmanaged-domains';
import { createRulesState } from './rules-state';
import { seedDefaultImportRules, seedDefaultRules, seedMissingImportRules } from './seed-rules';
import { createRuleReplays } from './rule-replays';
import { seedDocumentTypes } from './seed-documents';
import { moveSmtpModeToGlpiValues, recordDataZone, seedNotificationUuid, seedSettings } from './settings';
import { machineZoneName } from '../core/zone';
import { seedItilNotifications, seedOtherNotifications } from './seed-notifications';
import { createMailTables } from './mail-state';
import { createDirectorySyncs } from './directory-syncs';
import { createAgentInventories, seedInventorySettings } from './inventory-state';
import { renumberAuthtypes } from './authtype-numbering';
import { createNotificationStaging } from './notification-staging';

export interface MigrationContext {
  /** Produces the admin password hash; only called on a fresh database. */
  adminPasswordHash: string;
  /** Told of the long steps of an upgrade (index rebuilds over many rows). */
  note?: UpgradeNote;
}

interface Migration {
  id: number;
  name: string;
  up(db: Db, ctx: MigrationContext): void;
}

/**
 * Ordered, recorded steps. The additive part of the schema (new tables, columns, indexes)
 * follows the registry on every start; anything else that changes data gets a step here.
 */
const MIGRATIONS: Migration[] = [
  { id: 1, name: 'default install data', up: (db, ctx) => seedDefaultInstall(db, ctx.adminPasswordHash) },
  { id: 2, name: 'document types', up: (db) => seedDocumentTypes(db) },
  { id: 3, name: 'default rights of the further itemtype families', up: (db) => addMissingDefaultRights(db) },
  { id: 4, name: "GLPI 10's default values for the further rights", up: (db) => correctApproximatedRights(db) },
  {
    id: 5,
    name: "GLPI 10.0's unmanaged devices (domains as links), LDAP criteria right, SSO variables and LDAP criteria",
    up: (db) => {
      moveUnmanagedDomainsToLinks(db);
      addMissingDefaultRights(db);
      seedAuthenticationDropdowns(db);
    },
  },
  { id: 8, name: 'agent type Core', up: (db) => seedAgentTypes(db) },
  { id: 10, name: "GLPI 10.0's SNMP credential right and default credential", up: (db) => addSnmpCredentials(db) },
  { id: 13, name: "GLPI 10.0's agent right", up: (db) => addAgentRight(db) },
  { id: 14, name: "GLPI 10.0's default ticket, problem and change templates", up: (db) => seedDefaultTemplates(db) },
  { id: 15, name: 'the automatic actions Deskbase runs, as GLPI lists them', up: (db) => seedCronTasks(db) },
  { id: 16, name: "GLPI 10.0's recurrent change right", up: (db) => addRecurrentChangeRight(db) },
  { id: 17, name: 'the time zone of the stored dates (the zone they were written in: this machine\'s)', up: (db) => recordDataZone(db, machineZoneName()) },
  { id: 20, name: "smtp_mode with GLPI 10.0's values", up: (db) => moveSmtpModeToGlpiValues(db) },
  { id: 21, name: "GLPI's mail queue automatic actions", up: (db) => seedCronTasks(db) },
  {
    id: 22,
    name: "GLPI 10.0's default notifications of tickets, problems and changes",
    up: (db) => {
      seedItilNotifications(db);
      seedNotificationUuid(db);
    },
  },
  { id: 25, name: 'a counter of the writes to the rules, for the rules engine', up: (db) => createRulesState(db) },
  { id: 26, name: "GLPI 10.0's rights on the rule collections", up: (db) => addMissingDefaultRights(db) },
  { id: 27, name: "GLPI 10.0's default rules", up: (db) => seedDefaultRules(db) },
  {
    id: 28,
    name: 'dictionary replays, run by the automatic action replaydictionary',
    up: (db) => {
      createRuleReplays(db);
      seedCronTasks(db);
    },
  },
  { id: 35, name: "GLPI 10.0's default RuleImportAsset rules", up: (db) => seedDefaultImportRules(db) },
  { id: 36, name: "GLPI 10.0's refusedequipment right (devices the import rules refused)", up: (db) => addRefusedEquipmentRight(db) },
  {
    id: 37,
    name: "GLPI 10.0's inventory configuration (kept on where agents already report), its inventory right, each agent's last inventory, and the stale agents' automatic action",
    up: (db) => {
      seedInventorySettings(db);
      addInventoryRight(db);
      createAgentInventories(db);
      seedCronTasks(db);
    },
  },
  {
    id: 33,
    name: "GLPI 10.0's default notifications of users, reservations, contracts and infocoms, and their automatic actions",
    up: (db) => {
      seedOtherNotifications(db);
      seedCronTasks(db);
    },
  },
  { id: 34, name: "the mail queue's right (queuednotification) for the profiles that update the configuration", up: (db) => addMissingDefaultRights(db) },
  {
    id: 40,
    name: "mail collectors: GLPI's mailgate automatic action, the outcome of each mail, refused mails' sources, the collectors' runs",
    up: (db) => {
      seedCronTasks(db);
      createMailTables(db);
    },
  },
  {
    id: 31,
    name: 'directory synchronisations and their automatic action ldapsync',
    up: (db) => {
      createDirectorySyncs(db);
      seedCronTasks(db);
    },
  },
  { id: 48, name: "users' authtype numbered as the specification (2 LDAP, 3 mail server), where GLPI has 3 LDAP and 2 mail", up: (db, ctx) => renumberAuthtypes(db, ctx.note) },
  { id: 50, name: "GLPI 10.0's locked_field right (locked fields of inventoried items)", up: (db) => addLockedFieldRight(db) },
  {
    id: 32,
    name: "GLPI 10.0.19's other rights (backup, dashboard, planning, statistic, …) for the default profiles; a row of every right for each other profile",
    up: (db) => {
      addMissingDefaultRights(db);
      fillProfileRights(db);
    },
  },
  {
    id: 55,
    name: "GLPI 11's webhooks: their right and the automatic action that delivers them",
    up: (db) => {
      addMissingDefaultRights(db);
      seedCronTasks(db);
    },
  },
  { id: 38, name: "GLPI 10.0.19's install values of the budget, cable_management, domain, internet, inventory, queuednotification, reminder_public, reservation, rssfeed_public, rule_asset, typedoc and unmanaged rights, where a default profile still holds Deskbase's earlier value", up: (db) => correctEarlierDefaultRights(db) },
  { id: 29, name: "GLPI 10.0's default RuleImportAsset rules of printers, network equipment, peripherals, monitors and phones", up: (db) => seedMissingImportRules(db) },
  { id: 18, name: 'the events waiting for the mail sender to find their recipients', up: (db) => createNotificationStaging(db) },
];

/** True when the default install data has not been written yet. */
export function isFreshDatabase(db: Db): boolean {
  const recorded = selectAll(db, "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'deskbase_migrations'").length > 0;
  return !recorded || selectAll(db, 'SELECT id FROM deskbase_migrations WHERE id = 1').length === 0;
}

/** Brings a database of any earlier version up to date, all in one transaction. */
export function migrate(db: Db, ctx: MigrationContext): string[] {
  return inTransaction(db, () => {
    syncSchema(db, undefined, ctx.note);
    const done = new Set(selectAll(db, 'SELECT id FROM deskbase_migrations').map((r) => Number(r.id)));
    const applied: string[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      m.up(db, ctx);
      insertRow(db, 'deskbase_migrations', { id: m.id, name: m.name, applied_at: nowString() });
      applied.push(m.name);
    }
    seedSettings(db);
    return applied;
  });
}
