/** The directories sign-in may ask, as GLPI's AuthLDAP and AuthLdapReplicate rows describe them. */
import { join } from 'node:path';
import type { Db } from '../db/connection';
import { selectAll, selectOne, type Row } from '../db/rows';
import { openSecret } from '../core/secrets';
import { secretKey } from '../db/secret-key';

export interface Endpoint {
  host: string;
  port: number;
  /** Seconds to wait for a connection and for each answer. */
  timeout: number;
}

export interface DirectoryServer {
  id: number;
  name: string;
  row: Row;
  /** The main server first, then its replicates in their order. */
  endpoints: Endpoint[];
  rootDn: string;
  /** null when none is stored, or it was sealed with another key (a GLPI import's, another data folder's). */
  rootPassword: string | null;
  /** Where the users' pictures go (the data folder's files/_pictures). */
  picturesDir: string;
}

/** GLPI's default of 10 seconds when the column is 0 or unset. */
const seconds = (value: unknown) => (Number(value) > 0 ? Number(value) : 10);

function describe(db: Db, dataDir: string, row: Row): DirectoryServer {
  const main: Endpoint = { host: String(row.host ?? ''), port: Number(row.port) || 389, timeout: seconds(row.timeout) };
  const replicates = selectAll(db, 'SELECT host, port, timeout FROM glpi_authldapreplicates WHERE authldaps_id = ? ORDER BY id', Number(row.id)).map(
    (r): Endpoint => ({ host: String(r.host ?? ''), port: Number(r.port) || 389, timeout: seconds(r.timeout) }),
  );
  const sealed = row.rootdn_passwd ? String(row.rootdn_passwd) : '';
  return {
    id: Number(row.id),
    name: String(row.name ?? ''),
    row,
    endpoints: [main, ...replicates].filter((e) => e.host !== ''),
    rootDn: String(row.rootdn ?? ''),
    rootPassword: sealed === '' ? null : openSecret(secretKey(dataDir), sealed),
    picturesDir: join(dataDir, 'files', '_pictures'),
  };
}

/** One directory by id (a directory user's own): an active one unless `anyState` (a connection test). */
export function directoryById(db: Db, dataDir: string, id: number, anyState = false): DirectoryServer | null {
  const row = selectOne(db, `SELECT * FROM glpi_authldaps WHERE id = ?${anyState ? '' : ' AND is_active = 1'}`, id);
  return row ? describe(db, dataDir, row) : null;
}

/** The active directories an unknown login is looked for in: the default one first, as GLPI does. */
export function activeDirectories(db: Db, dataDir: string): DirectoryServer[] {
  return selectAll(db, 'SELECT * FROM glpi_authldaps WHERE is_active = 1 ORDER BY is_default DESC, id').map((row) => describe(db, dataDir, row));
}
