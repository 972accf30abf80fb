import { markExternalWrite, type Db } from './connection';

/**
 * The server is the data folder's only long-running writer, but `deskbase admin` may commit
 * beside it (a reset password, a new Super-Admin). SQLite's data_version changes exactly when
 * another connection has committed; the returned check, run before each request, then drops the
 * caches (`onChange`) so the request sees the new rows and ended sessions.
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
