/** Each agent's last inventory kept as it was sent (GLPI keeps it in files/_inventories), gzip'd. */
import { gunzipSync, gzipSync } from 'node:zlib';
import { nowString } from '../core/clock';
import type { Db } from '../db/connection';
import { run, selectOne } from '../db/rows';

export type RawFormat = 'json' | 'xml';

export function keepRawInventory(db: Db, agentId: number, format: RawFormat, text: string): void {
  run(db, 'INSERT OR REPLACE INTO deskbase_agent_inventories (agents_id, format, body, date) VALUES (?, ?, ?, ?)', agentId, format, gzipSync(text), nowString());
}

/** The last inventory an agent sent: its format and text. */
export function readRawInventory(db: Db, agentId: number): { format: RawFormat; gzipped: Uint8Array } | null {
  const kept = selectOne(db, 'SELECT format, body FROM deskbase_agent_inventories WHERE agents_id = ?', agentId);
  return kept ? { format: kept.format as RawFormat, gzipped: kept.body as Uint8Array } : null;
}

export const inflate = (gzipped: Uint8Array) => gunzipSync(gzipped);
