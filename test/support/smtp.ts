import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export class MailCatcher {
  readonly messages: CapturedMail[] = [];
  port = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });

  start(): Promise<void> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
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
