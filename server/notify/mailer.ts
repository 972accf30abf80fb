import type { Settings } from '../db/settings';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** GLPI's smtp_mode values: 0 plain (STARTTLS when offered), 1 SSL, 2 TLS (STARTTLS required). */
const SSL = 1;
const STARTTLS = 2;

/** E-mail notifications are on when both global switches are, as in GLPI. */
export function mailEnabled(settings: Settings): boolean {
  return settings.flag('use_notifications') && settings.flag('notifications_mailing');
}

/**
 * Sends one message through the configured SMTP server. Called after the request's
 * transaction committed; a failure is logged, never shown to the caller (it would tell
 * whether an address exists).
 */
export async function sendMail(settings: Settings, mail: Mail): Promise<boolean> {
  const mode = settings.number('smtp_mode');
  const user = settings.get('smtp_username');
  // Loaded on the first mail, not at start: it is a sizeable share of the start-up time.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: settings.get('smtp_host') || '127.0.0.1',
    port: settings.number('smtp_port') || 25,
    secure: mode === SSL,
    requireTLS: mode === STARTTLS,
    auth: user ? { user, pass: settings.get('smtp_passwd') } : undefined,
    tls: { rejectUnauthorized: settings.flag('smtp_check_certificate') },
    connectionTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const sender = settings.get('smtp_sender') || settings.get('admin_email');
  try {
    await transport.sendMail({ from: { name: settings.get('admin_email_name') || 'Deskbase', address: sender }, to: mail.to, subject: mail.subject, text: mail.text });
    return true;
  } catch (error) {
    console.error(`[deskbase] could not send mail to ${mail.to}:`, error instanceof Error ? error.message : error);
    return false;
  } finally {
    transport.close();
  }
}
