// The pure parts of the mail collectors: GLPI's mailbox strings, sealed secrets, reply detection
// and the automatic mails that never become tickets.
import { describe, expect, test } from 'bun:test';
import { openSecret, sealSecret } from '../../server/core/secrets';
import { parseMailbox, type Mailbox } from '../../server/mail/host';
import { automaticMail, parseMessage } from '../../server/mail/message';
import { repliedTicket, withoutHistory } from '../../server/mail/reply';

describe("GLPI's mailbox strings", () => {
  const cases: [string, Mailbox][] = [
    ['{mail.example.com:993/imap/ssl}INBOX', { host: 'mail.example.com', port: 993, secure: true, startTls: 'never', validateCertificate: true, folder: 'INBOX' }],
    ['{mail.example.com/imap/ssl/novalidate-cert}', { host: 'mail.example.com', port: 993, secure: true, startTls: 'never', validateCertificate: false, folder: 'INBOX' }],
    ['{10.0.0.5:1143/imap/tls}Support/Incoming', { host: '10.0.0.5', port: 1143, secure: false, startTls: 'required', validateCertificate: true, folder: 'Support/Incoming' }],
    ['{mail.example.com/imap/notls}INBOX', { host: 'mail.example.com', port: 143, secure: false, startTls: 'never', validateCertificate: true, folder: 'INBOX' }],
    ['{mail.example.com}INBOX', { host: 'mail.example.com', port: 143, secure: false, startTls: 'offered', validateCertificate: true, folder: 'INBOX' }],
  ];
  for (const [text, mailbox] of cases) test(text, () => expect(parseMailbox(text)).toEqual({ ok: true, mailbox }));

  test('refused: not the form, POP, an unknown flag, a port out of range', () => {
    expect(['mail.example.com', '{mail.example.com:110/pop3}INBOX', '{mail.example.com/imap/ssl/wat}INBOX', '{mail.example.com:70000/imap}INBOX'].map((t) => parseMailbox(t))).toEqual([
      { ok: false, message: 'host must be written as {server:port/imap/ssl}INBOX' },
      { ok: false, message: 'only IMAP mailboxes are collected (not POP)' },
      { ok: false, message: 'unknown mailbox flag /wat' },
      { ok: false, message: 'port 70000 is out of range' },
    ]);
  });
});

test('a sealed secret opens with its key only, and not once tampered with', () => {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const sealed = sealSecret(key, 'pässword');
  expect(sealed.startsWith('v1:')).toBe(true);
  expect(sealSecret(key, 'pässword')).not.toBe(sealed); // a fresh nonce each time
  expect(openSecret(key, sealed)).toBe('pässword');
  expect(openSecret(crypto.getRandomValues(new Uint8Array(32)), sealed)).toBeNull();
  const bytes = Buffer.from(sealed.slice(3), 'base64');
  bytes[14]! ^= 1;
  expect(openSecret(key, `v1:${bytes.toString('base64')}`)).toBeNull();
  expect(openSecret(key, 'plain text from GLPI')).toBeNull();
});

const mail = (headers: string, body = 'text') => parseMessage(Buffer.from(`From: a@example.com\r\nTo: b@example.com\r\n${headers}\r\n\r\n${body}\r\n`));

test('replies: the ticket tag in the subject, or a notification Message-ID in In-Reply-To or References', async () => {
  expect(
    await Promise.all(
      [
        'Subject: Re: [GLPI #0000123] printer',
        'Subject: RE: printer\r\nIn-Reply-To: <GLPI_5f0c7a9e-8a1b-4f3e-9d2c-0123456789ab-Ticket-77/followup.1768300000.99@desk.example>',
        'Subject: RE: printer\r\nReferences: <other@x> <GLPI_5f0c7a9e-8a1b-4f3e-9d2c-0123456789ab-Ticket-78/new.1.2@desk.example>',
        'Subject: RE: change\r\nIn-Reply-To: <GLPI_5f0c7a9e-8a1b-4f3e-9d2c-0123456789ab-Change-79/new.1.2@desk.example>',
        'Subject: GLPI #12 without brackets',
      ].map(async (h) => repliedTicket(await mail(h))),
    ),
  ).toEqual([123, 77, 78, null, null]);
  expect(withoutHistory('<p>Thanks</p><p>##-- Write your answer above this line --##</p><p>old</p>')).toBe('<p>Thanks</p><p>');
  expect(withoutHistory('<p>No marker</p>')).toBe('<p>No marker</p>');
});

test('automatic mails: auto-replies and bounces, not a mail that says Auto-Submitted: no', async () => {
  expect(
    await Promise.all(
      ['Auto-Submitted: auto-generated', 'Auto-Submitted: no', 'X-Auto-Response-Suppress: OOF', 'Return-Path: <>', 'Content-Type: multipart/report; report-type=delivery-status; boundary=x', 'Subject: hello'].map(
        async (h) => automaticMail(await mail(h)),
      ),
    ),
  ).toEqual([
    'an automatic mail (Auto-Submitted: auto-generated)',
    null,
    'an automatic mail (X-Auto-Response-Suppress)',
    'a bounce (empty Return-Path)',
    'a bounce (delivery-status report)',
    null,
  ]);
});
