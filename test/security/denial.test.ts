/**
 * Denial of service by a small request: a form body of many `a[]=` pairs (once quadratic to
 * parse) and large bodies sent without a session must not hold the server. Each attack is kept
 * in flight by holding back the last bytes of its body, and another request is answered meanwhile;
 * once the body is complete, the server answers it and still answers others.
 */
import { describe, expect, test } from 'bun:test';
import { holdRequest, rawRequest } from '../support/raw';
import { useServer } from '../support/server';

const ctx = useServer();

/** A form body of `count` pairs in all: a computer's name, then `a[]=1` pairs. */
function floodBody(count: number): string {
  return ['input[name]=flooded', ...Array<string>(count - 1).fill('a[]=1')].join('&');
}

const health = () => rawRequest(ctx.server.origin, { method: 'GET', target: '/health' });

describe('many pairs in a form body', () => {
  test('20 000 `a[]` pairs: another request is answered while the attack is in flight, and after it', async () => {
    const body = floodBody(20_000);
    const attack = holdRequest(ctx.server.origin, {
      method: 'POST',
      target: '/apirest.php/Computer',
      headers: { 'Session-Token': ctx.api.token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    }, body.length - 1);
    let attackDone = false;
    void attack.answer.then(() => (attackDone = true));
    const during = await health();
    expect(during.status).toBe(200);
    expect(attackDone).toBe(false);
    attack.finish();
    const [after, answer] = await Promise.all([health(), attack.answer]);
    expect(after.status).toBe(200);
    expect(answer.status).toBe(201);
    const created = await ctx.api.get(`Computer/${answer.body.id}`);
    expect(created.body.name).toBe('flooded');
  });

  test('one pair more than 20 000 is refused with a 400 saying why', async () => {
    const res = await rawRequest(ctx.server.origin, {
      method: 'POST',
      target: '/apirest.php/Computer',
      headers: { 'Session-Token': ctx.api.token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: floodBody(20_001),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(['ERROR', `too many parameters (at most 20000); view documentation in your browser at ${ctx.server.api}/#ERROR`]);
  });
});

describe('large bodies without a session', () => {
  const MIB = 1024 * 1024;
  /** A JSON body of about `bytes` bytes. */
  const jsonOf = (bytes: number) => JSON.stringify({ input: { name: 'big', comment: 'x'.repeat(bytes) } });

  /** Sends the head and 1 KiB of a larger body: the answer must come without the rest. */
  async function answeredUnread(target: string, headers: Record<string, string>) {
    const attack = holdRequest(ctx.server.origin, { method: 'POST', target, headers: { 'Content-Type': 'application/json', ...headers }, body: jsonOf(2 * MIB) }, 1024);
    const res = await attack.answer;
    attack.finish(); // after the answer: the server did not wait for these bytes
    return res;
  }

  test('no session token: 401 before the body is read', async () => {
    const res = await answeredUnread('/apirest.php/Computer', {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual(['ERROR_SESSION_TOKEN_MISSING', `parameter session_token is missing or empty; view documentation in your browser at ${ctx.server.api}/#ERROR_SESSION_TOKEN_MISSING`]);
  });

  test('an unknown session token: 401 before the body is read', async () => {
    const res = await answeredUnread('/apirest.php/Computer', { 'Session-Token': 'f'.repeat(40) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(['ERROR_SESSION_TOKEN_INVALID', 'session_token seems invalid']);
  });

  test('initSession takes a small body only: 413 before a large one is read', async () => {
    const res = await answeredUnread('/apirest.php/initSession', {});
    expect(res.status).toBe(413);
    expect(res.body).toEqual(['ERROR_JSON_PAYLOAD_INVALID', `request body exceeds ${MIB} bytes without a session (give the session token in the Session-Token header)`]);
  });

  test('a chunked body (no length announced) is read no further than the limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const res = await fetch(`${ctx.server.api}/initSession`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: endless });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(['ERROR_JSON_PAYLOAD_INVALID', `request body exceeds ${MIB} bytes without a session (give the session token in the Session-Token header)`]);
    await endless.cancel().catch(() => undefined);
    // What the client had queued when the answer came: a few buffers past the limit, not the stream.
    expect(pulled).toBeLessThan(16 * MIB);
  });

  test('with a live session in the header, a large body is read and parsed as before', async () => {
    const res = await rawRequest(ctx.server.origin, {
      method: 'POST',
      target: '/apirest.php/Computer',
      headers: { 'Content-Type': 'application/json', 'Session-Token': ctx.api.token },
      body: jsonOf(2 * MIB),
    });
    // Read and parsed: the item's own check answers.
    expect(res.status).toBe(400);
    expect(res.body).toEqual(['ERROR_GLPI_ADD', 'Field comment: longer than 65535 characters']);
  });

  test('a small body may still carry the session token', async () => {
    const res = await rawRequest(ctx.server.origin, {
      method: 'POST',
      target: '/apirest.php/Computer',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ session_token: ctx.api.token, input: { name: 'token in body' } }),
    });
    expect(res.status).toBe(201);
  });
});
