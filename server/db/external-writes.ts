import { markExternalWrite, sharedCommitsMoved, type Db } from './connection';

/**
 * Other connections commit beside this one: the server's other request-serving threads, and
 * `deskbase admin` (a reset password, a new Super-Admin). The returned check drops the caches
 * (`onChange`) when one has, so the request sees the new rows and ended sessions.
 *
 * The serving threads count their commits in shared memory (connection.ts sharedCommitsMoved):
 * one atomic load, cheap enough for every request (and again when its read snapshot opens), so
 * the very next request on any thread sees a write. Other processes are noticed by SQLite's
 * data_version, which changes exactly when another connection has committed: asked once per turn
 * of the event loop, as a statement per request costs a good part of a cached getItem. Requests
 * answered in the same turn were all received before it started, so they are answered as of that
 * moment, as if they had come a little earlier.
 */
export function externalWriteCheck(db: Db, onChange: () => void): () => void {
  const query = db.query<{ data_version: number }, []>('PRAGMA data_version');
  let seen = query.get()!.data_version;
  const changed = () => {
    markExternalWrite();
    onChange();
  };
  let checkedThisTurn = false;
  const nextTurn = () => {
    checkedThisTurn = false;
  };
  return () => {
    if (sharedCommitsMoved()) changed();
    if (checkedThisTurn) return;
    checkedThisTurn = true;
    setImmediate(nextTurn);
    const current = query.get()!.data_version;
    if (current === seen) return;
    seen = current;
    changed();
  };
}
