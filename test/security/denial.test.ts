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
