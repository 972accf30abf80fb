/**
 * Authorizations from the directory (GLPI's RuleRight collection): at each sign-in the rules judge
 * the account (its directory, login, e-mail, directory groups and the attributes RuleRightParameter
 * rows name) and their actions give profiles, entities and recursion; the user's dynamic
 * authorizations become exactly those. The rules engine is another domain: the composition root hands it in.
 */
import type { Db } from '../db/connection';
import { selectAll, selectOne, type Row } from '../db/rows';
import { AUTHTYPE } from '../registry/values';
import type { DirectoryAccount } from './account';
import { addLink, dropLink, type Logger } from './history';
import { allValues } from './mapping';

/** What each matching RuleRight rule set, in ranking order. */
export type RightRules = (db: Db, input: Record<string, unknown>) => Record<string, unknown>[];

let rightRules: RightRules = () => [];

export function rightRulesFrom(rules: RightRules): void {
  rightRules = rules;
}

export interface Authorization {
  profileId: number;
  entityId: number;
  recursive: boolean;
}

/** The lower-cased attributes the rules test (RuleRightParameter values), to read with the account. */
export function ruleAttributes(db: Db): string[] {
  return selectAll(db, 'SELECT value FROM glpi_rulerightparameters').map((r) => String(r.value ?? '').trim().toLowerCase()).filter((a) => a !== '');
}

/** Whether the user's groups are read in its own entry (GLPI's group_search_type 0 "in users" or 2 "both"). */
const groupsInUser = (directory: Row) => Number(directory.group_search_type ?? 0) !== 1;

/** The attributes groups are tied to (their ldap_field), lower-cased. */
function groupAttributes(db: Db): string[] {
  return selectAll(db, "SELECT DISTINCT lower(trim(ldap_field)) AS field FROM glpi_groups WHERE trim(coalesce(ldap_field, '')) <> '' ORDER BY field").map((r) => String(r.field));
}

/** What a sign-in reads besides the mapped attributes: those the rules test and those groups are tied to. */
export function attributesForRules(db: Db, directory: Row): string[] {
  return [...ruleAttributes(db), ...(groupsInUser(directory) ? groupAttributes(db) : [])];
}

/** Every DN above an entry's, nearest first (GLPI cuts at each comma). */
function parentDns(dn: string): string[] {
  const parents: string[] = [];
  for (let rest = dn; rest.includes(','); ) {
    rest = rest.slice(rest.indexOf(',') + 1);
    parents.push(rest);
  }
  return parents;
}

/**
 * The user's directory groups (GLPI's GROUPS criterion), read in its entry as GLPI does: a group
 * is the user's when a value of its ldap_field attribute is LIKE its ldap_value; the "ou" values
 * are then the DNs above the user's when groups are found by DN (group_field "dn", which also
 * gives the groups whose ldap_group_dn is one of them) or by "ou". The group entries found
 * listing the user at sign-in (group_search_type 1 or 2) give the groups of that ldap_group_dn.
 */
export function directoryGroups(db: Db, account: DirectoryAccount): number[] {
  const found = new Set<number>();
  const add = (rows: Row[]) => rows.forEach((r) => found.add(Number(r.id)));
  const byGroupDn = (dns: string[]) => {
    if (dns.length > 0) add(selectAll(db, `SELECT id FROM glpi_groups WHERE ldap_group_dn COLLATE NOCASE IN (${dns.map(() => '?').join(', ')})`, ...dns));
  };
  byGroupDn(account.groupDns ?? []);
  const directory = account.server.row;
  const fields = groupsInUser(directory) ? groupAttributes(db) : [];
  const byDn = groupsInUser(directory) && String(directory.group_field ?? '').trim().toLowerCase() === 'dn';
  const parents = byDn || fields.includes('ou') ? parentDns(account.entry.dn) : [];
  if (byDn) byGroupDn(parents);
  for (const field of fields) {
    const values = field === 'ou' && parents.length ? parents : allValues(account.entry, field);
    if (values.length === 0) continue;
    add(selectAll(db, `SELECT id FROM glpi_groups WHERE lower(trim(ldap_field)) = ? AND (${values.map(() => '? LIKE ldap_value').join(' OR ')})`, field, ...values));
  }
  return [...found].sort((a, b) => a - b);
}

/** GLPI's criteria of authorization rules for a directory account. */
function ruleInput(db: Db, account: DirectoryAccount, login: string, email: string | null): Record<string, unknown> {
  const input: Record<string, unknown> = { TYPE: AUTHTYPE.LDAP, LDAP_SERVER: account.server.id, LOGIN: login, MAIL_EMAIL: email ?? '', GROUPS: directoryGroups(db, account) };
  for (const attribute of ruleAttributes(db)) {
    const values = allValues(account.entry, attribute);
    input[attribute] = values.length === 1 ? values[0] : values;
  }
  return input;
}

const idOf = (value: unknown): number | null => (value === undefined || value === null || value === '' || !/^\d+$/.test(String(value)) ? null : Number(value));

/**
 * The authorizations the rules give, or null when no matching rule gives one (the user's are then
 * left as they are). As GLPI: a rule giving an entity and a profile gives that pair; entities given
 * without a profile take the profiles given alone, else the default profile; profiles given
 * without any entity give nothing. Unknown profiles and entities are left out.
 */
export function authorizationsFromRules(db: Db, account: DirectoryAccount, login: string, email: string | null): Authorization[] | null {
  const pairs: Authorization[] = [];
  const entities: { entityId: number; recursive: boolean }[] = [];
  const profiles: number[] = [];
  for (const set of rightRules(db, ruleInput(db, account, login, email))) {
    // A rule may give several entities (each one its entity lookup found).
    const entityIds = (Array.isArray(set.entities_id) ? set.entities_id : [set.entities_id]).map(idOf).filter((id): id is number => id !== null);
    const profileId = idOf(set.profiles_id);
    const recursive = Number(set.is_recursive ?? 0) === 1;
    if (entityIds.length > 0 && profileId !== null) pairs.push(...entityIds.map((entityId) => ({ profileId, entityId, recursive })));
    else if (entityIds.length > 0) entities.push(...entityIds.map((entityId) => ({ entityId, recursive })));
    else if (profileId !== null) profiles.push(profileId);
  }
  if (pairs.length === 0 && entities.length === 0) return null;
  const fallback = profiles.length ? profiles : [Number(selectOne(db, 'SELECT id FROM glpi_profiles WHERE is_default = 1 ORDER BY id LIMIT 1')?.id ?? 0)];
  for (const e of entities) for (const profileId of fallback) pairs.push({ profileId, ...e });
  const exists = (table: string, id: number) => selectOne(db, `SELECT 1 AS ok FROM ${table} WHERE id = ?`, id) !== null;
  const unique = new Map(pairs.filter((p) => exists('glpi_profiles', p.profileId) && exists('glpi_entities', p.entityId)).map((p) => [`${p.profileId}/${p.entityId}`, p]));
  return [...unique.values()];
}

/** Makes the user's dynamic authorizations exactly these (those given by hand stay), with history; true when something changed. */
export function applyAuthorizations(log: Logger, userId: number, wanted: Authorization[]): boolean {
  const current = selectAll(log.db, 'SELECT * FROM glpi_profiles_users WHERE users_id = ? AND is_dynamic = 1', userId);
  const key = (profileId: unknown, entityId: unknown, recursive: unknown) => `${Number(profileId)}/${Number(entityId)}/${Number(recursive) === 1 || recursive === true ? 1 : 0}`;
  const wantedKeys = new Set(wanted.map((w) => key(w.profileId, w.entityId, w.recursive)));
  const currentKeys = new Set(current.map((c) => key(c.profiles_id, c.entities_id, c.is_recursive)));
  let changed = false;
  for (const row of current) {
    if (wantedKeys.has(key(row.profiles_id, row.entities_id, row.is_recursive))) continue;
    dropLink(log, 'Profile_User', row);
    changed = true;
  }
  for (const w of wanted) {
    if (currentKeys.has(key(w.profileId, w.entityId, w.recursive))) continue;
    addLink(log, 'Profile_User', { users_id: userId, profiles_id: w.profileId, entities_id: w.entityId, is_recursive: w.recursive ? 1 : 0, is_dynamic: 1, is_default_profile: 0 });
    changed = true;
  }
  return changed;
}
