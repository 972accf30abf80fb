/** Publishes the entries it is given into a commit journal, as another serving thread's commits (commit-journal.test.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { CommitJournal } from '../../server/db/commit-journal';

const { memory, entries } = workerData as { memory: SharedArrayBuffer; entries: ([string, number[] | null][] | null)[] };
const journal = new CommitJournal(memory);
for (const entry of entries) journal.publish(entry === null ? null : { tables: entry.map(([table]) => table), rows: new Map(entry) });
parentPort!.postMessage('done');
