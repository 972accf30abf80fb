/**
 * Dictionaries replayed on the rows already there (GLPI's "replay the dictionary rules"): a replay
 * asked for a dictionary goes through its type's rows in id order, a batch per turn of the
 * automatic action `replaydictionary` (each turn one transaction, at most once a minute as every
 * automatic action), renaming what the dictionary renames now, with a history row for each
 * change, and noting how far it has got, so progress can be read meanwhile.
 */
import type { Db } from '../db/connection';
import { inTransaction } from '../db/connection';
import { insertRow, selectAll, selectOne, updateRow, type Row } from '../db/rows';
import { nowString } from '../core/clock';
import { HISTORY, writeLog } from '../items/history';
import { itemtypeOrThrow, type Itemtype } from '../registry';
import { historyOption } from '../registry/searchoptions';
import { DROPDOWN_DICTIONARIES } from './collections';
import { dictionaryChanges } from './dictionaries';

/** Rows one turn goes through, per replay. */
export const REPLAY_BATCH = 200;
const ACTOR = 'Automatic action (dictionary replay)';

/** The itemtype a dictionary renames the rows of. */
export function replayedType(subType: string): Itemtype | null {
  if (subType === 'RuleDictionnarySoftware') return itemtypeOrThrow('Software');
  const name = DROPDOWN_DICTIONARIES[subType];
  return name ? itemtypeOrThrow(name) : null;
}

export interface Replay {
  id: number;
  sub_type: string;
  status: 'waiting' | 'running' | 'done';
  done: number;
  changed: number;
  total: number;
  date_creation: string;
  date_done: string | null;
}

const view = (row: Row): Replay => ({
  id: Number(row.id),
  sub_type: String(row.sub_type),
  status: String(row.status) as Replay['status'],
  done: Number(row.done),
  changed: Number(row.changed),
  total: Number(row.total),
  date_creation: String(row.date_creation),
  date_done: row.date_done === null ? null : String(row.date_done),
});

/** Asks for a replay of `subType` on every row of its type; answers it as it stands. */
export function requestReplay(db: Db, subType: string, userId: number): Replay {
  const type = replayedType(subType)!;
  return inTransaction(db, () => {
    const now = nowString();
    const total = Number(selectOne(db, `SELECT COUNT(*) AS n FROM ${type.table}`)!.n);
    const id = insertRow(db, 'deskbase_rule_replays', { sub_type: subType, users_id: userId, total, date_creation: now, date_mod: now });
    return view(selectOne(db, 'SELECT * FROM deskbase_rule_replays WHERE id = ?', id)!);
  });
}

/** The replays of these dictionaries, newest first. */
export function replays(db: Db, subTypes: readonly string[]): Replay[] {
  if (subTypes.length === 0) return [];
  return selectAll(db, `SELECT * FROM deskbase_rule_replays WHERE sub_type IN (${subTypes.map(() => '?').join(', ')}) ORDER BY id DESC`, ...subTypes).map(view);
}

function replayBatch(db: Db, replay: Row, at: string): void {
  const type = replayedType(String(replay.sub_type))!;
  const rows = selectAll(db, `SELECT * FROM ${type.table} WHERE id > ? ORDER BY id LIMIT ${REPLAY_BATCH}`, Number(replay.last_id));
  let changed = 0;
  for (const row of rows) {
    const changes = dictionaryChanges(db, type, row);
    if (Object.keys(changes).length === 0) continue;
    updateRow(db, type.table, Number(row.id), { ...changes, ...(type.column.has('date_mod') ? { date_mod: at } : {}) });
    changed++;
    if (!type.history) continue;
    for (const [column, value] of Object.entries(changes)) {
      writeLog(db, ACTOR, { itemtype: type.name, itemsId: Number(row.id), action: HISTORY.FIELD, option: historyOption(type, column), oldValue: String(row[column] ?? ''), newValue: String(value ?? '') });
    }
  }
  const finished = rows.length < REPLAY_BATCH;
  updateRow(db, 'deskbase_rule_replays', Number(replay.id), {
    status: finished ? 'done' : 'running',
    last_id: rows.length > 0 ? Number(rows[rows.length - 1]!.id) : Number(replay.last_id),
    done: Number(replay.done) + rows.length,
    changed: Number(replay.changed) + changed,
    date_mod: at,
    ...(finished ? { date_done: at } : {}),
  });
}

/** One turn of the automatic action: a batch of every replay not done, each in its own transaction. */
export function replayDictionaries(db: Db, at: string): void {
  for (const replay of selectAll(db, "SELECT * FROM deskbase_rule_replays WHERE status <> 'done' ORDER BY id")) {
    inTransaction(db, () => replayBatch(db, replay, at));
  }
}
