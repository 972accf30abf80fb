/**
 * Groups from the directory (GLPI's group_search_type): a user belongs, as dynamic Group_User
 * rows, to the groups already linked to the directory that hold it: by a value of its
 * `group_field` attribute (0, "in users": the group's `ldap_field`/`ldap_value`), by a group entry
 * naming it in `group_member_field` under `basedn` (1, "in groups": the group's `ldap_group_dn`;
 * its DN, or its login when `use_dn` is 0), or both (2). Groups given by hand stay.
 */
import type { Entry } from 'ldapts';
import type { Db } from '../db/connection';
import { selectAll } from '../db/rows';
import { connectAsRoot, reasonOf, unavailable } from './connection';
import { memberFilter } from './filter';
import { addLink, dropLink, type Logger } from './history';
import { allValues } from './mapping';
import type { DirectoryServer } from './servers';

const IN_USERS = 0;
const IN_GROUPS = 1;
const BOTH = 2;

const searchType = (server: DirectoryServer) => Number(server.row.group_search_type ?? IN_USERS);
const attribute = (server: DirectoryServer, column: string) => String(server.row[column] ?? '').trim().toLowerCase();

/** The DNs (lower-cased) of the directory's group entries naming the account; none unless groups are searched. */
export async function groupDnsOf(server: DirectoryServer, entry: Entry, login: string): Promise<string[]> {
  const memberField = attribute(server, 'group_member_field');
  if (![IN_GROUPS, BOTH].includes(searchType(server)) || memberField === '') return [];
  const filter = memberFilter(memberField, String(server.row.group_condition ?? '').trim(), {
    dn: entry.dn,
    login,
    loginField: String(server.row.login_field || 'uid'),
    useDn: Number(server.row.use_dn ?? 1) === 1,
  });
  const client = await connectAsRoot(server);
  try {
    const { searchEntries } = await client.search(String(server.row.basedn ?? ''), { scope: 'sub', filter, attributes: ['1.1'] });
    return searchEntries.map((e) => e.dn.toLowerCase());
  } catch (e) {
    throw unavailable(server, [reasonOf(e)]);
  } finally {
    await client.unbind().catch(() => {});
  }
}

/** The ids of the groups linked to the directory that hold the account. */
function wantedGroups(db: Db, server: DirectoryServer, entry: Entry, groupDns: string[]): Set<number> {
  const ids = new Set<number>();
  const groupField = attribute(server, 'group_field');
  if ([IN_USERS, BOTH].includes(searchType(server)) && groupField !== '') {
    const values = new Set(allValues(entry, groupField).map((v) => v.toLowerCase()));
    for (const g of selectAll(db, 'SELECT id, ldap_value FROM glpi_groups WHERE LOWER(ldap_field) = ?', groupField)) {
      if (values.has(String(g.ldap_value ?? '').toLowerCase())) ids.add(Number(g.id));
    }
  }
  if (groupDns.length > 0) {
    const dns = new Set(groupDns);
    for (const g of selectAll(db, "SELECT id, ldap_group_dn FROM glpi_groups WHERE COALESCE(ldap_group_dn, '') <> ''")) {
      if (dns.has(String(g.ldap_group_dn).toLowerCase())) ids.add(Number(g.id));
    }
  }
  return ids;
}

/** Makes the user's dynamic groups exactly the directory's, with history; inside the caller's transaction. True when they changed. */
export function applyGroups(log: Logger, userId: number, server: DirectoryServer, entry: Entry, groupDns: string[]): boolean {
  const wanted = wantedGroups(log.db, server, entry, groupDns);
  const current = selectAll(log.db, 'SELECT * FROM glpi_groups_users WHERE users_id = ?', userId);
  let changed = false;
  for (const row of current) {
    if (Number(row.is_dynamic) !== 1 || wanted.has(Number(row.groups_id))) continue;
    dropLink(log, 'Group_User', row);
    changed = true;
  }
  const held = new Set(current.map((r) => Number(r.groups_id)));
  for (const groupId of wanted) {
    if (held.has(groupId)) continue;
    addLink(log, 'Group_User', { users_id: userId, groups_id: groupId, is_dynamic: 1, is_manager: 0, is_userdelegate: 0 });
    changed = true;
  }
  return changed;
}
