/**
 * The SQL engine (SQLite through bun:sqlite). Everything above reaches the database through the
 * functions of this folder: connection.ts (open, transactions, savepoints), rows.ts (statements),
 * schema.ts and migrations.ts, settings.ts, statistics.ts and files.ts (backup and restore). A
 * second engine is a sibling folder offering the same functions.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword, randomPassword } from '../core/secrets';
import { openDatabase, type Db } from './connection';
import { isFreshDatabase, migrate } from './migrations';
import { Settings } from './settings';
import { setDataZone } from '../core/clock';
import { machineZoneName } from '../core/zone';
import type { UpgradeNote } from './upgrade-note';

export interface Store {
  db: Db;
  settings: Settings;
  dataDir: string;
  documentsDir: string;
}

export interface OpenedStore {
  store: Store;
  /** Set when this start created the database and chose the admin password itself. */
  generatedAdminPassword?: string;
  applied: string[];
}

/** Opens the data folder, creating and upgrading it as needed; `note` hears of the long upgrade steps. */
export async function openStore(dataDir: string, adminPassword?: string, note?: UpgradeNote): Promise<OpenedStore> {
  const documentsDir = join(dataDir, 'files');
  mkdirSync(documentsDir, { recursive: true });
  const db = openDatabase(join(dataDir, 'deskbase.sqlite'));
  let generatedAdminPassword: string | undefined;
  let adminPasswordHash = '';
  if (isFreshDatabase(db)) {
    if (!adminPassword) generatedAdminPassword = adminPassword = randomPassword();
    adminPasswordHash = await hashPassword(adminPassword);
  }
  const applied = migrate(db, { adminPasswordHash, note });
  return { store: storeOn(db, dataDir), generatedAdminPassword, applied };
}

/** Another connection to a data folder openStore has opened (and upgraded) in this process. */
export function attachStore(dataDir: string): Store {
  return storeOn(openDatabase(join(dataDir, 'deskbase.sqlite')), dataDir);
}

/** The process writes and reads dates in the zone of the folder it opened (see core/clock.ts). */
function storeOn(db: Db, dataDir: string): Store {
  const settings = new Settings(db);
  const zone = settings.get('data_timezone') || machineZoneName();
  try {
    setDataZone(zone);
  } catch {
    throw new Error(`the data_timezone setting of ${dataDir} is '${zone}', a time zone this machine does not know`);
  }
  return { db, settings, dataDir, documentsDir: join(dataDir, 'files') };
}
