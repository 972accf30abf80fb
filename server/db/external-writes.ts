import { markExternalWrite, type Db } from './connection';

/**
 * Other connections commit beside this one: the server's other request-serving threads, and
 * `deskbase admin` (a reset password, a new Super-Admin). SQLite's data_version changes exactly
 * when another connection has committed; the returned check then drops the caches (`onChange`)
 * so the request sees the new rows and ended sessions.
 *
 * `perRequest` (several request-serving threads): it runs at the start of each API request,
 * inside the request's read snapshot (connection.ts inReadSnapshot), so the caches are checked
 * against exactly the state the request reads while other threads commit all the time.
 *
 * Otherwise (one thread: the other writers are rare admin commands) it runs once per turn of the
 * event loop; the pragma and the snapshot per request cost a quarter of a cached getItem's CPU.
 * Requests answered in the same turn were all received before it started, so they are answered
 * as of that moment, as if they had come a little earlier.
 */
export function externalWriteCheck(db: Db, onChange: () => void, perRequest: boolean): () => void {
  const query = db.query<{ data_version: number }, []>('PRAGMA data_version');
  let seen = query.get()!.data_version;
  const check = () => {
    const current = query.get()!.data_version;
    if (current === seen) return;
    seen = current;
    markExternalWrite();
    onChange();
  };
  if (perRequest) return check;
  let checkedThisTurn = false;
  const nextTurn = () => {
    checkedThisTurn = false;
  };
  return () => {
    if (checkedThisTurn) return;
    checkedThisTurn = true;
    setImmediate(nextTurn);
    check();
  };
}
