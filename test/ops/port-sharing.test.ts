/**
 * With several threads the server's port has SO_REUSEPORT, which another program of the same user
 * could join: the kernel's list of listeners tells the server's own sockets from others'.
 */
import { expect, test } from 'bun:test';
import { foreignListeners } from '../../server/core/listeners';

test.skipIf(process.platform !== 'linux')("another process's listener on the same address and port is counted, the process's own are not", async () => {
  const own = [Bun.serve({ hostname: '127.0.0.1', port: 0, reusePort: true, fetch: () => new Response('own') })];
  const port = own[0]!.port!;
  own.push(Bun.serve({ hostname: '127.0.0.1', port, reusePort: true, fetch: () => new Response('own') }));
  expect(foreignListeners(port)).toBe(0);
  const other = Bun.spawn(
    [process.execPath, '-e', `Bun.serve({ hostname: '127.0.0.1', port: ${port}, reusePort: true, fetch: () => new Response('other') }); console.log('listening');`],
    { stdout: 'pipe', stderr: 'inherit' },
  );
  try {
    const reader = other.stdout.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('listening');
    expect(foreignListeners(port)).toBe(1);
    // Another port, or none of ours: nothing.
    expect(foreignListeners(port === 65535 ? 65534 : port + 1)).toBe(0);
  } finally {
    other.kill();
    await other.exited;
    for (const server of own) server.stop(true);
  }
  expect(foreignListeners(port)).toBe(0);
});
