import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Settings } from '../db/settings';

export interface Mail {
  to: string;
  toName?: string;
  subject: string;
  text: string;
  html?: string;
  /** Mails no one should answer (a reset token) go out from `noreply_email` when it is set, as GLPI's. */
  noReply?: boolean;
  /** The sender and reply-to chosen when the mail was queued; else from the settings now. */
  from?: Address;
  replyTo?: Address | null;
  messageId?: string;
  headers?: Record<string, string>;
}

/** GLPI 10.0's smtp_mode values (its inc/define.php). */
const SMTP_MODE = { sendmail: 0, smtp: 1, smtps: 2, starttls: 3, oauth: 4 } as const;

/** E-mail notifications are on when both global switches are, as in GLPI. */
export function mailEnabled(settings: Settings): boolean {
  return settings.flag('use_notifications') && settings.flag('notifications_mailing');
}

/** The local sendmail program of smtp_mode 0: DESKBASE_SENDMAIL, else `sendmail` on the PATH, in /usr/sbin or /usr/lib. */
function sendmailPath(): string | null {
  const chosen = process.env.DESKBASE_SENDMAIL;
  const candidates = chosen ? [chosen] : [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin', '/usr/lib'].map((dir) => join(dir, 'sendmail'));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not there: the next place
    }
  }
  return null;
}

/** Why no mail can leave with these settings (before any attempt), or null. */
export function transportProblem(settings: Settings): string | null {
  const mode = settings.get('smtp_mode');
  switch (Number(mode)) {
    case SMTP_MODE.sendmail:
      if (sendmailPath()) return null;
      return 'smtp_mode is 0 (the local sendmail) but there is no sendmail program (DESKBASE_SENDMAIL, PATH, /usr/sbin, /usr/lib): install one or set smtp_mode to 1, 2 or 3 with smtp_host';
    case SMTP_MODE.smtp:
    case SMTP_MODE.smtps:
    case SMTP_MODE.starttls:
      return null;
    case SMTP_MODE.oauth:
      return 'smtp_mode 4 (SMTP with OAuth, smtp_oauth_provider) is not supported by Deskbase: use smtp_mode 1, 2 or 3 with smtp_username and smtp_passwd';
    default:
      return `smtp_mode ${JSON.stringify(mode)} is not one of GLPI's values (0 sendmail, 1 SMTP, 2 SMTPS, 3 STARTTLS, 4 OAuth)`;
  }
}

export interface Address {
  name: string;
  address: string;
}

const ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** A setting pair `<name>` / `<name>_name` when its address is valid, as GLPI reads it. */
function addressOf(settings: Settings, name: string): Address | null {
  const address = settings.get(name).trim();
  return ADDRESS.test(address) ? { address, name: settings.get(`${name}_name`).trim() } : null;
}

/**
 * GLPI's sender: `noreply_email` for a mail no one should answer, else `from_email`, else
 * `admin_email`. Replies go to `replyto_email` when set (to the no-reply address for a no-reply mail).
 */
export function sendersOf(settings: Settings, noReply: boolean): { from: Address | null; replyTo: Address | null } {
  const noreply = noReply ? addressOf(settings, 'noreply_email') : null;
  const from = noreply ?? addressOf(settings, 'from_email') ?? addressOf(settings, 'admin_email');
  return { from, replyTo: noReply ? noreply : addressOf(settings, 'replyto_email') };
}

/** nodemailer's transport options for smtp_mode (checked by transportProblem first). */
function transportOptions(settings: Settings): Record<string, unknown> {
  const mode = settings.number('smtp_mode');
  if (mode === SMTP_MODE.sendmail) return { sendmail: true, path: sendmailPath(), newline: 'unix' };
  const user = settings.get('smtp_username');
  return {
    host: settings.get('smtp_host') || '127.0.0.1',
    port: settings.number('smtp_port') || 25,
    // Mode 1 upgrades with STARTTLS when the server offers it (nodemailer's default, as GLPI's mailer).
    secure: mode === SMTP_MODE.smtps,
    requireTLS: mode === SMTP_MODE.starttls,
    auth: user ? { user, pass: settings.get('smtp_passwd') } : undefined,
    tls: { rejectUnauthorized: settings.get('smtp_check_certificate') !== '0' },
    connectionTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

export interface MailTransport {
  /** Sends one message; throws with the reason when it cannot leave. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * The way out that smtp_mode says, for a run of mails (SMTP keeps one connection for the run);
 * throws when the settings cannot send. The envelope sender (and Sender header) is
 * `smtp_sender` when set, as GLPI's mailer does.
 */
export async function openTransport(settings: Settings): Promise<MailTransport> {
  const problem = transportProblem(settings);
  if (problem) throw new Error(problem);
  const sender = settings.get('smtp_sender').trim();
  // Loaded on the first mail, not at start: it is a sizeable share of the start-up time.
  const { default: nodemailer } = await import('nodemailer');
  const pooled = settings.number('smtp_mode') !== SMTP_MODE.sendmail;
  const options: Record<string, unknown> = { ...transportOptions(settings), ...(pooled ? { pool: true, maxConnections: 1 } : {}) };
  const transport = nodemailer.createTransport(options);
  return {
    async send(mail) {
      const chosen = sendersOf(settings, mail.noReply === true);
      const from = mail.from ?? chosen.from;
      const replyTo = mail.from ? mail.replyTo : chosen.replyTo;
      if (!from) throw new Error('no sender address: set from_email or admin_email to a valid address');
      await transport.sendMail({
        from,
        ...(replyTo ? { replyTo } : {}),
        ...(sender ? { sender, envelope: { from: sender, to: mail.to } } : {}),
        to: mail.toName ? { name: mail.toName, address: mail.to } : mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close: () => transport.close(),
  };
}
