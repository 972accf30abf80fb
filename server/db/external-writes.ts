import { commitMarks, commitsPublished, markExternalWrite, sharesCommits, takeOthersCommits, type Db } from './connection';

/**
 * Other connections commit beside this one: the server's other request-serving threads, and
 * `deskbase admin` (a reset password, a new Super-Admin). The returned check drops the caches
 * (`onChange`) when one has, so the request sees the new rows and ended sessions.
 *
 * The serving threads publish their commits in shared memory (connection.ts takeOthersCommits):
 * one atomic load when none came, cheap enough for every request (and again when its read
 * snapshot opens), so the very next request on any thread sees a write; a commit known table by
 * table drops only the cached reads of its tables (onChange is for everything else). Other
 * processes are noticed by SQLite's data_version, which changes exactly when another connection
 * has committed: asked once per turn of the event loop, as a statement per request costs a good
 * part of a cached getItem. Requests answered in the same turn were all received before it
 * started, so they are answered as of that moment, as if they had come a little earlier. With
 * several threads, data_version also moves with their commits: another Deskbase process marks
 * its own (connection.ts commitMarks), and a move that neither explains is a writer of another
 * kind; one of those committing in the same turn as a thread is not told apart.
 */
export function externalWriteCheck(db: Db, onChange: () => void): () => void {
  const query = db.query<{ data_version: number }, []>('PRAGMA data_version');
  let seen = query.get()!.data_version;
  let marks = commitMarks(db);
  let publishedAtTurn = commitsPublished();
  const changed = () => {
    markExternalWrite();
    onChange();
  };
  let checkedThisTurn = false;
  const nextTurn = () => {
    checkedThisTurn = false;
  };
  return () => {
    if (takeOthersCommits() === 'all') changed();
    if (checkedThisTurn) return;
    checkedThisTurn = true;
    setImmediate(nextTurn);
    const current = query.get()!.data_version;
    if (current === seen) return;
    seen = current;
    if (!sharesCommits()) return changed();
    const published = commitsPublished();
    const mark = commitMarks(db);
    if (mark !== marks || published === publishedAtTurn) changed();
    marks = mark;
    publishedAtTurn = published;
  };
}
