/**
 * GLPI's "import of new groups" from a directory: the group entries under `basedn` matching
 * `group_condition` that no group is linked to yet (`ldap_group_dn`), and what a group made from
 * one holds. Making the groups is the API's (an item write, with its rights and history).
 */
import type { Db } from '../db/connection';
import { selectAll } from '../db/rows';
import { type AccountQuery, BadFilter, queryFilter, searchAccounts, underBase } from './import';
import { firstValue } from './mapping';
import type { DirectoryServer } from './servers';

export interface DirectoryGroup {
  name: string;
  dn: string;
}

function groupsFilter(server: DirectoryServer): string {
  const condition = String(server.row.group_condition ?? '').trim();
  if (condition === '') throw new BadFilter(`The directory "${server.name}" has no group_condition to find its groups with`);
  return condition.startsWith('(') ? condition : `(${condition})`;
}

/** The group's name: its `cn`, else the value of its DN's first part. */
const nameOf = (dn: string, cn: string | null) => cn ?? dn.split(',')[0]!.replace(/^[^=]*=/, '');

/** The DNs (lower-cased) groups are linked to already. */
function linkedDns(db: Db): Set<string> {
  return new Set(selectAll(db, "SELECT ldap_group_dn FROM glpi_groups WHERE COALESCE(ldap_group_dn, '') <> ''").map((r) => String(r.ldap_group_dn).toLowerCase()));
}

/** The group entries no group is linked to, sorted by name, with their count before the page is cut. */
export async function newGroups(db: Db, server: DirectoryServer, query: AccountQuery): Promise<{ total: number; groups: DirectoryGroup[] }> {
  const entries = await searchAccounts(db, server, queryFilter(groupsFilter(server), 'cn', query), undefined, ['cn']);
  const linked = linkedDns(db);
  const fresh = entries
    .filter((e) => !linked.has(e.dn.toLowerCase()))
    .map((e) => ({ name: nameOf(e.dn, firstValue(e, 'cn')), dn: e.dn }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { total: fresh.length, groups: fresh.slice(query.start, query.start + query.limit) };
}

/** The group entry of a DN under the base DN matching group_condition, or null. */
export async function groupEntry(db: Db, server: DirectoryServer, dn: string): Promise<DirectoryGroup | null> {
  if (!underBase(server, dn)) return null;
  const [entry, ...more] = await searchAccounts(db, server, groupsFilter(server), dn, ['cn']);
  return entry && more.length === 0 ? { name: nameOf(entry.dn, firstValue(entry, 'cn')), dn: entry.dn } : null;
}

/** Whether a group is linked to that DN already. */
export const isLinked = (db: Db, dn: string) => linkedDns(db).has(dn.toLowerCase());
