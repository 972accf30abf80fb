/**
 * The Deskbase side: the data folder an import writes. A fresh folder gets a fresh database; a
 * folder that already holds data is refused unless the admin asked to replace it (its content is
 * then moved aside, not deleted) or to resume the interrupted import it holds.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { randomPassword } from '../core/secrets';
import { CliError } from '../cli/errors';
import { entriesOf, stamp } from '../cli/fsutil';
import { openStore, type Store } from '../db';
import { inTransaction, openDatabase } from '../db/connection';
import { recordDataZone } from '../db/settings';
import { acquireInstanceLock, InstanceLockError, LOCK_FILE } from '../db/instance-lock';
import { nowString, setDataZone } from '../core/clock';
import { finishRun, IMPORT_MARKER, importRun, readMarker, removeMarker, startRun, writeMarker, type ImportRun } from './state';

const DATABASE_FILE = 'deskbase.sqlite';

export interface Target {
  store: Store;
  resumed: boolean;
  movedAside: string | null;
  /** Records the import as complete: the folder may be served. */
  finish(): void;
  close(): void;
}

export interface TargetOptions {
  dataDir: string;
  source: string;
  glpiVersion: string;
  resume: boolean;
  replace: boolean;
  /** The zone the imported dates are written in: the folder's data zone. */
  dataZone: string;
}

function lock(dataDir: string): () => void {
  try {
    return acquireInstanceLock(dataDir, 'importing into');
  } catch (error) {
    if (error instanceof InstanceLockError) throw new CliError(error.message);
    throw error;
  }
}

/** Checks the folder's state against --resume/--replace before anything in it changes. */
function checkFolder(o: TargetOptions): 'fresh' | 'resume' | 'replace' {
  // A marker a kill left half-written means that nothing began.
  const present = entriesOf(o.dataDir).filter((name) => name !== LOCK_FILE && name !== '.gitkeep' && name !== `${IMPORT_MARKER}.tmp`);
  const database = join(o.dataDir, DATABASE_FILE);
  if (o.resume) {
    // The marker says an import began; a folder of an earlier version has only its run in the database.
    const marker = readMarker(o.dataDir);
    const run = marker ? null : existsSync(database) ? readRun(database) : null;
    if (run?.finished) throw new CliError(`the import into ${o.dataDir} is already complete; use --replace to import again`);
    const began = marker ?? run;
    if (!began) throw new CliError(`nothing to resume in ${o.dataDir}: it holds no interrupted import (run without --resume)`);
    if (began.source !== o.source) throw new CliError(`the interrupted import in ${o.dataDir} came from ${began.source}, not ${o.source}`);
    return 'resume';
  }
  if (present.length === 0) return 'fresh';
  if (!o.replace) {
    throw new CliError(
      `the data folder ${o.dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): ` +
        'add --replace to import anyway (its content is moved to replaced-<time>/ inside it, not deleted), or --resume to continue an interrupted import',
    );
  }
  return 'replace';
}

function readRun(database: string): ImportRun | null {
  const db = openDatabase(database);
  try {
    return importRun(db);
  } finally {
    db.close();
  }
}

function moveAside(dataDir: string): string {
  let name = `replaced-${stamp()}`;
  for (let i = 2; existsSync(join(dataDir, name)); i++) name = `replaced-${stamp()}-${i}`;
  const aside = join(dataDir, name);
  mkdirSync(aside, { mode: 0o700 });
  for (const entry of entriesOf(dataDir)) {
    if (entry !== name && entry !== LOCK_FILE && !entry.startsWith('replaced-')) renameSync(join(dataDir, entry), join(aside, entry));
  }
  return aside;
}

export async function openTarget(o: TargetOptions): Promise<Target> {
  const mode = checkFolder(o);
  const release = lock(o.dataDir);
  try {
    const movedAside = mode === 'replace' ? moveAside(o.dataDir) : null;
    // Before anything else: a kill from here on leaves a folder that --resume takes up and no server serves.
    if (mode !== 'resume') writeMarker(o.dataDir, { source: o.source, glpiVersion: o.glpiVersion, dataZone: o.dataZone });
    const { dataZone } = readMarker(o.dataDir) ?? o; // a resumed import goes on in the zone it began with
    // The install's own admin is replaced by GLPI's users: its password is never shown.
    const { store } = await openStore(o.dataDir, randomPassword());
    // Each table's indexes are built once it is filled: let SQLite sort them on two threads.
    store.db.exec('PRAGMA threads = 2');
    if (!importRun(store.db)) {
      inTransaction(store.db, () => {
        recordDataZone(store.db, dataZone);
        startRun(store.db, o.source, o.glpiVersion, nowString());
      });
      store.settings.invalidate();
    }
    setDataZone(store.settings.get('data_timezone'));
    return {
      store,
      resumed: mode === 'resume',
      movedAside,
      finish: () => {
        finishRun(store.db, nowString());
        removeMarker(o.dataDir);
      },
      close: () => {
        store.db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
