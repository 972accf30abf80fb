/**
 * GLPI's mailbox address, as its MailCollector `host` column keeps it (PHP imap's form):
 * `{mail.example.com:993/imap/ssl/novalidate-cert}INBOX`. Flags: `/imap` (the only protocol
 * Deskbase speaks; `/pop` is refused), `/ssl` TLS from the start (default port 993), `/tls`
 * STARTTLS required, `/notls` no STARTTLS, `/novalidate-cert` a self-signed certificate accepted,
 * `/validate-cert` the default. Without `/ssl` the port defaults to 143 and STARTTLS is used when
 * the server offers it.
 */
export interface Mailbox {
  host: string;
  port: number;
  /** TLS from the first byte. */
  secure: boolean;
  /** STARTTLS: 'required', 'never', or 'offered' (used when the server offers it). */
  startTls: 'required' | 'never' | 'offered';
  validateCertificate: boolean;
  folder: string;
}

const FORM = /^\{([^{}:/\s]+)(?::(\d{1,5}))?((?:\/[a-z0-9-]+)*)\}(.*)$/i;
const KNOWN_FLAGS = new Set(['imap', 'imap4', 'imap4rev1', 'ssl', 'tls', 'notls', 'novalidate-cert', 'validate-cert', 'norsh', 'secure', 'debug']);

/** The mailbox a host string names, or the reason it names none. */
export function parseMailbox(text: string): { ok: true; mailbox: Mailbox } | { ok: false; message: string } {
  const match = FORM.exec(text.trim());
  if (!match) return { ok: false, message: 'host must be written as {server:port/imap/ssl}INBOX' };
  const [, host, port, flagText, folder] = match;
  const flags = (flagText ?? '').split('/').filter(Boolean).map((f) => f.toLowerCase());
  if (flags.includes('pop') || flags.includes('pop3')) return { ok: false, message: 'only IMAP mailboxes are collected (not POP)' };
  const unknown = flags.find((f) => !KNOWN_FLAGS.has(f));
  if (unknown) return { ok: false, message: `unknown mailbox flag /${unknown}` };
  const secure = flags.includes('ssl');
  const number = port ? Number(port) : secure ? 993 : 143;
  if (number < 1 || number > 65_535) return { ok: false, message: `port ${port} is out of range` };
  return {
    ok: true,
    mailbox: {
      host: host!,
      port: number,
      secure,
      startTls: secure ? 'never' : flags.includes('tls') ? 'required' : flags.includes('notls') ? 'never' : 'offered',
      validateCertificate: !flags.includes('novalidate-cert'),
      folder: folder?.trim() || 'INBOX',
    },
  };
}
