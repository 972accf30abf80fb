/** Finding a directory account by its login and checking its password by binding as it. */
import { InvalidCredentialsError, SizeLimitExceededError, type Entry } from 'ldapts';
import { connectAsRoot, reasonOf, unavailable } from './connection';
import { loginFilter } from './filter';
import { groupDnsOf } from './groups';
import { binaryAttributes, mappedAttributes } from './mapping';
import type { DirectoryServer } from './servers';

export interface DirectoryAccount {
  server: DirectoryServer;
  entry: Entry;
  /** The DNs (lower-cased) of the group entries naming it (groups.ts). */
  groupDns: string[];
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
      explicitBufferAttributes: binaryAttributes(row),
      sizeLimit: 2,
    });
    // Two accounts of one login: neither is signed in.
    if (searchEntries.length !== 1) return null;
    const entry = searchEntries[0]!;
    await client.bind(entry.dn, password);
    return { server, entry, groupDns: await groupDnsOf(server, entry, login) };
  } catch (e) {
    if (e instanceof InvalidCredentialsError || e instanceof SizeLimitExceededError) return null;
    // A base DN that does not exist, a filter the server refuses, a timeout: the directory cannot be used.
    throw unavailable(server, [reasonOf(e)]);
  } finally {
    await client.unbind().catch(() => {});
  }
}
