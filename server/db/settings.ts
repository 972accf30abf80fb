import type { Db } from './connection';
import { insertRow, run, selectAll } from './rows';

/** Global settings of a fresh install (glpi_configs, context "core"); Deskbase's own ones are marked. */
export const DEFAULT_SETTINGS: Record<string, string> = {
  version: '10.0.17',
  language: 'en_GB',
  list_limit: '50',
  list_limit_max: '1000',
  date_format: '0',
  number_format: '0',
  names_format: '0',
  csv_delimiter: ';',
  is_ids_visible: '0',
  use_flat_dropdowntree: '0',
  followup_private: '0',
  task_private: '0',
  default_requesttypes_id: '1',
  enable_api: '1',
  enable_api_login_credentials: '1',
  enable_api_login_external_token: '1',
  use_notifications: '0',
  notifications_mailing: '0',
  admin_email: 'admsys@localhost',
  admin_email_name: '',
  from_email: '',
  from_email_name: '',
  replyto_email: '',
  replyto_email_name: '',
  noreply_email: '',
  noreply_email_name: '',
  smtp_host: '',
  smtp_port: '25',
  smtp_mode: '1', // GLPI's values; its install has 0 (PHP's mail()), Deskbase's 1 (SMTP to smtp_host)
  smtp_username: '',
  smtp_passwd: '',
  smtp_sender: '',
  smtp_check_certificate: '1',
  smtp_retry_time: '5',
  smtp_max_retries: '5',
  notification_to_myself: '1',
  mailing_signature: '',
  notification_uuid: '', // drawn on first start (migration 22); an imported GLPI's is kept, so its mail threads go on
  // What a directory synchronisation does with users gone from their directory, and back (GLPI's AuthLDAP constants).
  user_deleted_ldap: '0',
  user_restored_ldap: '0',
  urgency_mask: '62',
  impact_mask: '62',
  priority_matrix: JSON.stringify({
    1: { 1: 1, 2: 1, 3: 2, 4: 2, 5: 2 },
    2: { 1: 1, 2: 2, 3: 2, 4: 3, 5: 3 },
    3: { 1: 2, 2: 2, 3: 3, 4: 4, 5: 4 },
    4: { 1: 2, 2: 3, 3: 4, 4: 4, 5: 5 },
    5: { 1: 2, 2: 3, 3: 4, 4: 5, 5: 5 },
  }),
  keep_tickets_on_delete: '0',
  document_max_size: '20',
  use_password_security: '0',
  password_min_length: '8',
  url_base: '', // the server's public URL, named in links and messages; empty: the address it is bound to
  timezone: '', // the zone sessions show dates in, unless a user chooses one; empty: the data zone
  password_need_number: '1',
  password_need_letter: '1',
  password_need_caps: '1',
  password_need_symbol: '1',
  password_expiration_delay: '-1', // days a password lasts (-1: forever); GLPI's
  password_expiration_notice: '-1', // days before the expiry its warning goes (-1: none)
  password_expiration_lock_delay: '-1', // days after the expiry the account is locked (-1: never)
  // Deskbase's own settings
  session_idle_timeout: '86400', // seconds a session may stay unused
  purge_requires_trash: '0', // refuse force_purge of items that are not in the trash
  max_bulk_items: '10000', // elements accepted in one bulk add/update/delete
  backup_interval_hours: '0', // hours between scheduled backups (0: no scheduled backups)
  backup_keep: '7', // scheduled backups kept; older ones are deleted
  backup_folder: '', // absolute path of the scheduled backups; empty: "<data folder>-backups" beside it
  default_passwords: '', // GLPI install accounts an import brought with their well-known password (see auth/default-passwords.ts)
  data_timezone: '', // the zone of every stored date, set once when the folder is created or imported (see core/clock.ts)
  webhook_allow_private: '0', // 1: webhooks may reach loopback, private and link-local addresses (see notify/webhook-guard.ts)
  webhook_allowed_hosts: '', // host names or addresses, comma-separated, webhooks may reach even when private
  webhook_timeout: '10', // seconds a webhook delivery may take (connection and answer)
  webhook_pause_after: '10', // failed deliveries in a row after which a webhook is paused (is_active 0, paused_reason)
};

/** Settings that are never sent to clients (getGlpiConfig, Config items). */
export const UNDISCLOSED_SETTINGS = new Set([
  'proxy_passwd',
  'smtp_passwd',
  'smtp_oauth_client_id',
  'smtp_oauth_client_secret',
  'smtp_oauth_options',
  'smtp_oauth_refresh_token',
  'glpinetwork_registration_key',
  'ldap_pass',
  'default_passwords', // which accounts an attacker could enter with a well-known password
  'basic_auth_password', // the inventory agents' (context inventory)
]);

/** Reads settings through a cache that every write to glpi_configs invalidates. */
export class Settings {
  private values: Map<string, string> | null = null;
  constructor(private readonly db: Db) {}

  all(): Map<string, string> {
    if (!this.values) {
      const rows = selectAll(this.db, "SELECT name, value FROM glpi_configs WHERE context = 'core'");
      this.values = new Map(rows.map((r) => [String(r.name), String(r.value ?? '')]));
    }
    return this.values;
  }

  get(name: string): string {
    return this.all().get(name) ?? DEFAULT_SETTINGS[name] ?? '';
  }

  number(name: string): number {
    return Number(this.get(name));
  }

  flag(name: string): boolean {
    return this.get(name) === '1';
  }

  invalidate(): void {
    this.values = null;
  }
}

/** Adds the default settings that a database does not have yet (new versions add settings). */
export function seedSettings(db: Db): void {
  const present = new Set(selectAll(db, "SELECT name FROM glpi_configs WHERE context = 'core'").map((r) => String(r.name)));
  for (const [name, value] of Object.entries(DEFAULT_SETTINGS)) {
    if (!present.has(name)) insertRow(db, 'glpi_configs', { context: 'core', name, value });
  }
}

/** Records the zone of the stored dates (a new folder, or an import that brings GLPI's zone). */
export function recordDataZone(db: Db, name: string): void {
  db.query("DELETE FROM glpi_configs WHERE context = 'core' AND name = 'data_timezone'").run();
  insertRow(db, 'glpi_configs', { context: 'core', name: 'data_timezone', value: name });
}

/**
 * Deskbase once read smtp_mode as 0 plain (STARTTLS when offered), 1 SSL, 2 STARTTLS required, and
 * any other value as 0; GLPI's values are 1 SMTP, 2 SMTPS, 3 STARTTLS (0 is the local sendmail).
 * A folder written before keeps its transport. A fresh database has no value yet when this runs,
 * and a folder imported from GLPI (it has the import's run table) holds GLPI's own value: kept.
 */
export function moveSmtpModeToGlpiValues(db: Db): void {
  if (selectAll(db, "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'deskbase_import_run'").length) return;
  run(db, "UPDATE glpi_configs SET value = CASE value WHEN '1' THEN '2' WHEN '2' THEN '3' ELSE '1' END WHERE context = 'core' AND name = 'smtp_mode'");
}

/** GLPI's `notification_uuid`, the install's part of its mails' Message-IDs: drawn once. */
export function seedNotificationUuid(db: Db): void {
  const value = crypto.randomUUID().replace(/-/g, '');
  if (!run(db, "UPDATE glpi_configs SET value = ? WHERE context = 'core' AND name = 'notification_uuid' AND COALESCE(value, '') = ''", value).changes) {
    if (!selectAll(db, "SELECT 1 AS found FROM glpi_configs WHERE context = 'core' AND name = 'notification_uuid'").length) insertRow(db, 'glpi_configs', { context: 'core', name: 'notification_uuid', value });
  }
}
