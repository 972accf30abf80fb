/**
 * One import: check the GLPI database, open (or resume) the data folder, copy every table in
 * dependency order, then report. The GLPI side is only read; on bad input nothing is written.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from '../cli/errors';
import { itemtype } from '../registry';
import { refreshStatistics } from '../db/statistics';
import { copyTable, type CopyContext } from './copy';
import { makePlan, type Plan } from './plan';
import { Progress, type ProgressSink } from '../core/progress';
import type { ImportReport } from './report';
import { KnownIds } from './rows';
import { GlpiSource, redact } from './source';
import { loadProgress, type TableProgress } from './state';
import { openTarget, type Target } from './target';
import { importZone, type ImportZone } from './timezone';
import { machineZoneName } from '../core/zone';
import { GLPI_DEFAULT_PASSWORDS, recordDefaults, stillDefault } from '../auth/default-passwords';

/** What the command line asks for. */
export interface ImportRequest {
  url: string;
  filesDir: string | null;
  dataDir: string;
  dryRun: boolean;
  resume: boolean;
  replace: boolean;
}

export interface ImportOptions extends ImportRequest {
  progress: ProgressSink;
  signal: AbortSignal;
  clock?: () => number;
}

/** Itemtypes whose ids some other imported row is checked against. */
function referencedTypes(plan: Plan): Set<string> {
  const out = new Set<string>();
  for (const { type } of plan.tables) {
    for (const owner of type.owners) {
      if ('fk' in owner) out.add(owner.itemtype);
      else for (const t of type.polyTargets) out.add(t);
    }
  }
  return out;
}

/** Ids of tables this GLPI lacks stay those of the fresh install (on a dry run: none). */
function knownFromAbsent(target: Target | null, plan: Plan, referenced: Set<string>, known: KnownIds): void {
  if (!target) return;
  for (const table of plan.absent) {
    const type = [...referenced].map((name) => itemtype(name)!).find((t) => t.table === table);
    if (!type) continue;
    const ids = known.of(type.name);
    for (const r of target.store.db.query<{ id: number }, []>(`SELECT id FROM ${table}`).all()) ids.add(r.id);
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** GLPI's time zone for its timestamps; a setting no zone database knows falls back to this machine's, with a note. */
function zoneOf(source: GlpiSource, notes: string[]): ImportZone {
  try {
    return importZone(source.timezone ?? machineZoneName());
  } catch {
    notes.push(`GLPI's time zone setting '${source.timezone}' is not a known time zone: its timestamps were converted to this machine's time zone`);
    return importZone(machineZoneName());
  }
}

export async function runImport(o: ImportOptions): Promise<ImportReport> {
  const clock = o.clock ?? (() => performance.now());
  const started = clock();
  const sourceName = redact(o.url);
  if (o.filesDir !== null && !isFolder(o.filesDir)) throw new CliError(`--files ${o.filesDir} is not a folder (give GLPI's files/ folder)`);
  const source = await GlpiSource.open(o.url);
  let target: Target | null = null;
  try {
    const plan = await makePlan(source);
    const notes: string[] = [];
    let zone = zoneOf(source, notes);
    target = o.dryRun
      ? null
      : await openTarget({ dataDir: resolve(o.dataDir), source: sourceName, glpiVersion: source.version, resume: o.resume, replace: o.replace, dataZone: zone.name });
    // A resumed import goes on in the zone its first rows were written in.
    if (target?.resumed) zone = importZone(target.store.settings.get('data_timezone'));
    const saved = target ? loadProgress(target.store.db) : new Map<string, TableProgress>();
    const referenced = referencedTypes(plan);
    const known = new KnownIds();
    knownFromAbsent(target, plan, referenced, known);
    const ctx: CopyContext = {
      source,
      zone,
      db: target?.store.db ?? null,
      documentsDir: target?.store.documentsDir ?? null,
      filesDir: o.filesDir === null ? null : resolve(o.filesDir),
      known,
      referenced,
      progress: new Progress(o.progress, clock),
      signal: o.signal,
    };
    const outside = plan.tables.filter((t) => (source.tables.get(t.type.table)?.engine.toLowerCase() ?? 'innodb') !== 'innodb').map((t) => t.type.table);
    if (outside.length) notes.push(`${outside.length} table(s) are not InnoDB (${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ', …' : ''}): they were not read in one snapshot with the rest; if GLPI was in use, stop it and import again`);
    const tables: ImportReport['tables'] = [];
    for (const table of plan.tables) {
      const progress = await copyTable(ctx, table, saved.get(table.type.table));
      tables.push({ itemtype: table.type.name, table: table.type.table, progress });
    }
    if (target) {
      const defaults = await stillDefault(target.store.db, Object.keys(GLPI_DEFAULT_PASSWORDS));
      recordDefaults(target.store.db, defaults);
      if (defaults.length) {
        const pairs = defaults.map((login) => `${login}/${GLPI_DEFAULT_PASSWORDS[login]}`).join(', ');
        notes.push(`GLPI's install accounts ${pairs} still have their well-known password: change them (administrators are warned at sign-in until then)`);
      }
      refreshStatistics(target.store.db);
      target.finish();
    }
    // GLPI's authtype 1 is its own password; 2-8 are mail servers, LDAP, CAS, certificates…
    const external = await source.count('`glpi_users`', 'authtype > 1 AND is_deleted = 0', []);
    if (external) notes.push(`${external} user(s) sign in to GLPI through LDAP, CAS, a mail server or another external source: Deskbase checks only its own passwords, so give them one (or a user token) before they can log in`);
    if (o.filesDir === null) notes.push("no --files folder given: document files and user pictures were not copied (import again with GLPI's files/ folder)");
    return {
      source: sourceName,
      glpiVersion: source.version,
      target: target ? resolve(o.dataDir) : null,
      dryRun: o.dryRun,
      seconds: (clock() - started) / 1000,
      plan,
      tables,
      notes,
    };
  } finally {
    target?.close();
    await source.close().catch(() => {});
  }
}
