/**
 * Lost password by e-mail (facts §3.23, tests LP1–LP6): PUT lostPassword asks for a token sent
 * through a real SMTP server, then sets the new password with it. No session is needed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { rawRequest } from '../support/raw';
import { headerOf, MailCatcher } from '../support/smtp';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';
import { until } from '../support/until';

const clock = new TestClock();
const ctx = useServer({}, clock.args);
const mail = new MailCatcher();
const anon = () => new Client(ctx.server.api);
let userId: number;

async function setting(name: string, value: string): Promise<void> {
  const found = await ctx.api.get('Config/', { query: `searchText[name]=^${name}$` });
  expect(found.body).toHaveLength(1);
  expect((await ctx.api.put(`Config/${found.body[0].id}`, { input: { value } })).status).toBe(200);
}

beforeAll(async () => {
  await mail.start();
  userId = await ctx.api.create('User', { name: 'forgetful', password: 'Old-pass-1', password2: 'Old-pass-1', email: 'forgetful@example.org', _profiles_id: 6 });
});
afterAll(() => mail.stop());

const tokenIn = (raw: string) => /Reset token: ([0-9a-f]{40})/.exec(raw)?.[1] ?? '';

describe('before notifications are set up', () => {
  test('only PUT or PATCH is accepted', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await anon().call(method, 'lostPassword', method === 'GET' ? {} : { body: { email: 'x@example.org' } });
      expect([res.status, res.body[0], res.body[1]]).toEqual([400, 'ERROR', expect.stringContaining('Only HTTP verb PUT is allowed')]);
    }
  });

  test('with notifications disabled (the default) the request is refused', async () => {
    const res = await anon().put('lostPassword', { email: 'forgetful@example.org' });
    expect([res.status, res.body[0], res.body[1]]).toEqual([400, 'ERROR', expect.stringContaining('Email notifications are disabled')]);
  });
});

describe('with e-mail notifications on', () => {
  beforeAll(async () => {
    await setting('use_notifications', '1');
    await setting('notifications_mailing', '1');
    await setting('smtp_host', '127.0.0.1');
    await setting('smtp_port', String(mail.port));
  });

  test('the user e-mail is the default address, shown on the user', async () => {
    expect((await ctx.api.get(`User/${userId}`)).body.email).toBe('forgetful@example.org');
    const emails = await ctx.api.get(`User/${userId}/UserEmail`);
    expect(emails.body).toMatchObject([{ users_id: userId, email: 'forgetful@example.org', is_default: 1 }]);
  });

  test('no email → 400; an open session → 400', async () => {
    const missing = await anon().put('lostPassword', {});
    expect([missing.status, missing.body[1]]).toEqual([400, expect.stringContaining('email parameter missing')]);
    const res = await ctx.api.put('lostPassword', { email: 'forgetful@example.org' });
    expect([res.status, res.body[1]]).toEqual([400, expect.stringContaining('A session is active')]);
  });

  test('an unknown address answers 200 the same way and sends nothing', async () => {
    const before = mail.messages.length;
    const res = await anon().put('lostPassword', { email: 'nobody@example.org' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    // A later request for a known address is the next mail: none was sent to the unknown one.
    await anon().put('lostPassword', { email: 'forgetful@example.org' });
    expect((await mail.waitFor(before + 1)).to).toEqual(['forgetful@example.org']);
  });

  test('a known address gets a token by mail; a wrong token is refused; the right one sets the password once', async () => {
    const known = await anon().call('PATCH', 'lostPassword', { body: { email: 'FORGETFUL@example.org' } });
    expect(known.status).toBe(200);
    const sent = await mail.waitFor(mail.messages.length + 1);
    expect(sent.to).toEqual(['forgetful@example.org']); // the address asked for, as the engine keeps addresses
    expect(headerOf(sent.raw, 'Subject')).toBe('Forgotten password?'); // GLPI's Password Forget notification (25)
    const token = tokenIn(sent.raw);
    expect(token).toMatch(/^[0-9a-f]{40}$/);

    const wrong = await anon().put('lostPassword', { email: 'forgetful@example.org', password_forget_token: 'f'.repeat(40), password: 'New-pass-2' });
    expect([wrong.status, wrong.body[0]]).toEqual([400, 'ERROR']);

    const old = await new Client(ctx.server.api).login('forgetful', 'Old-pass-1');
    const done = await anon().put('lostPassword', { email: 'forgetful@example.org', password_forget_token: token, password: 'New-pass-2' });
    expect([done.status, done.body.length]).toEqual([200, 1]);
    // The old session ends, the old password no longer works, the new one does.
    expect((await old.get('getFullSession')).status).toBe(401);
    expect((await anon().get('initSession', { headers: { Authorization: `Basic ${btoa('forgetful:Old-pass-1')}` } })).status).toBe(401);
    await new Client(ctx.server.api).login('forgetful', 'New-pass-2');
    // The token works once.
    const again = await anon().put('lostPassword', { email: 'forgetful@example.org', password_forget_token: token, password: 'Other-pass-3' });
    expect(again.status).toBe(400);
  });

  test('the password policy applies when it is on', async () => {
    await setting('use_password_security', '1');
    try {
      await anon().put('lostPassword', { email: 'forgetful@example.org' });
      const token = tokenIn((await mail.waitFor(mail.messages.length + 1)).raw);
      const weak = await anon().put('lostPassword', { email: 'forgetful@example.org', password_forget_token: token, password: 'short' });
      expect([weak.status, weak.body[0]]).toEqual([400, 'ERROR']);
      expect(weak.body[1]).toContain('at least 8 characters');
    } finally {
      await setting('use_password_security', '0');
    }
  });

  test('the password policy applies to passwords set through the API too, with its character classes as configured', async () => {
    await setting('use_password_security', '1');
    try {
      const weak = await ctx.api.post('User/', { input: { name: 'weakling', password: 'abcdefgh', password2: 'abcdefgh' } });
      expect([weak.status, weak.body[0], weak.body[1]]).toEqual([400, 'ERROR_GLPI_ADD', 'The password must contain a digit\\nThe password must contain an uppercase letter\\nThe password must contain a symbol']);
      const change = await ctx.api.put(`User/${userId}`, { input: { password: 'short', password2: 'short' } });
      expect([change.status, change.body[0]]).toEqual([400, 'ERROR_GLPI_UPDATE']);
      expect(change.body[1]).toStartWith('The password must have at least 8 characters');
      for (const need of ['password_need_number', 'password_need_caps', 'password_need_symbol']) await setting(need, '0');
      expect((await ctx.api.post('User/', { input: { name: 'weakling', password: 'abcdefgh', password2: 'abcdefgh' } })).status).toBe(201);
    } finally {
      for (const need of ['password_need_number', 'password_need_caps', 'password_need_symbol']) await setting(need, '1');
      await setting('use_password_security', '0');
    }
  });

  test('a token expires one day after it was drawn (server clock)', async () => {
    const draw = async () => {
      await anon().put('lostPassword', { email: 'forgetful@example.org' });
      return tokenIn((await mail.waitFor(mail.messages.length + 1)).raw);
    };
    const use = (token: string, password: string) =>
      anon().put('lostPassword', { email: 'forgetful@example.org', password_forget_token: token, password });
    try {
      const late = await draw();
      clock.advance(24 * 3600_000);
      const refused = await use(late, 'Late-pass-4');
      expect([refused.status, refused.body[1]]).toEqual([400, expect.stringContaining('The reset token is invalid or has expired')]);
      const inTime = await draw();
      clock.advance(24 * 3600_000 - 1000);
      expect((await use(inTime, 'In-time-pass-5')).status).toBe(200);
      await new Client(ctx.server.api).login('forgetful', 'In-time-pass-5');
    } finally {
      ctx.api = await new Client(ctx.server.api).login(); // two days passed: the admin session is idle-expired
    }
  });

  test('the mail names the console at url_base (with its path), never at the Host the request gave', async () => {
    await ctx.api.create('User', { name: 'proxied', email: 'proxied@example.org' });
    await setting('url_base', 'https://desk.example.org/help/');
    const before = mail.messages.length;
    try {
      const res = await rawRequest(ctx.server.origin, {
        method: 'PUT',
        target: '/apirest.php/lostPassword',
        host: 'evil.example',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'proxied@example.org' }),
      });
      expect(res.status).toBe(200);
      const sent = await mail.waitFor(before + 1);
      expect(sent.to).toEqual(['proxied@example.org']);
      expect(sent.raw).toContain('in the console:\r\nhttps://desk.example.org/help/\r\n');
      expect(sent.raw).not.toContain('evil.example');
    } finally {
      await setting('url_base', '');
    }
  });

  test('repeated requests for one address stop sending mail', async () => {
    await ctx.api.create('User', { name: 'spammed', email: 'spammed@example.org' });
    const before = mail.messages.length;
    for (let i = 0; i < 8; i++) expect((await anon().put('lostPassword', { email: 'spammed@example.org' })).status).toBe(200);
    // The five mails arrive whatever the machine's speed; a later mail to another address shows nothing more was queued.
    await mail.waitFor(before + 5);
    await anon().put('lostPassword', { email: 'forgetful@example.org' });
    await mail.waitFor(before + 6);
    expect(mail.messages.slice(before).filter((m) => m.to.includes('spammed@example.org'))).toHaveLength(5);
  });
});

describe('the mail queue', () => {
  test('with the SMTP server away the reset mail waits in the queue, shown on /health, and leaves once it is back', async () => {
    clock.advance(60 * 60_000); // past the throttle window of the tests above
    const health = async () => (await (await fetch(`${ctx.server.origin}/health`)).json()).mail;
    const port = mail.port;
    await mail.stop();
    expect((await anon().put('lostPassword', { email: 'forgetful@example.org' })).status).toBe(200);
    expect(await until('the failed attempt', health, (m) => m.failing === 1)).toEqual({
      status: 'error',
      queued: 1,
      failing: 1,
      reason: "1 queued mail(s) could not be sent and wait for another attempt (the server's log says why)",
    });
    const back = new MailCatcher();
    await back.start(port);
    try {
      clock.advance(5 * 60_000); // smtp_retry_time; the next request runs the sender
      expect(await until('the queue drained', health, (m) => m.queued === 0)).toEqual({ status: 'ok', queued: 0, failing: 0 });
      expect(tokenIn((await back.waitFor(1)).raw)).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      await back.stop();
      await mail.start(port);
    }
  });
});

describe('user e-mail input', () => {
  test('a bad address is a clear per-item error; an empty one removes the default', async () => {
    const bad = await ctx.api.post('User/', { input: { name: 'bad-mail', email: 'not an address' } });
    expect([bad.status, bad.body[0], bad.body[1]]).toEqual([400, 'ERROR_GLPI_ADD', 'Field email: expected an e-mail address']);
    const id = await ctx.api.create('User', { name: 'two-mails', email: 'one@example.org' });
    expect((await ctx.api.put(`User/${id}`, { input: { email: 'two@example.org' } })).status).toBe(200);
    const list = await ctx.api.get(`User/${id}/UserEmail`, { query: 'sort=id' });
    expect(list.body.map((e: any) => [e.email, e.is_default])).toEqual([['one@example.org', 0], ['two@example.org', 1]]);
    expect((await ctx.api.put(`User/${id}`, { input: { email: '' } })).status).toBe(200);
    expect((await ctx.api.get(`User/${id}`)).body.email).toBe('one@example.org');
  });
});
