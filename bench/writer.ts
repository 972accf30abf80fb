import type { Client } from './api';

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
