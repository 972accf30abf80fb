/**
 * Polls until `read` gives a value `done` accepts, for what a server or browser does on its own
 * time (a scheduled backup, a re-rendered screen). The pause only spaces the polls out; the
 * deadline is a safety net that fails the test, never a timing assumption.
 */
export async function until<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean = Boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; last: ${JSON.stringify(value)}`);
    await Bun.sleep(25);
  }
}
