// Tools: projects and their tasks, teams, costs and links; the knowledge base with its categories,
// targets, item links, revisions, comments and translations; reminders, RSS feeds, reservations
// and saved searches. Columns follow GLPI 10.0's install/mysql/glpi-empty.sql.
import { dependent, dropdown, poly, treeDropdown } from '../kinds';
import type { ItemtypeSpec, OwnerLink } from '../types';
import type { TableSpec } from './types';
import { ATTACHABLE } from './management';

// Bits of the rights below (GLPI's constants).
const READ = 1;
const UPDATE = 2;
const DELETE = 8;
const PURGE = 16;
const KNOWBASE_ADMIN = 1024;
const READ_FAQ = 2048;
const RESERVE_AN_ITEM = 1024;

const DATES = 'date_mod ts NULL =NULL; date_creation ts NULL =NULL';
const ENTITY = "entities_id uint! ='0'; is_recursive tiny! ='0'";
const SIMPLE = `id uint! AI; name vc(255) =NULL; comment text; ${DATES}`;
const PLAN = 'plan_start_date ts NULL =NULL; plan_end_date ts NULL =NULL; real_start_date ts NULL =NULL; real_end_date ts NULL =NULL';
const TEAM_MEMBERS = ['User', 'Group', 'Supplier', 'Contact'];
/** What reservations, knowledge base links and projects may name. */
const RESERVABLE = ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software'];

/** A visibility target row of a shared object: an entity, a group or profile (in an entity), or a user. */
function target(ownerFk: string, other: 'entities' | 'groups' | 'profiles' | 'users'): TableSpec {
  const link = `id uint! AI; ${ownerFk} uint! ='0'`;
  if (other === 'entities') return { columns: `${link}; ${ENTITY}` };
  if (other === 'users') return { columns: `${link}; users_id uint! ='0'` };
  return { columns: `${link}; ${other}_id uint! ='0'; entities_id uint =NULL; is_recursive tiny! ='0'; no_entity_restriction tiny! ='0'` };
}

export const toolTables: Record<string, TableSpec> = {
  glpi_projects: {
    columns: `id uint! AI; name vc(255) =NULL; code vc(255) =NULL; priority int! ='1'; ${ENTITY}; projects_id uint! ='0'; projectstates_id uint! ='0'; projecttypes_id uint! ='0'; date ts NULL =NULL; date_mod ts NULL =NULL; users_id uint! ='0'; groups_id uint! ='0'; ${PLAN}; percent_done int! ='0'; auto_percent_done tiny! ='0'; show_on_global_gantt tiny! ='0'; content longtext; comment longtext; is_deleted tiny! ='0'; date_creation ts NULL =NULL; projecttemplates_id uint! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL`,
  },
  glpi_projectstates: { columns: `id uint! AI; name vc(255) =NULL; comment text; color vc(255) =NULL; is_finished tiny! ='0'; ${DATES}` },
  glpi_projecttypes: { columns: SIMPLE },
  glpi_projecttasktypes: { columns: SIMPLE },
  glpi_projecttasks: {
    columns: `id uint! AI; uuid vc(255) =NULL; name vc(255) =NULL; content longtext; comment longtext; ${ENTITY}; projects_id uint! ='0'; projecttasks_id uint! ='0'; date_creation ts NULL =NULL; date_mod ts NULL =NULL; ${PLAN}; planned_duration int! ='0'; effective_duration int! ='0'; projectstates_id uint! ='0'; projecttasktypes_id uint! ='0'; users_id uint! ='0'; percent_done int! ='0'; auto_percent_done tiny! ='0'; is_milestone tiny! ='0'; projecttasktemplates_id uint! ='0'; is_template tiny! ='0'; template_name vc(255) =NULL`,
    unique: [['uuid']],
  },
  glpi_projecttasktemplates: {
    columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; description longtext; comment longtext; projects_id uint! ='0'; projecttasks_id uint! ='0'; ${PLAN}; planned_duration int! ='0'; effective_duration int! ='0'; projectstates_id uint! ='0'; projecttasktypes_id uint! ='0'; users_id uint! ='0'; percent_done int! ='0'; is_milestone tiny! ='0'; comments text; ${DATES}`,
  },
  glpi_projectteams: { columns: "id uint! AI; projects_id uint! ='0'; itemtype vc(100) =NULL; items_id uint! ='0'", unique: [['projects_id', 'itemtype', 'items_id']] },
  glpi_projecttaskteams: { columns: "id uint! AI; projecttasks_id uint! ='0'; itemtype vc(100) =NULL; items_id uint! ='0'", unique: [['projecttasks_id', 'itemtype', 'items_id']] },
  glpi_projecttasks_tickets: { columns: "id uint! AI; tickets_id uint! ='0'; projecttasks_id uint! ='0'", unique: [['tickets_id', 'projecttasks_id']] },
  glpi_projectcosts: {
    columns: `id uint! AI; projects_id uint! ='0'; name vc(255) =NULL; comment text; begin_date date =NULL; end_date date =NULL; cost decimal(20,4)! ='0.0000'; budgets_id uint! ='0'; ${ENTITY}`,
  },
  glpi_items_projects: { columns: "id uint! AI; projects_id uint! ='0'; itemtype vc(100) =NULL; items_id uint! ='0'", unique: [['projects_id', 'itemtype', 'items_id']] },
  glpi_itils_projects: { columns: "id uint! AI; itemtype vc(100)! =''; items_id uint! ='0'; projects_id uint! ='0'", unique: [['itemtype', 'items_id', 'projects_id']] },

  glpi_knowbaseitems: {
    columns: "id uint! AI; name text; answer longtext; is_faq tiny! ='0'; users_id uint! ='0'; view int! ='0'; date_creation ts NULL =NULL; date_mod ts NULL =NULL; begin_date ts NULL =NULL; end_date ts NULL =NULL",
  },
  glpi_knowbaseitemcategories: {
    columns: `id uint! AI; ${ENTITY}; knowbaseitemcategories_id uint! ='0'; name vc(255) =NULL; completename text; comment text; level int! ='0'; sons_cache longtext; ancestors_cache longtext; ${DATES}`,
    unique: [['entities_id', 'knowbaseitemcategories_id', 'name']],
  },
  glpi_knowbaseitems_knowbaseitemcategories: { columns: "id uint! AI; knowbaseitems_id uint! ='0'; knowbaseitemcategories_id uint! ='0'" },
  glpi_entities_knowbaseitems: target('knowbaseitems_id', 'entities'),
  glpi_groups_knowbaseitems: target('knowbaseitems_id', 'groups'),
  glpi_knowbaseitems_profiles: target('knowbaseitems_id', 'profiles'),
  glpi_knowbaseitems_users: target('knowbaseitems_id', 'users'),
  glpi_knowbaseitems_items: {
    columns: "id uint! AI; knowbaseitems_id uint!; itemtype vc(100)!; items_id uint! ='0'; date_creation ts NULL =NULL; date_mod ts NULL =NULL",
    unique: [['itemtype', 'items_id', 'knowbaseitems_id']],
  },
  glpi_knowbaseitems_revisions: {
    columns: "id uint! AI; knowbaseitems_id uint!; revision int!; name text; answer longtext; language vc(10) =NULL; users_id uint! ='0'; date ts NULL =NULL",
    unique: [['knowbaseitems_id', 'revision', 'language']],
  },
  glpi_knowbaseitems_comments: {
    columns: "id uint! AI; knowbaseitems_id uint!; users_id uint! ='0'; language vc(10) =NULL; comment text; parent_comment_id uint =NULL; date_creation ts NULL =NULL; date_mod ts NULL =NULL",
  },
  glpi_knowbaseitemtranslations: { columns: `id uint! AI; knowbaseitems_id uint! ='0'; language vc(10) =NULL; name text; answer longtext; users_id uint! ='0'; ${DATES}` },

  glpi_reminders: {
    columns:
      "id uint! AI; uuid vc(255) =NULL; date ts NULL =NULL; users_id uint! ='0'; name vc(255) =NULL; text text; begin ts NULL =NULL; end ts NULL =NULL; is_planned tiny! ='0'; date_mod ts NULL =NULL; state int! ='0'; begin_view_date ts NULL =NULL; end_view_date ts NULL =NULL; date_creation ts NULL =NULL",
    unique: [['uuid']],
  },
  glpi_remindertranslations: { columns: `id uint! AI; reminders_id uint! ='0'; language vc(5) =NULL; name text; text longtext; users_id uint! ='0'; ${DATES}` },
  glpi_entities_reminders: target('reminders_id', 'entities'),
  glpi_groups_reminders: target('reminders_id', 'groups'),
  glpi_profiles_reminders: target('reminders_id', 'profiles'),
  glpi_reminders_users: target('reminders_id', 'users'),
  glpi_rssfeeds: {
    columns: `id uint! AI; name vc(255) =NULL; users_id uint! ='0'; comment text; url text; refresh_rate int! ='86400'; max_items int! ='20'; have_error tiny! ='0'; is_active tiny! ='0'; ${DATES}`,
  },
  glpi_entities_rssfeeds: target('rssfeeds_id', 'entities'),
  glpi_groups_rssfeeds: target('rssfeeds_id', 'groups'),
  glpi_profiles_rssfeeds: target('rssfeeds_id', 'profiles'),
  glpi_rssfeeds_users: target('rssfeeds_id', 'users'),

  glpi_reservationitems: {
    columns: `id uint! AI; itemtype vc(100)!; ${ENTITY}; items_id uint! ='0'; comment text; is_active tiny! ='1'`,
    unique: [['itemtype', 'items_id']],
  },
  // `group` ties the reservations made together (a repeated booking); a keyword, so SQL quotes it.
  glpi_reservations: { columns: "id uint! AI; reservationitems_id uint! ='0'; begin ts NULL =NULL; end ts NULL =NULL; users_id uint! ='0'; comment text; group int! ='0'" },
  glpi_savedsearches: {
    columns: `id uint! AI; name vc(255) =NULL; type int! ='0'; itemtype vc(100)!; users_id uint! ='0'; is_private tiny! ='1'; ${ENTITY}; query text; last_execution_time int =NULL; do_count int! ='2'; last_execution_date ts NULL =NULL; counter int! ='0'`,
  },
};

const knowbase = { fk: 'knowbaseitems_id', itemtype: 'KnowbaseItem' } as const;
const reminder = { fk: 'reminders_id', itemtype: 'Reminder' } as const;
const feed = { fk: 'rssfeeds_id', itemtype: 'RSSFeed' } as const;
const other = (fk: string, itemtype: string): OwnerLink => ({ fk, itemtype });
/** The four visibility targets of a shared object, under GLPI's names for them. */
function targets(owner: OwnerLink & { fk: string }, names: [string, string, string, string], tables: [string, string, string, string]): Record<string, ItemtypeSpec> {
  const others = [other('entities_id', 'Entity'), other('groups_id', 'Group'), other('profiles_id', 'Profile'), other('users_id', 'User')];
  return Object.fromEntries(names.map((name, i) => [name, dependent(tables[i]!, [owner, others[i]!])]));
}

export const toolItemtypes: Record<string, ItemtypeSpec> = {
  Project: {
    table: 'glpi_projects',
    kind: 'other',
    right: 'project',
    trash: true,
    features: ['document', 'contract', 'note'],
    children: ['ProjectTask', 'ProjectCost', 'Itil_Project', 'Item_Project'],
  },
  ProjectState: dropdown('glpi_projectstates'),
  ProjectType: dropdown('glpi_projecttypes'),
  ProjectTaskType: dropdown('glpi_projecttasktypes'),
  ProjectTask: dependent('glpi_projecttasks', [{ fk: 'projects_id', itemtype: 'Project' }], { kind: 'child', history: true, features: ['document'] }),
  ProjectTaskTemplate: dropdown('glpi_projecttasktemplates', 'project'),
  ProjectTeam: dependent('glpi_projectteams', [{ fk: 'projects_id', itemtype: 'Project' }, poly], { polyTargets: TEAM_MEMBERS }),
  ProjectTaskTeam: dependent('glpi_projecttaskteams', [{ fk: 'projecttasks_id', itemtype: 'ProjectTask' }, poly], { polyTargets: TEAM_MEMBERS }),
  ProjectTask_Ticket: dependent('glpi_projecttasks_tickets', [{ fk: 'projecttasks_id', itemtype: 'ProjectTask' }, { fk: 'tickets_id', itemtype: 'Ticket' }]),
  ProjectCost: dependent('glpi_projectcosts', [{ fk: 'projects_id', itemtype: 'Project' }], { kind: 'child', history: true }),
  Item_Project: dependent('glpi_items_projects', [{ fk: 'projects_id', itemtype: 'Project' }, poly], { polyTargets: ATTACHABLE }),
  Itil_Project: dependent('glpi_itils_projects', [{ fk: 'projects_id', itemtype: 'Project' }, poly], { polyTargets: 'itil' }),

  KnowbaseItem: {
    table: 'glpi_knowbaseitems',
    kind: 'other',
    right: 'knowbase',
    features: ['document'],
    // GLPI 10: the author, the articles published to the reader (targets; FAQ ones only for
    // READFAQ-only profiles), or every article with KNOWBASEADMIN.
    privateTo: {
      targets: ['Entity_KnowbaseItem', 'Group_KnowbaseItem', 'KnowbaseItem_Profile', 'KnowbaseItem_User'],
      everyRow: { read: KNOWBASE_ADMIN, write: KNOWBASE_ADMIN, delete: KNOWBASE_ADMIN },
      sharedWrite: true,
      flagRead: { flag: 'is_faq', bit: READ_FAQ },
    },
  },
  KnowbaseItemCategory: treeDropdown('glpi_knowbaseitemcategories', 'knowbaseitemcategories_id', 'knowbasecategory'),
  KnowbaseItem_KnowbaseItemCategory: dependent('glpi_knowbaseitems_knowbaseitemcategories', [knowbase, other('knowbaseitemcategories_id', 'KnowbaseItemCategory')]),
  ...targets(knowbase, ['Entity_KnowbaseItem', 'Group_KnowbaseItem', 'KnowbaseItem_Profile', 'KnowbaseItem_User'], [
    'glpi_entities_knowbaseitems',
    'glpi_groups_knowbaseitems',
    'glpi_knowbaseitems_profiles',
    'glpi_knowbaseitems_users',
  ]),
  KnowbaseItem_Item: dependent('glpi_knowbaseitems_items', [knowbase, poly], { polyTargets: [...ATTACHABLE, 'Ticket', 'Problem', 'Change'] }),
  KnowbaseItem_Revision: dependent('glpi_knowbaseitems_revisions', [knowbase], { kind: 'child', required: ['revision'] }),
  KnowbaseItem_Comment: dependent('glpi_knowbaseitems_comments', [knowbase], { kind: 'child', fk: { parent_comment_id: 'KnowbaseItem_Comment' } }),
  KnowbaseItemTranslation: dependent('glpi_knowbaseitemtranslations', [knowbase], { kind: 'child' }),

  Reminder: { table: 'glpi_reminders', kind: 'other', right: 'reminder_public', features: ['document'], privateTo: { targets: ['Entity_Reminder', 'Group_Reminder', 'Profile_Reminder', 'Reminder_User'] } },
  ReminderTranslation: dependent('glpi_remindertranslations', [reminder], { kind: 'child' }),
  ...targets(reminder, ['Entity_Reminder', 'Group_Reminder', 'Profile_Reminder', 'Reminder_User'], [
    'glpi_entities_reminders',
    'glpi_groups_reminders',
    'glpi_profiles_reminders',
    'glpi_reminders_users',
  ]),
  RSSFeed: { table: 'glpi_rssfeeds', kind: 'other', right: 'rssfeed_public', privateTo: { targets: ['Entity_RSSFeed', 'Group_RSSFeed', 'Profile_RSSFeed', 'RSSFeed_User'] } },
  ...targets(feed, ['Entity_RSSFeed', 'Group_RSSFeed', 'Profile_RSSFeed', 'RSSFeed_User'], ['glpi_entities_rssfeeds', 'glpi_groups_rssfeeds', 'glpi_profiles_rssfeeds', 'glpi_rssfeeds_users']),

  ReservationItem: { table: 'glpi_reservationitems', kind: 'child', right: 'reservation', owners: [poly], ownersGovern: false, polyTargets: RESERVABLE },
  // Everyone who may book sees every reservation; a user changes their own, managers anyone's.
  Reservation: {
    table: 'glpi_reservations',
    kind: 'child',
    right: 'reservation',
    owners: [{ fk: 'reservationitems_id', itemtype: 'ReservationItem' }],
    privateTo: { everyRow: { read: READ | RESERVE_AN_ITEM, write: UPDATE, delete: DELETE | PURGE }, ownBits: RESERVE_AN_ITEM },
  },
  SavedSearch: { table: 'glpi_savedsearches', kind: 'other', right: 'bookmark_public', required: ['itemtype'], privateTo: { shareFlag: 'is_private', ownWithoutRight: true } },
};
