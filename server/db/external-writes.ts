import { markExternalWrite, type Db } from './connection';

/**
 * Other connections commit beside this one: the server's other request-serving threads, and
 * `deskbase admin` (a reset password, a new Super-Admin). SQLite's data_version changes exactly
 * when another connection has committed; the returned check then drops the caches (`onChange`)
 * so the request sees the new rows and ended sessions.
 *
 * It runs at the start of each API request, inside the request's read snapshot (connection.ts
 * inReadSnapshot): the pragma opens the snapshot, so the caches are checked against exactly the
 * state the request reads. It costs what opening the snapshot costs, which the request's first
 * read would pay anyway.
 */
export function externalWriteCheck(db: Db, onChange: () => void): () => void {
  const query = db.query<{ data_version: number }, []>('PRAGMA data_version');
  let seen = query.get()!.data_version;
  return () => {
    const current = query.get()!.data_version;
    if (current === seen) return;
    seen = current;
    markExternalWrite();
    onChange();
  };
}
