// The private IMAP server the mail collector tests run against: plain with STARTTLS and TLS, on
// a certificate made for the run, serving what the test delivers into its Maildir.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ImapFlow } from 'imapflow';
import { Dovecot, dovecotMissing } from '../support/dovecot';

const RAW = 'From: alice@example.com\r\nTo: helpdesk@example.com\r\nSubject: printer down\r\nMessage-ID: <one@example.com>\r\n\r\nThe printer is down.\r\n';

async function subjects(client: ImapFlow): Promise<string[]> {
  await client.connect();
  const lock = await client.getMailboxLock('INBOX');
  try {
    const found: string[] = [];
    for await (const message of client.fetch('1:*', { envelope: true })) found.push(message.envelope?.subject ?? '');
    return found;
  } finally {
    lock.release();
    await client.logout();
  }
}

describe.skipIf(dovecotMissing !== null)('private Dovecot', () => {
  const dovecot = new Dovecot();
  beforeAll(async () => {
    await dovecot.start();
    dovecot.deliver(RAW);
  });
  afterAll(() => dovecot.stop());

  test('serves a delivered mail over STARTTLS and over TLS', async () => {
    const auth = { user: 'helpdesk', pass: 'mail-pw' };
    const tls = { rejectUnauthorized: false };
    expect(await subjects(new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth, tls, logger: false }))).toEqual(['printer down']);
    expect(await subjects(new ImapFlow({ host: '127.0.0.1', port: dovecot.tlsPort, secure: true, auth, tls, logger: false }))).toEqual(['printer down']);
  });

  test('refuses a wrong password and an unchecked self-signed certificate', async () => {
    const wrong = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: { user: 'helpdesk', pass: 'nope' }, tls: { rejectUnauthorized: false }, logger: false });
    expect(await wrong.connect().then(() => 'connected', (e: { authenticationFailed?: boolean }) => (e.authenticationFailed ? 'authentication failed' : 'other'))).toBe('authentication failed');
    const checked = new ImapFlow({ host: '127.0.0.1', port: dovecot.tlsPort, secure: true, auth: { user: 'helpdesk', pass: 'mail-pw' }, logger: false });
    expect(await checked.connect().then(() => 'connected', (e: { code?: string }) => e.code)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });
});

if (dovecotMissing) test.skip(`mail tests skipped: ${dovecotMissing}`, () => {});
