/**
 * Copies one GLPI table in id order, in batches: each batch is one SQLite transaction holding
 * its rows and the table's checkpoint, so an interrupted import never leaves half a batch and
 * resumes after the last one committed. The next batch is read while the current one is written.
 */
import { isConstraintError, inTransaction, type Db } from '../db/connection';
import { ident, type Statement } from '../db/rows';
import { dropDropdownCounts } from '../db/dropdown-counts';
import { dropFulltext } from '../db/fulltext';
import { syncSchema } from '../db/schema';
import { DEFAULT_SETTINGS } from '../db/settings';
import { copyDocumentFile, copyUserPicture, type FileOutcome } from './documents';
import type { TablePlan } from './plan';
import type { Progress } from '../core/progress';
import { RowConverter, type KnownIds } from './rows';
import { addNote, noteSkip, saveProgress, type TableProgress } from './state';
import type { GlpiSource } from './source';
import type { ImportZone } from './timezone';

const BATCH_ROWS = 5000;

export class Interrupted extends Error {}

export interface CopyContext {
  source: GlpiSource;
  /** null on a dry run: everything is read and checked, nothing written. */
  db: Db | null;
  documentsDir: string | null;
  filesDir: string | null;
  known: KnownIds;
  /** The time zone GLPI shows its timestamps in. */
  zone: ImportZone;
  /** Itemtypes whose ids later tables check. */
  referenced: Set<string>;
  progress: Progress;
  signal: AbortSignal;
}

/**
 * GLPI settings Deskbase keeps as its own, whatever GLPI says: GLPI's url_base names the old
 * server (and its /glpi path, which Deskbase does not serve), so it is set again by hand if needed.
 */
const OWN_SETTINGS = new Set(['version', 'url_base', 'data_timezone', 'default_passwords']);
/** GLPI encrypts these with its own key file: they cannot be carried over. */
const ENCRYPTED_SETTINGS = new Set(['smtp_passwd', 'proxy_passwd']);

type RowWriter = (row: unknown[], p: TableProgress) => string | null;

/** How a converted row lands in SQLite; returns a skip reason or null. */
function rowWriter(plan: TablePlan, db: Db | null, index: Map<string, number>): RowWriter {
  const at = (name: string) => index.get(name) ?? -1;
  if (plan.type.table === 'glpi_configs') {
    const update = db?.query("UPDATE glpi_configs SET value = ? WHERE context = 'core' AND name = ?");
    return (row, p) => {
      const context = row[at('context')];
      const name = String(row[at('name')] ?? '');
      if (context !== 'core' || !(name in DEFAULT_SETTINGS) || OWN_SETTINGS.has(name)) return 'a setting Deskbase does not read';
      if (ENCRYPTED_SETTINGS.has(name)) {
        if (row[at('value')]) addNote(p, `setting ${name} is encrypted with GLPI's key and was not imported: set it again as a Config item`);
        return `a setting GLPI keeps encrypted`;
      }
      update?.run(row[at('value')] as string | null, name);
      return null;
    };
  }
  const columns = plan.columns.map((c) => c.column.name);
  const insert: Statement | undefined = db?.query(`INSERT INTO ${plan.type.table} (${columns.map(ident).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  return (row) => {
    try {
      insert?.run(...(row as never[]));
      return null;
    } catch (error) {
      // One failed statement does not end the transaction: the row is reported and the rest goes on.
      if (isConstraintError(error)) return 'same key as a row already imported';
      throw error;
    }
  };
}

/**
 * Seed rows of a fresh install are replaced by GLPI's, except settings which are merged. The
 * table's lookup indexes, trigram index and dropdown count table go too while it fills (building
 * them once at the end is much faster); unique ones stay, they decide what is a duplicate.
 */
function startTable(db: Db, plan: TablePlan): void {
  const table = plan.type.table;
  dropFulltext(db, table);
  dropDropdownCounts(db, table);
  if (table !== 'glpi_configs') db.exec(`DELETE FROM ${table}`);
  const prefix = `${table}__i_`;
  const indexes = db.query<{ name: string }, [string, string]>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, length(?2)) = ?2");
  for (const { name } of indexes.all(table, prefix)) db.exec(`DROP INDEX ${name}`);
}

export async function copyTable(ctx: CopyContext, plan: TablePlan, state: TableProgress | undefined): Promise<TableProgress> {
  const { db, source } = ctx;
  const table = plan.type.table;
  const index = new Map(plan.columns.map((c, i) => [c.column.name, i]));
  const idAt = index.get('id')!;
  const keepIds = ctx.referenced.has(plan.type.name) ? ctx.known.of(plan.type.name) : null;
  if (state && keepIds && db) for (const r of db.query<{ id: number }, []>(`SELECT id FROM ${table}`).all()) keepIds.add(r.id);
  const p: TableProgress = state ?? { lastId: -1, rows: 0, done: false, skipped: {}, notes: [], omitted: 0 };
  if (p.done) return p;
  if (!state && db) inTransaction(db, () => {
    startTable(db, plan);
    saveProgress(db, table, p);
  });

  const write = rowWriter(plan, db, index);
  const converter = new RowConverter(plan, ctx.known, ctx.zone);
  const files = fileCopier(ctx, plan, index);
  const notes = { refusedPasswords: [] as string[] };
  ctx.progress.begin(table, await source.count(plan.from, 'id > ?', [p.lastId]));
  let next = source.batch(plan.select, p.lastId, BATCH_ROWS);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) break;
    const lastId = Number(rows[rows.length - 1]![idAt]);
    next = rows.length === BATCH_ROWS ? source.batch(plan.select, lastId, BATCH_ROWS) : Promise.resolve([]);
    if (ctx.signal.aborted) {
      next.catch(() => {});
      throw new Interrupted();
    }
    const apply = () => {
      for (const raw of rows) {
        const id = Number(raw[idAt]);
        const skip = converter.convert(raw, notes);
        if (!skip && files) {
          const outcome = files(raw, id);
          if (!outcome.ok) addNote(p, outcome.note); // the row is kept either way: GLPI has it too
        }
        const reason = skip ? skip.reason : write(raw, p);
        if (reason) {
          noteSkip(p, reason, id);
          continue;
        }
        p.rows++;
        keepIds?.add(id);
      }
      for (const note of notes.refusedPasswords.splice(0)) addNote(p, note);
      p.lastId = lastId;
      if (db) saveProgress(db, table, p);
    };
    if (db) inTransaction(db, apply);
    else apply();
    ctx.progress.advance(rows.length);
  }
  p.done = true;
  if (db) {
    inTransaction(db, () => {
      syncSchema(db, [table]); // puts the table's lookup and trigram indexes and its count table back
      saveProgress(db, table, p);
    });
  }
  ctx.progress.end(rowsSummary(p.rows, Object.values(p.skipped).reduce((n, s) => n + s.count, 0)));
  return p;
}

/** The files a table's rows bring along: a document's file, a user's picture. */
function fileCopier(ctx: CopyContext, plan: TablePlan, index: Map<string, number>): ((raw: unknown[], id: number) => FileOutcome) | null {
  const documentsDir = ctx.db ? ctx.documentsDir : null;
  const at = (name: string) => index.get(name) ?? -1;
  if (plan.type.name === 'Document') return (raw, id) => copyDocumentFile(id, raw[at('filepath')], raw[at('sha1sum')], ctx.filesDir, documentsDir);
  if (plan.type.name === 'User') return (raw, id) => copyUserPicture(id, raw[at('picture')], ctx.filesDir, documentsDir);
  return null;
}

/** "19,999 rows, 1 skipped". */
function rowsSummary(imported: number, skipped: number): string {
  return `${imported.toLocaleString('en')} row${imported === 1 ? '' : 's'}${skipped ? `, ${skipped.toLocaleString('en')} skipped` : ''}`;
}
