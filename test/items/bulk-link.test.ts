/**
 * A 10 000-item bulk add is answered in a form every client reads: the body lists each id (what
 * GLPI clients use) and the `Link` header stays bounded, so the whole header section stays under
 * the 8 KB that nginx's default buffers, Node's fetch and Python's http.client accept.
 */
import { describe, expect, test } from 'bun:test';
import { LINK_HEADER_BUDGET } from '../../server/api/items/link-header';
import { rawRequest } from '../foundation/helpers';
import { useServer } from '../support/server';

const ctx = useServer();
const COUNT = 10_000;
const payload = (label: string) => JSON.stringify({ input: Array.from({ length: COUNT }, (_, i) => ({ name: `${label}-${i}` })) });

/** The ids are consecutive and every one is in the body; the Link header names the first ones. */
function expectAnswer(body: { id: number; message: string }[], link: string | null): void {
  expect(body).toHaveLength(COUNT);
  const first = body[0]!.id;
  expect(body.map((r) => r.id)).toEqual(Array.from({ length: COUNT }, (_, i) => first + i));
  expect(link).toStartWith(`${ctx.server.api}/Computer/${first},`);
  expect(link!.length).toBeLessThanOrEqual(LINK_HEADER_BUDGET);
  const urls = link!.split(',');
  expect(urls.length).toBeGreaterThan(10);
  expect(urls.length).toBeLessThan(COUNT);
  urls.forEach((url, i) => expect(url).toBe(`${ctx.server.api}/Computer/${first + i}`));
}

describe('bulk add of 10 000 items', () => {
  test('over a raw socket: 201, header section under 8 KB, every id in the body', async () => {
    const res = await rawRequest(ctx.server.origin, {
      method: 'POST',
      target: '/apirest.php/Computer/',
      headers: { 'Session-Token': ctx.api.token, 'Content-Type': 'application/json' },
      body: payload('raw'),
    });
    expect(res.status).toBe(201);
    expect(res.headBytes).toBeLessThan(8192);
    expectAnswer(res.body, res.headers.get('link'));
  });

  test("from Node's fetch (undici), which refuses headers over 16 KB", async () => {
    const script = `
      const input = Array.from({ length: Number(process.env.COUNT) }, (_, i) => ({ name: 'node-' + i }));
      const res = await fetch(process.env.URL, { method: 'POST', headers: { 'Session-Token': process.env.TOKEN, 'Content-Type': 'application/json' }, body: JSON.stringify({ input }) });
      console.log(JSON.stringify({ status: res.status, link: res.headers.get('link'), body: await res.json() }));`;
    const proc = Bun.spawn(['node', '--input-type=module', '-e', script], {
      env: { ...process.env, URL: `${ctx.server.api}/Computer/`, TOKEN: ctx.api.token, COUNT: String(COUNT) },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const answer = JSON.parse(out);
    expect(answer.status).toBe(201);
    expectAnswer(answer.body, answer.link);
  });
});
