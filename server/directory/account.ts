/** Finding a directory account by its login and checking its password by binding as it. */
import { InvalidCredentialsError, SizeLimitExceededError, type Client, type Entry } from 'ldapts';
import type { Row } from '../db/rows';
import { connectAsRoot, unavailable } from './connection';
import { loginFilter, memberFilter } from './filter';
import { mappedAttributes } from './mapping';
import type { DirectoryServer } from './servers';

export interface DirectoryAccount {
  server: DirectoryServer;
  entry: Entry;
  /** The DNs of the group entries listing it, when the directory's groups are searched (group_search_type 1 or 2) at sign-in. */
  groupDns?: string[];
}

/**
 * The group entries listing the account (GLPI's search in groups), searched as the account once
 * it is bound, as GLPI does; a search the directory refuses finds none.
 */
async function groupEntries(client: Client, row: Row, entry: Entry, login: string): Promise<string[]> {
  const memberField = String(row.group_member_field ?? '').trim();
  if (Number(row.group_search_type ?? 0) === 0 || memberField === '') return [];
  const filter = memberFilter(memberField, String(row.group_condition ?? ''), { dn: entry.dn, login, loginField: String(row.login_field || 'uid'), useDn: Number(row.use_dn ?? 1) === 1 });
  try {
    const { searchEntries } = await client.search(String(row.basedn ?? ''), { scope: 'sub', filter, attributes: ['dn'] });
    return searchEntries.map((group) => group.dn);
  } catch {
    return [];
  }
}

/**
 * The account whose login and password these are, or null when the directory has no single
 * account of that login or the password is wrong. An empty password is refused here, before the
 * directory is asked: an LDAP bind with one is anonymous and "succeeds".
 * `ruleAttributes` are read besides the mapped ones, for the authorization rules.
 * Throws DirectoryUnavailable when no server of the directory answers.
 */
export async function checkAccount(server: DirectoryServer, login: string, password: string, ruleAttributes: string[]): Promise<DirectoryAccount | null> {
  if (password === '' || login === '') return null;
  const row = server.row;
  const loginField = String(row.login_field || 'uid');
  const client = await connectAsRoot(server);
  try {
    const { searchEntries } = await client.search(String(row.basedn ?? ''), {
      scope: 'sub',
      filter: loginFilter(loginField, String(row.condition ?? ''), login),
      attributes: [...new Set([...mappedAttributes(row), ...ruleAttributes])],
      sizeLimit: 2,
    });
    // Two accounts of one login: neither is signed in.
    if (searchEntries.length !== 1) return null;
    const entry = searchEntries[0]!;
    await client.bind(entry.dn, password);
    return { server, entry, groupDns: await groupEntries(client, row, entry, login) };
  } catch (e) {
    if (e instanceof InvalidCredentialsError || e instanceof SizeLimitExceededError) return null;
    // A base DN that does not exist, a filter the server refuses, a timeout: the directory cannot be used.
    throw unavailable(server, [e instanceof Error ? e.message : String(e)]);
  } finally {
    await client.unbind().catch(() => {});
  }
}
