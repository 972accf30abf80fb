import type { Db } from './connection';

/** What the database holds now: read once per sync, so a start costs two queries, not two per table. */
export interface SchemaState {
  /** The SQL text of every table, index and trigger, by name. */
  objects: Map<string, { type: string; table: string; sql: string | null }>;
  /** The columns of each table. */
  columns: Map<string, Set<string>>;
  /** The indexes of each table, by name. */
  indexes: Map<string, string[]>;
}

/** The schema of the tables in `only` (and what belongs to them), or of the whole database. */
export function readSchema(db: Db, only?: string[]): SchemaState {
  // `?1` is a JSON list of the tables to read, or null for all of them.
  const scope = 'AND (?1 IS NULL OR m.tbl_name IN (SELECT value FROM json_each(?1)))';
  const tables = only ? JSON.stringify(only) : null;
  const objects = new Map(
    db
      .query<{ type: string; name: string; tbl_name: string; sql: string | null }, [string | null]>(`SELECT type, name, tbl_name, sql FROM sqlite_master AS m WHERE 1 ${scope}`)
      .all(tables)
      .map((o) => [o.name, { type: o.type, table: o.tbl_name, sql: o.sql }]),
  );
  const columns = new Map<string, Set<string>>();
  const rows = db
    .query<{ tbl: string; col: string }, [string | null]>(`SELECT m.name AS tbl, p.name AS col FROM sqlite_master AS m, pragma_table_info(m.name) AS p WHERE m.type = 'table' ${scope}`)
    .all(tables);
  for (const { tbl, col } of rows) {
    let set = columns.get(tbl);
    if (!set) columns.set(tbl, (set = new Set()));
    set.add(col);
  }
  const indexes = new Map<string, string[]>();
  for (const [name, object] of objects) if (object.type === 'index') indexes.set(object.table, [...(indexes.get(object.table) ?? []), name]);
  return { objects, columns, indexes };
}

/** True when the database holds the object `name` as `statement` says (whitespace aside). */
export function holds(state: SchemaState, name: string, statement: string): boolean {
  const sql = state.objects.get(name)?.sql;
  return !!sql && normalise(sql) === normalise(statement);
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
