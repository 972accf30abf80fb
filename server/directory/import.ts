/**
 * GLPI's "import from LDAP": the directory's accounts that are not users yet (narrowed by an LDAP
 * filter and a login fragment), and their import as users, made as a first sign-in makes them
 * (field mapping, authorization rules).
 */
import { FilterParser, NoSuchObjectError, SizeLimitExceededError, type Entry } from 'ldapts';
import type { Db } from '../db/connection';
import { connectAsRoot, reasonOf, unavailable } from './connection';
import { accountsFilter, escapeFilterValue, loginFilter } from './filter';
import { groupDnsOf } from './groups';
import { binaryAttributes, firstValue, mappedAttributes, syncValueOf } from './mapping';
import { attributesForRules } from './rights';
import type { DirectoryServer } from './servers';
import { findDirectoryUser, saveDirectoryUser } from './users';
import type { Row } from '../db/rows';

/** A search the directory refuses as asked (a filter that does not parse, more entries than it sends unpaged): answered 400 with why, not "cannot be reached". */
export class BadFilter extends Error {}

/** GLPI's default page when a directory pages without a size. */
const DEFAULT_PAGE = 1000;

const loginFieldOf = (server: DirectoryServer) => String(server.row.login_field || 'uid').toLowerCase();

/**
 * Every entry the filter finds under the base DN (or at `dn` alone), paged when the directory
 * pages, with the attributes given (by default those a sign-in reads); none when `dn` does not
 * exist. `onPage` hears how many entries are read after each page (the sync's progress).
 */
export async function searchAccounts(db: Db, server: DirectoryServer, filter: string, dn?: string, attributes?: string[], onPage?: (read: number) => void): Promise<Entry[]> {
  const row = server.row;
  const pageSize = Number(row.pagesize) > 0 ? Number(row.pagesize) : DEFAULT_PAGE;
  const paged = Number(row.can_support_pagesize) === 1;
  const client = await connectAsRoot(server);
  try {
    const base = dn ?? String(row.basedn ?? '');
    const options = {
      scope: dn === undefined ? ('sub' as const) : ('base' as const),
      filter,
      attributes: attributes ?? [...new Set([...mappedAttributes(row), ...attributesForRules(db, row)])],
      paged: paged ? { pageSize } : false,
      explicitBufferAttributes: binaryAttributes(row),
    };
    if (!paged) return (await client.search(base, options)).searchEntries;
    const entries: Entry[] = [];
    for await (const page of client.searchPaginated(base, options)) {
      entries.push(...page.searchEntries);
      onPage?.(entries.length);
    }
    return entries;
  } catch (e) {
    if (dn !== undefined && e instanceof NoSuchObjectError) return [];
    if (e instanceof SizeLimitExceededError) {
      throw new BadFilter(`The directory "${server.name}" has more entries than it sends at once: set can_support_pagesize (and pagesize) to read them by pages`);
    }
    throw unavailable(server, [reasonOf(e)]);
  } finally {
    await client.unbind().catch(() => {});
  }
}

export interface NewAccount {
  login: string;
  dn: string;
}

export interface AccountQuery {
  /** An LDAP filter ANDed with the directory's own. */
  filter?: string;
  /** A fragment of the login (any case). */
  name?: string;
  start: number;
  limit: number;
}

/** `base` narrowed by the query (its filter, a fragment of `nameField`); throws BadFilter when the given filter does not parse. */
export function queryFilter(base: string, nameField: string, query: AccountQuery): string {
  let filter = base;
  const extra = (query.filter ?? '').trim();
  if (extra !== '') {
    const wrapped = extra.startsWith('(') ? extra : `(${extra})`;
    try {
      FilterParser.parseString(wrapped);
    } catch (e) {
      throw new BadFilter(`filter is not an LDAP filter: ${e instanceof Error ? e.message : String(e)}`);
    }
    filter = `(&${filter}${wrapped})`;
  }
  if (query.name) filter = `(&${filter}(${nameField}=*${escapeFilterValue(query.name)}*))`;
  return filter;
}

/** The accounts not yet users, by login, with their count before the page is cut. */
export async function newAccounts(db: Db, server: DirectoryServer, query: AccountQuery): Promise<{ total: number; accounts: NewAccount[] }> {
  const loginField = loginFieldOf(server);
  const entries = await searchAccounts(db, server, queryFilter(accountsFilter(loginField, String(server.row.condition ?? '')), loginField, query));
  const fresh = entries
    .map((entry) => ({ login: firstValue(entry, loginField), dn: entry.dn, sync: syncValueOf(server.row, entry) }))
    .filter((a): a is { login: string; dn: string; sync: string | null } => a.login !== null && !findDirectoryUser(db, server.id, a.login, a.sync))
    .map(({ login, dn }) => ({ login, dn }))
    .sort((a, b) => a.login.localeCompare(b.login));
  return { total: fresh.length, accounts: fresh.slice(query.start, query.start + query.limit) };
}

export interface ImportReport {
  /** Users made, by login. */
  imported: { login: string; id: number }[];
  /** Logins or DNs already users. */
  existing: string[];
  /** Logins or DNs the directory does not list (or lists twice). */
  not_found: string[];
}

/** Whether a DN lies under the directory's base DN (compared without regard to case or spaces after commas). */
export function underBase(server: DirectoryServer, dn: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/,\s+/g, ',').trim();
  const base = norm(String(server.row.basedn ?? ''));
  return base === '' || norm(dn) === base || norm(dn).endsWith(`,${base}`);
}

/** The one entry of a login, or of a DN under the base DN (either matching the directory's condition). */
async function entryOf(db: Db, server: DirectoryServer, wanted: { login?: string; dn?: string }): Promise<Entry | null> {
  const loginField = loginFieldOf(server);
  const condition = String(server.row.condition ?? '');
  if (wanted.dn !== undefined && !underBase(server, wanted.dn)) return null;
  const entries =
    wanted.dn !== undefined
      ? await searchAccounts(db, server, accountsFilter(loginField, condition), wanted.dn)
      : await searchAccounts(db, server, loginFilter(loginField, condition, wanted.login ?? ''));
  return entries.length === 1 ? entries[0]! : null;
}

/**
 * Imports the accounts named by login or DN, one transaction each (as a sign-in): the mapping and
 * the authorization rules apply, a user the rules give nothing gets the default profile; history names `actor`.
 */
export async function importAccounts(db: Db, server: DirectoryServer, wanted: { logins: string[]; dns: string[] }, whenBack: Row, actor: string): Promise<ImportReport> {
  const report: ImportReport = { imported: [], existing: [], not_found: [] };
  const loginField = loginFieldOf(server);
  const asked = [...wanted.logins.map((login) => ({ key: login, login })), ...wanted.dns.map((dn) => ({ key: dn, dn }))];
  for (const one of asked) {
    const entry = await entryOf(db, server, one);
    const login = entry ? firstValue(entry, loginField) : null;
    if (!entry || login === null) {
      report.not_found.push(one.key);
      continue;
    }
    if (findDirectoryUser(db, server.id, login, syncValueOf(server.row, entry))) {
      report.existing.push(one.key);
      continue;
    }
    const saved = saveDirectoryUser(db, { server, entry, groupDns: await groupDnsOf(server, entry, login) }, login, whenBack, actor);
    report.imported.push({ login, id: Number(saved.user.id) });
  }
  return report;
}

