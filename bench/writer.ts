import type { Client } from './api';
import { bulkAdd } from './seed';

/** A steady writer: updates a random computer `perSecond` times a second until stopped; counts the updates and the failed ones. */
export function startWriter(client: Client, ids: number[], perSecond: number): { stop(): Promise<{ done: number; failed: number }> } {
  let done = 0;
  let failed = 0;
  let inFlight: Promise<void> = Promise.resolve();
  let n = 0;
  const timer = setInterval(() => {
    const id = ids[Math.floor(Math.random() * ids.length)]!;
    const body = JSON.stringify({ input: { comment: `busy desk ${++n}` } });
    inFlight = client.send('PUT', `Computer/${id}`, body).then(
      () => void done++,
      () => void failed++,
    );
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
      return { done, failed };
    },
  };
}

/** Bulk adds request body `body(0)`, then `body(1)`… one after another until stopped; counts the requests and the failed ones. */
export function startBulkWriter(client: Client, body: (i: number) => string): { stop(): Promise<{ done: number; failed: number }> } {
  let done = 0;
  let failed = 0;
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      try {
        await bulkAdd(client, 'Computer', body(i));
        done++;
      } catch {
        failed++;
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { done, failed };
    },
  };
}
