import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client as LdapClient } from 'ldapts';
import { ROOT, type Slapd, SUFFIX } from '../support/slapd';

/** The directory the tests load: users in nested OUs under ou=people, groups under ou=groups. */
export const FIXTURE = readFileSync(join(import.meta.dir, 'fixture.ldif'), 'utf8');

/** The schema of the fixture's Active-Directory-like account (sAMAccountName), for Slapd.start. */
export const FIXTURE_SCHEMAS = [join(import.meta.dir, 'ad-like.schema')];

export const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/** An AuthLDAP input for the fixture on this slapd (GLPI's OpenLDAP preset's essentials), with `extra` on top. */
export function officeDirectory(slapd: Slapd, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Office',
    host: '127.0.0.1',
    port: slapd.port,
    basedn: `ou=people,${SUFFIX}`,
    rootdn: ROOT.dn,
    rootdn_passwd: ROOT.password,
    login_field: 'uid',
    sync_field: 'entryuuid',
    condition: '(objectClass=inetOrgPerson)',
    is_active: 1,
    timeout: 5,
    ...extra,
  };
}

/** Changes the directory as its administrator (the root DN). */
export async function onDirectory(slapd: Slapd, work: (ldap: LdapClient) => Promise<unknown>): Promise<void> {
  const ldap = new LdapClient({ url: slapd.url });
  await ldap.bind(ROOT.dn, ROOT.password);
  try {
    await work(ldap);
  } finally {
    await ldap.unbind();
  }
}
