import { APPROXIMATED_RIGHTS, DEFAULT_PROFILES, DEFAULT_RIGHTS, EARLIER_DEFAULT_RIGHTS, defaultRight, transitionMatrix } from '../registry/default-profiles';
import { CRON_TASKS } from '../registry/automatic-actions';
import { AUTHTYPE } from '../registry/values';
import type { Db } from './connection';
import { insertRow, run, selectAll } from './rows';
import { nowString } from '../core/clock';
import { marks } from './frag';

export const ROOT_ENTITY_ID = 0;
export const ADMIN_USER_ID = 2;
export const SUPER_ADMIN_PROFILE_ID = 4;

const REQUEST_TYPES = [
  { id: 1, name: 'Helpdesk', is_helpdesk_default: 1, is_followup_default: 1 },
  { id: 2, name: 'E-Mail', is_mail_default: 1, is_mailfollowup_default: 1 },
  { id: 3, name: 'Phone' },
  { id: 4, name: 'Direct' },
  { id: 5, name: 'Written' },
  { id: 6, name: 'Other' },
];

/** The data of a fresh install: root entity, profiles with rights, request types, API client, admin. */
export function seedDefaultInstall(db: Db, adminPasswordHash: string): void {
  const now = nowString();
  insertRow(db, 'glpi_entities', {
    id: ROOT_ENTITY_ID,
    name: 'Root entity',
    entities_id: null,
    completename: 'Root entity',
    level: 1,
    date_creation: now,
    date_mod: now,
  });
  for (const p of DEFAULT_PROFILES) {
    const matrix = transitionMatrix(p.transitions);
    insertRow(db, 'glpi_profiles', {
      id: p.id,
      name: p.name,
      interface: p.interface,
      is_default: p.isDefault ? 1 : 0,
      helpdesk_hardware: p.interface === 'helpdesk' ? 1 : 0,
      helpdesk_item_type: '["Computer","Monitor","NetworkEquipment","Peripheral","Phone","Printer","Software"]',
      ticket_status: matrix,
      problem_status: matrix,
      change_status: matrix,
      create_ticket_on_login: p.createTicketOnLogin ? 1 : 0,
      date_creation: now,
      date_mod: now,
    });
    for (const name of Object.keys(DEFAULT_RIGHTS)) {
      const rights = defaultRight(p.id, name);
      if (rights !== null) insertRow(db, 'glpi_profilerights', { profiles_id: p.id, name, rights });
    }
  }
  for (const type of REQUEST_TYPES) insertRow(db, 'glpi_requesttypes', { ...type, date_creation: now, date_mod: now });
  insertRow(db, 'glpi_apiclients', {
    entities_id: ROOT_ENTITY_ID,
    is_recursive: 1,
    name: 'full access',
    is_active: 1,
    comment: 'Default client: any address, no application token. Deactivate it to require App-Token.',
    date_creation: now,
    date_mod: now,
  });
  insertSuperAdmin(db, 'glpi', adminPasswordHash, ADMIN_USER_ID);
}

/** A local account with the Super-Admin profile on the root entity (recursive); returns its id. */
export function insertSuperAdmin(db: Db, login: string, passwordHash: string, id?: number): number {
  const now = nowString();
  const userId = insertRow(db, 'glpi_users', {
    ...(id === undefined ? {} : { id }),
    name: login,
    password: passwordHash,
    password_last_update: now,
    authtype: AUTHTYPE.LOCAL,
    is_active: 1,
    profiles_id: SUPER_ADMIN_PROFILE_ID,
    entities_id: ROOT_ENTITY_ID,
    date_creation: now,
    date_mod: now,
  });
  insertRow(db, 'glpi_profiles_users', {
    users_id: userId,
    profiles_id: SUPER_ADMIN_PROFILE_ID,
    entities_id: ROOT_ENTITY_ID,
    is_recursive: 1,
    is_default_profile: 1,
  });
  return userId;
}

/** Gives the default profiles (where they still exist) the rights introduced after they were created. */
export function addMissingDefaultRights(db: Db): void {
  for (const p of DEFAULT_PROFILES) {
    if (!selectAll(db, 'SELECT id FROM glpi_profiles WHERE id = ?', p.id).length) continue;
    const held = new Set(selectAll(db, 'SELECT name FROM glpi_profilerights WHERE profiles_id = ?', p.id).map((r) => String(r.name)));
    for (const name of Object.keys(DEFAULT_RIGHTS)) {
      // A right with an upgrade rule of its own (from the profile's other rights) is left to it.
      const rights = defaultRight(p.id, name);
      if (!held.has(name) && !RULED_RIGHTS.has(name) && rights !== null) insertRow(db, 'glpi_profilerights', { profiles_id: p.id, name, rights });
    }
  }
}

/**
 * Every profile but the default ones gets a row, at 0, of each right it lacks, as GLPI gives each
 * profile a row of every right (a profile Deskbase created before had none).
 */
export function fillProfileRights(db: Db): void {
  const defaults = DEFAULT_PROFILES.map((p) => p.id);
  run(
    db,
    `INSERT INTO glpi_profilerights (profiles_id, name, rights)
     SELECT p.id, n.name, 0 FROM glpi_profiles p CROSS JOIN (SELECT name, MIN(id) AS first FROM glpi_profilerights GROUP BY name) n
     WHERE p.id NOT IN (${marks(defaults)}) AND NOT EXISTS (SELECT 1 FROM glpi_profilerights r WHERE r.profiles_id = p.id AND r.name = n.name)
     ORDER BY p.id, n.first`,
    ...defaults,
  );
}

/** Replaces the earlier approximations of GLPI's default rights that no one has changed since. */
export function correctApproximatedRights(db: Db): void {
  replaceEarlierDefaults(db, APPROXIMATED_RIGHTS);
  addMissingDefaultRights(db);
}

/** Gives GLPI 10.0.19's install values to the default profiles' rights still at an earlier Deskbase default. */
export const correctEarlierDefaultRights = (db: Db): void => replaceEarlierDefaults(db, EARLIER_DEFAULT_RIGHTS);

/** Default profiles' rights still holding exactly their earlier value get today's default; changed ones are kept. */
function replaceEarlierDefaults(db: Db, earlier: Record<string, number[]>): void {
  for (const p of DEFAULT_PROFILES) {
    for (const [name, previous] of Object.entries(earlier)) {
      const value = DEFAULT_RIGHTS[name]?.[p.id - 1];
      const old = previous[p.id - 1];
      if (value === undefined || old === undefined || value === old) continue;
      run(db, 'UPDATE glpi_profilerights SET rights = ? WHERE profiles_id = ? AND name = ? AND rights = ?', value, p.id, name, old);
    }
  }
}

/** GLPI's one agent type, which inventory agents are recorded under. */
export function seedAgentTypes(db: Db): void {
  if (!selectAll(db, 'SELECT id FROM glpi_agenttypes WHERE id = 1').length) insertRow(db, 'glpi_agenttypes', { id: 1, name: 'Core' });
}

/** Rights an upgrade gives by a rule over each profile's rights, not from the default table. */
const RULED_RIGHTS = new Set(['agent', 'snmpcredential', 'locked_field', 'refusedequipment', 'inventory']);

/**
 * A right GLPI 10.0 added by a rule (its addRight with a `config` UPDATE requirement), for every
 * profile that lacks it: `granted` where the profile may update the configuration, none elsewhere.
 */
function addRightForConfigEditors(db: Db, name: string, granted: number): void {
  const CONFIG_UPDATE = 2;
  for (const profile of selectAll(db, "SELECT p.id AS id, COALESCE(c.rights, 0) AS config FROM glpi_profiles p LEFT JOIN glpi_profilerights c ON c.profiles_id = p.id AND c.name = 'config' WHERE NOT EXISTS (SELECT 1 FROM glpi_profilerights a WHERE a.profiles_id = p.id AND a.name = ?)", name)) {
    insertRow(db, 'glpi_profilerights', { profiles_id: Number(profile.id), name, rights: (Number(profile.config) & CONFIG_UPDATE) !== 0 ? granted : 0 });
  }
}

/** GLPI 10.0.4's `agent` right: READ | UPDATE | PURGE (agents followed the computer right before). */
export const addAgentRight = (db: Db): void => addRightForConfigEditors(db, 'agent', 1 | 2 | 16);

/** GLPI 10.0's `locked_field` right: CREATE | UPDATE (its UPDATE bit reads and unlocks too). */
export const addLockedFieldRight = (db: Db): void => addRightForConfigEditors(db, 'locked_field', 2 | 4);

/** GLPI 10.0's `inventory` right: READ | UPDATE (the inventory's configuration and files). */
export const addInventoryRight = (db: Db): void => addRightForConfigEditors(db, 'inventory', 1 | 2);

/** GLPI 10.0's `refusedequipment` right: READ | UPDATE | PURGE (the import rules' refusals). */
export const addRefusedEquipmentRight = (db: Db): void => addRightForConfigEditors(db, 'refusedequipment', 1 | 2 | 16);

/**
 * GLPI 10.0's `snmpcredential` right (every standard right, ALLSTANDARDRIGHT) and, where there is
 * no SNMP credential yet, the one its install and upgrade write.
 */
export function addSnmpCredentials(db: Db): void {
  addRightForConfigEditors(db, 'snmpcredential', 31);
  if (!selectAll(db, 'SELECT id FROM glpi_snmpcredentials LIMIT 1').length) insertRow(db, 'glpi_snmpcredentials', { id: 1, name: 'Public community v2c', snmpversion: '2', community: 'public' });
}

/**
 * GLPI's default ITIL templates: "Default" (id 1) for tickets, problems and changes, each with
 * its description (option 21) mandatory. Left alone where a template 1 exists already.
 */
export function seedDefaultTemplates(db: Db): void {
  for (const kind of ['ticket', 'problem', 'change']) {
    if (selectAll(db, `SELECT id FROM glpi_${kind}templates WHERE id = 1`).length) continue;
    insertRow(db, `glpi_${kind}templates`, { id: 1, name: 'Default', entities_id: ROOT_ENTITY_ID, is_recursive: 1, comment: 'Default template' });
    insertRow(db, `glpi_${kind}templatemandatoryfields`, { [`${kind}templates_id`]: 1, num: 21 });
  }
}

/** The rows of the automatic actions Deskbase runs (GLPI's ids when free), waiting (`state` 1) unless GLPI's install has them off, undated as GLPI's install has them; rows already there are kept. */
export function seedCronTasks(db: Db): void {
  for (const spec of Object.values(CRON_TASKS)) {
    if (selectAll(db, 'SELECT id FROM glpi_crontasks WHERE itemtype = ? AND name = ?', spec.itemtype, spec.name).length) continue;
    const idFree = selectAll(db, 'SELECT id FROM glpi_crontasks WHERE id = ?', spec.id).length === 0;
    insertRow(db, 'glpi_crontasks', {
      ...(idFree ? { id: spec.id } : {}),
      itemtype: spec.itemtype,
      name: spec.name,
      frequency: spec.frequency,
      param: spec.param,
      state: spec.off ? 0 : 1,
      mode: spec.mode,
      logs_lifetime: spec.logsLifetime,
    });
  }
}

/**
 * GLPI 10.0's `recurrentchange` right, as its upgrade sets it: every standard right
 * (ALLSTANDARDRIGHT) where the profile updates both changes and recurrent tickets, none elsewhere.
 */
export function addRecurrentChangeRight(db: Db): void {
  const UPDATE = 2;
  const rightOf = (profile: number, name: string) => Number(selectAll(db, 'SELECT rights FROM glpi_profilerights WHERE profiles_id = ? AND name = ?', profile, name)[0]?.rights ?? 0);
  for (const profile of selectAll(db, "SELECT id FROM glpi_profiles p WHERE NOT EXISTS (SELECT 1 FROM glpi_profilerights r WHERE r.profiles_id = p.id AND r.name = 'recurrentchange')")) {
    const id = Number(profile.id);
    const granted = (rightOf(id, 'change') & UPDATE) !== 0 && (rightOf(id, 'ticketrecurrent') & UPDATE) !== 0;
    insertRow(db, 'glpi_profilerights', { profiles_id: id, name: 'recurrentchange', rights: granted ? 31 : 0 });
  }
}

/** The HTTP variables GLPI's install offers for single sign-on (ids as GLPI's). */
const SSO_VARIABLES = ['HTTP_AUTH_USER', 'REMOTE_USER', 'PHP_AUTH_USER', 'USERNAME', 'REDIRECT_REMOTE_USER', 'HTTP_REMOTE_USER'];

/** The LDAP criteria of GLPI's install: id, name, attribute (id 11 is not used). */
const LDAP_CRITERIA: [number, string, string][] = [
  [1, '(LDAP)Organization', 'o'],
  [2, '(LDAP)Common Name', 'cn'],
  [3, '(LDAP)Department Number', 'departmentnumber'],
  [4, '(LDAP)Email', 'mail'],
  [5, 'Object Class', 'objectclass'],
  [6, '(LDAP)User ID', 'uid'],
  [7, '(LDAP)Telephone Number', 'phone'],
  [8, '(LDAP)Employee Number', 'employeenumber'],
  [9, '(LDAP)Manager', 'manager'],
  [10, '(LDAP)DistinguishedName', 'dn'],
  [12, '(AD)User ID', 'samaccountname'],
  [13, '(LDAP) Title', 'title'],
  [14, '(LDAP) MemberOf', 'memberof'],
];

/** GLPI's install rows of the SSO variables and LDAP criteria, into tables that are still empty. */
export function seedAuthenticationDropdowns(db: Db): void {
  if (!selectAll(db, 'SELECT id FROM glpi_ssovariables LIMIT 1').length) {
    SSO_VARIABLES.forEach((name, i) => insertRow(db, 'glpi_ssovariables', { id: i + 1, name }));
  }
  if (!selectAll(db, 'SELECT id FROM glpi_rulerightparameters LIMIT 1').length) {
    for (const [id, name, value] of LDAP_CRITERIA) insertRow(db, 'glpi_rulerightparameters', { id, name, value });
  }
}
