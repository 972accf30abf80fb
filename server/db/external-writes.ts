import { markExternalWrite, type Db } from './connection';

/**
 * The server is the data folder's only long-running writer, but `deskbase admin` may commit
 * beside it (a reset password, a new Super-Admin). SQLite's data_version changes exactly when
 * another connection has committed; the returned check, run before each request, then drops the
 * caches (`onChange`) so the request sees the new rows and ended sessions.
 *
 * The pragma costs a few microseconds, as much as a row read: it is asked once per turn of the
 * event loop. Requests answered in the same turn were all received before it started, so they
 * are answered as of that moment, as if they had come a little earlier.
 */
export function externalWriteCheck(db: Db, onChange: () => void): () => void {
  const query = db.query<{ data_version: number }, []>('PRAGMA data_version');
  let seen = query.get()!.data_version;
  let checkedThisTurn = false;
  const nextTurn = () => {
    checkedThisTurn = false;
  };
  return () => {
    if (checkedThisTurn) return;
    checkedThisTurn = true;
    setImmediate(nextTurn);
    const current = query.get()!.data_version;
    if (current === seen) return;
    seen = current;
    markExternalWrite();
    onChange();
  };
}
