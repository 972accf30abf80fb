/**
 * The mail settings mean what GLPI 10.0 means by them (issue 36): smtp_mode's five values, the
 * certificate check, the sender, reply-to, no-reply and envelope addresses, and the migration that
 * keeps an older Deskbase folder's transport. Mail goes through real SMTP servers (plain, offering
 * STARTTLS, implicit TLS) and a real sendmail program; the settings live in a real data folder.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../server/db/migrations';
import { policyProblems } from '../../server/auth/password-reset';
import { openTransport, transportProblem } from '../../server/notify/mailer';
import { MailCatcher } from '../support/smtp';
import { useStore } from '../support/store';

const ctx = useStore('mail-settings');
const plain = new MailCatcher('plain');
const starttls = new MailCatcher('starttls');
const implicit = new MailCatcher('implicit');
const work = mkdtempSync(join(tmpdir(), 'deskbase-sendmail-'));

beforeAll(() => Promise.all([plain.start(), starttls.start(), implicit.start()]));
afterAll(async () => {
  await Promise.all([plain.stop(), starttls.stop(), implicit.stop()]);
  rmSync(work, { recursive: true, force: true });
  delete process.env.DESKBASE_SENDMAIL;
});

function set(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    ctx.db.query("UPDATE glpi_configs SET value = ? WHERE context = 'core' AND name = ?").run(value, name);
  }
  ctx.store.settings.invalidate();
}

/** Sends one message as the queue's sender does: a transport for the settings, then the mail. */
async function send(subject: string, noReply = false): Promise<void> {
  const transport = await openTransport(ctx.store.settings);
  try {
    await transport.send({ to: 'tech@example.org', subject, text: 'body', noReply });
  } finally {
    transport.close();
  }
}
/** The message an awaited send delivered: the server keeps it before it answers the sender. */
const lastOf = (catcher: MailCatcher) => catcher.messages.at(-1)!;
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1] ?? null;

describe('smtp_mode', () => {
  test('a fresh install has SMTP (1), GLPI defaults for the retries and the certificate check', () => {
    const { settings } = ctx.store;
    expect(['smtp_mode', 'smtp_retry_time', 'smtp_max_retries', 'smtp_check_certificate'].map((n) => settings.get(n))).toEqual(['1', '5', '5', '1']);
  });

  test('1 is SMTP: plain where the server offers no STARTTLS, upgraded where it does', async () => {
    set({ smtp_mode: '1', smtp_host: '127.0.0.1', smtp_port: String(plain.port), smtp_check_certificate: '1' });
    await send('mode 1 plain');
    expect(lastOf(plain)).toMatchObject({ to: ['tech@example.org'], secure: false });
    set({ smtp_port: String(starttls.port), smtp_check_certificate: '0' });
    await send('mode 1 starttls');
    const upgraded = lastOf(starttls);
    expect([header(upgraded.raw, 'Subject'), upgraded.secure]).toEqual(['mode 1 starttls', true]);
  });

  test('smtp_check_certificate 1 refuses a server whose certificate cannot be verified (self-signed)', async () => {
    set({ smtp_mode: '1', smtp_port: String(starttls.port), smtp_check_certificate: '1' });
    await expect(send('checked')).rejects.toThrow(/certificate/i);
  });

  test('2 is SMTPS (TLS from the first byte); plain SMTP against an SMTPS port fails', async () => {
    set({ smtp_mode: '2', smtp_port: String(implicit.port), smtp_check_certificate: '0' });
    await send('mode 2');
    const mail = lastOf(implicit);
    expect([header(mail.raw, 'Subject'), mail.secure]).toEqual(['mode 2', true]);
    set({ smtp_mode: '2', smtp_port: String(plain.port) });
    await expect(send('mode 2 to a plain server')).rejects.toThrow();
  });

  test('3 requires STARTTLS: sent over TLS where offered, refused where not', async () => {
    set({ smtp_mode: '3', smtp_port: String(starttls.port), smtp_check_certificate: '0' });
    await send('mode 3');
    const mail = lastOf(starttls);
    expect([header(mail.raw, 'Subject'), mail.secure]).toEqual(['mode 3', true]);
    const before = plain.messages.length;
    set({ smtp_port: String(plain.port) });
    await expect(send('mode 3 to a plain server')).rejects.toThrow(/STARTTLS/i);
    expect(plain.messages.length).toBe(before);
  });

  test('0 is the local sendmail program; without one, a clear error naming smtp_mode', async () => {
    const out = join(work, 'sent.eml');
    const program = join(work, 'sendmail');
    writeFileSync(program, `#!/bin/sh\n{ echo "ARGS $*"; cat; } > '${out}'\n`);
    chmodSync(program, 0o755);
    process.env.DESKBASE_SENDMAIL = program;
    set({ smtp_mode: '0', admin_email: 'desk@example.org' });
    expect(transportProblem(ctx.store.settings)).toBeNull();
    await send('through sendmail');
    const written = readFileSync(out, 'utf8');
    expect(written).toContain('tech@example.org');
    expect(header(written, 'Subject')).toBe('through sendmail');

    process.env.DESKBASE_SENDMAIL = join(work, 'missing');
    const problem = 'smtp_mode is 0 (the local sendmail) but there is no sendmail program (DESKBASE_SENDMAIL, PATH, /usr/sbin, /usr/lib): install one or set smtp_mode to 1, 2 or 3 with smtp_host';
    expect(transportProblem(ctx.store.settings)).toBe(problem);
    await expect(send('no sendmail')).rejects.toThrow(problem);
  });

  test('4 (OAuth) is refused with an error naming the setting', async () => {
    set({ smtp_mode: '4' });
    const problem = 'smtp_mode 4 (SMTP with OAuth, smtp_oauth_provider) is not supported by Deskbase: use smtp_mode 1, 2 or 3 with smtp_username and smtp_passwd';
    expect(transportProblem(ctx.store.settings)).toBe(problem);
    await expect(send('oauth')).rejects.toThrow(problem);
  });
});

describe('addresses', () => {
  beforeAll(() => set({ smtp_mode: '1', smtp_port: String(plain.port), admin_email: 'admin@example.org', admin_email_name: 'Admin' }));

  test('From is from_email when set, else admin_email; the envelope sender is smtp_sender, else From', async () => {
    await send('admin as sender');
    let mail = lastOf(plain);
    expect([header(mail.raw, 'From'), mail.from, header(mail.raw, 'Reply-To')]).toEqual(['Admin <admin@example.org>', 'admin@example.org', null]);

    set({ from_email: 'desk@example.org', from_email_name: 'Service desk', smtp_sender: 'bounces@example.org', replyto_email: 'answers@example.org', replyto_email_name: 'Answers' });
    await send('from_email as sender');
    mail = lastOf(plain);
    expect([header(mail.raw, 'From'), mail.from, header(mail.raw, 'Sender'), header(mail.raw, 'Reply-To')]).toEqual([
      'Service desk <desk@example.org>',
      'bounces@example.org',
      'bounces@example.org',
      'Answers <answers@example.org>',
    ]);
  });

  test('a mail no one should answer comes from noreply_email (and Reply-To it) when set, else as any other', async () => {
    await send('reset token', true);
    let mail = lastOf(plain);
    expect([header(mail.raw, 'From'), header(mail.raw, 'Reply-To')]).toEqual(['Service desk <desk@example.org>', null]);
    set({ noreply_email: 'noreply@example.org', noreply_email_name: 'Do not answer' });
    await send('reset token', true);
    mail = lastOf(plain);
    expect([header(mail.raw, 'From'), header(mail.raw, 'Reply-To')]).toEqual(['Do not answer <noreply@example.org>', 'Do not answer <noreply@example.org>']);
  });

  test('an invalid from_email is passed over (admin_email), as GLPI does; no valid address at all is an error', async () => {
    set({ from_email: 'not an address' });
    await send('invalid from');
    expect(header(lastOf(plain).raw, 'From')).toBe('Admin <admin@example.org>');
    set({ admin_email: '' });
    await expect(send('nobody')).rejects.toThrow('no sender address: set from_email or admin_email to a valid address');
  });
});

test("the password policy's character classes follow password_need_number, _letter, _caps and _symbol", () => {
  set({ use_password_security: '1', password_min_length: '4' });
  expect(policyProblems(ctx.store.settings, 'abcd')).toEqual(['The password must contain a digit', 'The password must contain an uppercase letter', 'The password must contain a symbol']);
  set({ password_need_number: '0', password_need_caps: '0', password_need_symbol: '0' });
  expect(policyProblems(ctx.store.settings, 'abcd')).toEqual([]);
  set({ password_need_letter: '1' });
  expect(policyProblems(ctx.store.settings, 'ABCD')).toEqual(['The password must contain a lowercase letter']);
});

describe('migration 20: an older folder keeps its transport', () => {
  const modeAfterUpgrade = (old: string) => {
    ctx.db.exec(`UPDATE glpi_configs SET value = '${old}' WHERE name = 'smtp_mode'; DELETE FROM deskbase_migrations WHERE id = 20`);
    expect(migrate(ctx.db, { adminPasswordHash: '' })).toEqual(["smtp_mode with GLPI 10.0's values"]);
    return String((ctx.db.query("SELECT value FROM glpi_configs WHERE name = 'smtp_mode'").get() as { value: string }).value);
  };

  test("Deskbase's old 0 (plain) becomes 1, old 1 (SSL) 2, old 2 (STARTTLS) 3, any other old value (read as plain) 1", () => {
    expect(['0', '1', '2', '3', ''].map(modeAfterUpgrade)).toEqual(['1', '2', '3', '1', '1']);
  });

  test('a folder imported from GLPI keeps the value GLPI had', () => {
    ctx.db.exec('CREATE TABLE deskbase_import_run (id INTEGER PRIMARY KEY)');
    expect(['0', '4'].map(modeAfterUpgrade)).toEqual(['0', '4']);
  });
});
