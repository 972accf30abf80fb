import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  /** The envelope sender (MAIL FROM). */
  from: string;
  /** Whether the message came over TLS (implicit or after STARTTLS). */
  secure: boolean;
  raw: string;
}

/**
 * How the server speaks: `plain` (no TLS offered), `starttls` (offers STARTTLS) or `implicit`
 * (TLS from the first byte, SMTPS); the TLS ones use smtp-server's own self-signed certificate.
 */
export type MailCatcherTls = 'plain' | 'starttls' | 'implicit';

/** A real SMTP server on loopback that keeps every message it receives. */
export class MailCatcher {
  readonly messages: CapturedMail[] = [];
  port = 0;
  private readonly server: SMTPServer;

  constructor(tls: MailCatcherTls = 'plain') {
    this.server = new SMTPServer({
      authOptional: true,
      secure: tls === 'implicit',
      disabledCommands: tls === 'starttls' ? ['AUTH'] : ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), from, secure: session.secure, raw: Buffer.concat(chunks).toString('utf8') });
          done();
        });
      },
    });
    // A client dropping its connection (a Deskbase stopped mid-send) is no failure of the catcher:
    // unhandled, the event failed the process running it. What a test expects, it reads in `messages`.
    this.server.on('error', () => undefined);
  }

  /** Listens on `port` (0: a free one); a server stopped and started again keeps its port. */
  start(port = this.port): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.port = (this.server.server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  /** Waits for the n-th message (1-based), up to a few seconds. */
  async waitFor(count: number, ms = 5000): Promise<CapturedMail> {
    const end = Date.now() + ms;
    while (this.messages.length < count && Date.now() < end) await Bun.sleep(20);
    const mail = this.messages[count - 1];
    if (!mail) throw new Error(`no mail #${count} after ${ms} ms`);
    return mail;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A header of a received message (unfolded), or null. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? null;
}

/** The decoded body of a message's part of this content type (quoted-printable or base64 as sent). */
export function partOf(raw: string, contentType: 'text/plain' | 'text/html'): string | null {
  const start = raw.search(new RegExp(`^Content-Type: ${contentType}`, 'mi'));
  if (start < 0) return null;
  const part = raw.slice(start);
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').split(/\r?\n--/)[0]!.replace(/\r?\n$/, '');
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
  }
  return body.replace(/\r\n/g, '\n');
}
