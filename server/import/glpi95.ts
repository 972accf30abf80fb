/**
 * What GLPI's own 9.5 → 10.0 update does to the data of the tables Deskbase serves, so that a
 * 9.5 database imports as GLPI 10.0 would hold it after its update: columns renamed, values
 * changed, a table 10.0 fills from a 9.5 column. Each fact is written here as SQL over the 9.5
 * row (read by the importer's own SELECT); the schema changes without data (new columns with
 * their defaults, dropped keys) need nothing: the columns Deskbase has and GLPI 9.5 lacks take
 * their 10.0 defaults.
 */

/** How one 10.0 table is read from a 9.5 database. */
export interface Upgrade95 {
  /** 9.5 column → the 10.0 column it became (values unchanged). */
  renamed?: Record<string, string>;
  /** 10.0 column → its value as SQL over the 9.5 row, given the 9.5 columns (null: none to give). */
  values?: (has: (column: string) => boolean) => Record<string, string | null>;
  /** The 9.5 rows 10.0 keeps, as an SQL condition (the others its update deletes). */
  keep?: string;
  /** A table 10.0 introduced, filled from 9.5 rows: the query giving its rows, their (whole number) columns, and the 9.5 column it needs. */
  from?: { query: string; columns: string[]; needs: { table: string; column: string } };
}

/** Knowledge-base items, notes and project tasks: `date` was only the row's insertion time. */
const DATE_IS_CREATION: Upgrade95 = { renamed: { date: 'date_creation' } };
/** Knowledge-base revisions: `date_creation` was the revision's own date. */
const CREATION_IS_DATE: Upgrade95 = { renamed: { date_creation: 'date' } };

/** Visibility rows: 9.5's entities_id -1 ("no entity restriction") became NULL with a flag. */
const VISIBILITY: Upgrade95 = {
  values: () => ({ entities_id: 'NULLIF(`entities_id`, -1)', no_entity_restriction: 'IF(`entities_id` = -1, 1, 0)' }),
};

/** -1 in keys that 10.0 made unsigned is 0. */
const noNegative = (...columns: string[]): Upgrade95 => ({
  values: (has) => Object.fromEntries(columns.map((column) => [column, has(column) ? `GREATEST(\`${column}\`, 0)` : null])),
});

/** Templates: 10.0 deletes the global validation field (52), which is not to be set by hand. */
const NO_GLOBAL_VALIDATION: Upgrade95 = { keep: '`num` <> 52' };

/**
 * Entity settings that name another row: 9.5 kept "inherit" (-2), "automatic" (-1) and "never"
 * (-10) in the id column; 10.0 moved them to a `_strategy` column (0: the id given) and keeps
 * only ids. Settings 10.0 added are "inherit" (-2) below the root and set on the root.
 */
const ENTITY_LINKS = ['calendars_id', 'changetemplates_id', 'contracts_id_default', 'entities_id_software', 'problemtemplates_id', 'tickettemplates_id', 'transfers_id'];
const ENTITY: Upgrade95 = {
  renamed: { admin_reply: 'replyto_email', admin_reply_name: 'replyto_email_name' },
  values: (has) => {
    const out: Record<string, string | null> = {};
    for (const link of ENTITY_LINKS) {
      const strategy = link.replace('_id', '_strategy');
      if (has(strategy)) continue;
      out[strategy] = has(link) ? `LEAST(\`${link}\`, 0)` : 'IF(`id` = 0, 0, -2)';
      if (has(link)) out[link] = `GREATEST(\`${link}\`, 0)`;
    }
    if (!has('display_users_initials')) out.display_users_initials = 'IF(`id` = 0, 1, -2)';
    if (!has('certificates_alert_repeat_interval')) out.certificates_alert_repeat_interval = 'IF(`id` = 0, 0, -2)';
    for (const email of ['from_email', 'from_email_name', 'noreply_email', 'noreply_email_name']) if (!has(email)) out[email] = "IF(`id` = 0, '', NULL)";
    return out;
  },
};

export const UPGRADES_95: Readonly<Record<string, Upgrade95>> = {
  glpi_knowbaseitems: DATE_IS_CREATION,
  glpi_notepads: DATE_IS_CREATION,
  glpi_projecttasks: DATE_IS_CREATION,
  glpi_knowbaseitems_revisions: CREATION_IS_DATE,
  glpi_networkportconnectionlogs: CREATION_IS_DATE,
  // A knowledge-base item had one category (a column); 10.0 links it to any number.
  glpi_knowbaseitems_knowbaseitemcategories: {
    from: {
      query: 'SELECT `id`, `id` AS `knowbaseitems_id`, `knowbaseitemcategories_id` FROM `glpi_knowbaseitems` WHERE `knowbaseitemcategories_id` > 0',
      columns: ['id', 'knowbaseitems_id', 'knowbaseitemcategories_id'],
      needs: { table: 'glpi_knowbaseitems', column: 'knowbaseitemcategories_id' },
    },
  },
  glpi_groups_knowbaseitems: VISIBILITY,
  glpi_groups_reminders: VISIBILITY,
  glpi_groups_rssfeeds: VISIBILITY,
  glpi_knowbaseitems_profiles: VISIBILITY,
  glpi_profiles_reminders: VISIBILITY,
  glpi_profiles_rssfeeds: VISIBILITY,
  glpi_rules: noNegative('entities_id'),
  glpi_fieldunicities: noNegative('entities_id'),
  glpi_savedsearches: noNegative('entities_id'),
  glpi_queuednotifications: noNegative('items_id'),
  glpi_items_operatingsystems: noNegative('operatingsystems_id', 'operatingsystemversions_id', 'operatingsystemservicepacks_id'),
  glpi_networkportaliases: noNegative('networkports_id_alias'),
  glpi_tickettemplatemandatoryfields: NO_GLOBAL_VALIDATION,
  glpi_tickettemplatepredefinedfields: NO_GLOBAL_VALIDATION,
  // One reservation item per item: 10.0 keeps the first of duplicates.
  glpi_reservationitems: { keep: '`id` IN (SELECT MIN(`id`) FROM `glpi_reservationitems` GROUP BY `itemtype`, `items_id`)' },
  // Followup and task templates set by a rule are added to the others, not put in their place.
  glpi_ruleactions: {
    values: () => ({ action_type: "IF(`action_type` = 'assign' AND `field` IN ('itilfollowup_template', 'task_template'), 'append', `action_type`)" }),
  },
  // A contract's support hours: 9.5's Monday columns were Sunday's.
  glpi_contracts: { renamed: { use_monday: 'use_sunday', monday_begin_hour: 'sunday_begin_hour', monday_end_hour: 'sunday_end_hour' } },
  glpi_entities: ENTITY,
  // 10.0 added active domains (every existing one active) and moved the domain's own creation date.
  glpi_domains: { renamed: { date_creation: 'date_domaincreation' }, values: (has) => ({ is_active: has('is_active') ? null : '1' }) },
};

export const isGlpi95 = (version: string): boolean => version.startsWith('9.5.');
