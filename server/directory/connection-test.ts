/**
 * GLPI's "test connection" of a directory, told step by step: the root DN binds (on the main
 * server or a replicate), the base DN exists, how many accounts the login field and condition
 * find, and what the field mapping makes of the first few (sorted by login).
 */
import { NoSuchObjectError } from 'ldapts';
import type { Db } from '../db/connection';
import { connectAsRoot, DirectoryUnavailable, reasonOf } from './connection';
import { accountsFilter } from './filter';
import { searchAccounts } from './import';
import { DROPDOWN_FIELDS, firstValue, mapEntry } from './mapping';
import type { DirectoryServer } from './servers';

/** Accounts shown with their mapped fields. */
export const SAMPLE_SIZE = 5;

export interface SampleAccount {
  login: string;
  dn: string;
  /** The user columns the mapping fills (dropdowns by name), and the e-mail addresses. */
  fields: Record<string, unknown>;
}

export interface ConnectionTest {
  connected: boolean;
  basedn_found: boolean;
  /** Accounts the login field and condition find (null when not searched). */
  accounts: number | null;
  sample: SampleAccount[];
  /** What went wrong, at the first step that failed. */
  error: string | null;
}

const failed = (test: Omit<ConnectionTest, 'error'>, e: unknown): ConnectionTest => ({
  ...test,
  error: e instanceof DirectoryUnavailable ? e.reasons.join('; ') : reasonOf(e),
});

async function baseExists(server: DirectoryServer): Promise<boolean> {
  const client = await connectAsRoot(server);
  try {
    await client.search(String(server.row.basedn ?? ''), { scope: 'base', filter: '(objectClass=*)', attributes: ['1.1'] });
    return true;
  } catch (e) {
    if (e instanceof NoSuchObjectError) return false;
    throw e;
  } finally {
    await client.unbind().catch(() => {});
  }
}

function sampleOf(server: DirectoryServer, entry: Parameters<typeof mapEntry>[1], loginField: string): SampleAccount {
  const mapped = mapEntry(server.row, entry);
  const dropdowns = Object.fromEntries(Object.values(DROPDOWN_FIELDS).filter(([column]) => column in mapped.dropdowns).map(([column]) => [column, mapped.dropdowns[column]]));
  return { login: firstValue(entry, loginField) ?? '', dn: entry.dn, fields: { ...mapped.columns, ...dropdowns, ...(mapped.emails.length ? { email: mapped.emails } : {}) } };
}

export async function testConnection(db: Db, server: DirectoryServer): Promise<ConnectionTest> {
  const test: Omit<ConnectionTest, 'error'> = { connected: false, basedn_found: false, accounts: null, sample: [] };
  try {
    test.basedn_found = await baseExists(server);
    test.connected = true;
  } catch (e) {
    return failed(test, e);
  }
  if (!test.basedn_found) return { ...test, error: `The base DN "${String(server.row.basedn ?? '')}" does not exist` };
  const loginField = String(server.row.login_field || 'uid').toLowerCase();
  try {
    const entries = await searchAccounts(db, server, accountsFilter(loginField, String(server.row.condition ?? '')));
    const sorted = entries.map((e) => ({ e, login: firstValue(e, loginField) ?? '' })).sort((a, b) => a.login.localeCompare(b.login));
    return { ...test, accounts: entries.length, sample: sorted.slice(0, SAMPLE_SIZE).map(({ e }) => sampleOf(server, e, loginField)), error: null };
  } catch (e) {
    return failed(test, e);
  }
}
