/**
 * A private Dovecot IMAP server for the mail collector tests: Debian's dovecot on a throwaway
 * folder (its own base_dir, log and Maildir), listening on free loopback ports, plain (with
 * STARTTLS) and TLS, with a certificate made by openssl for the run. `scripts/ensure-dovecot.sh`
 * installs the binaries; without them, or without the unprivileged `mail` user Dovecot serves
 * mail as, the tests skip and say why.
 */
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { accepts, freePort } from './private-process';

const DOVECOT = '/usr/sbin/dovecot';
const IMAP = '/usr/lib/dovecot/imap';

function mailUser(): { uid: number; gid: number } | null {
  const line = Bun.spawnSync(['getent', 'passwd', 'mail']).stdout.toString().trim();
  const [, , uid, gid] = line.split(':');
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : null;
}

const MAIL = mailUser();
const OPENSSL = Bun.spawnSync(['which', 'openssl']).exitCode === 0;

export const dovecotMissing: string | null = !existsSync(DOVECOT) || !existsSync(IMAP)
  ? "Dovecot is not installed (scripts/ensure-dovecot.sh installs Debian's dovecot-imapd as root)"
  : !MAIL
    ? 'there is no `mail` user for Dovecot to serve mail as'
    : process.getuid?.() !== 0
      ? 'Dovecot serves the mail as the `mail` user: the tests must run as root to hand it the Maildir'
      : !OPENSSL
        ? 'openssl is missing (the TLS certificate is made at test time)'
        : null;

export class Dovecot {
  private proc: Subprocess<'ignore', 'ignore', 'pipe'> | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'deskbase-dovecot-'));
  /** Plain IMAP (STARTTLS offered) and IMAP over TLS. */
  port = 0;
  tlsPort = 0;
  private counter = 0;

  constructor(readonly users: Record<string, string> = { helpdesk: 'mail-pw' }) {}

  /** The Maildir of a user, handed to the `mail` user. */
  maildir(user: string): string {
    return join(this.dir, 'home', user, 'Maildir');
  }

  async start(): Promise<void> {
    // Dovecot's child processes run as `mail`: every parent of the Maildir must be traversable.
    chmodSync(this.dir, 0o755);
    const certificate = join(this.dir, 'cert.pem');
    const key = join(this.dir, 'key.pem');
    const made = Bun.spawnSync(
      ['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', certificate],
      { stdout: 'ignore', stderr: 'pipe' },
    );
    if (made.exitCode !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`);
    const { uid, gid } = MAIL!;
    mkdirSync(join(this.dir, 'run'));
    mkdirSync(join(this.dir, 'state'));
    for (const user of Object.keys(this.users)) {
      for (const sub of ['cur', 'new', 'tmp']) mkdirSync(join(this.maildir(user), sub), { recursive: true });
      for (const path of [join(this.dir, 'home'), join(this.dir, 'home', user), this.maildir(user), ...['cur', 'new', 'tmp'].map((s) => join(this.maildir(user), s))]) {
        chownSync(path, uid, gid);
      }
    }
    const users = join(this.dir, 'users');
    writeFileSync(users, Object.entries(this.users).map(([name, password]) => `${name}:{PLAIN}${password}:${uid}:${gid}::${join(this.dir, 'home', name)}::\n`).join(''));
    this.port = await freePort();
    this.tlsPort = await freePort();
    const config = join(this.dir, 'dovecot.conf');
    writeFileSync(
      config,
      `base_dir = ${join(this.dir, 'run')}
state_dir = ${join(this.dir, 'state')}
log_path = ${join(this.dir, 'dovecot.log')}
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <${certificate}
ssl_key = <${key}
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = ${uid}
first_valid_gid = ${gid}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${users}
}
userdb {
  driver = passwd-file
  args = username_format=%u ${users}
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${this.port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${this.tlsPort}
    ssl = yes
  }
}
`,
    );
    this.proc = Bun.spawn([DOVECOT, '-F', '-c', config], { stdout: 'ignore', stderr: 'pipe' });
    const exited = this.proc.exited.then(async () => {
      throw new Error(`dovecot stopped: ${await new Response(this.proc!.stderr).text()}`);
    });
    exited.catch(() => {});
    for (;;) {
      if (await Promise.race([exited, Promise.all([accepts(this.port), accepts(this.tlsPort)]).then((both) => both.every(Boolean))])) break;
      await Bun.sleep(20);
    }
  }

  /** Delivers a raw message into a user's folder (INBOX by default) the way a mail server does: a new Maildir file. */
  deliver(raw: string | Uint8Array, user = 'helpdesk', folder = 'INBOX'): void {
    const base = folder === 'INBOX' ? this.maildir(user) : join(this.maildir(user), `.${folder}`);
    const name = `${Date.now()}.M${++this.counter}P${process.pid}.deskbase-test`;
    const tmp = join(base, 'tmp', name);
    writeFileSync(tmp, raw);
    chownSync(tmp, MAIL!.uid, MAIL!.gid);
    Bun.spawnSync(['mv', tmp, join(base, 'new', name)]);
  }

  /** The messages a folder of a user holds (new and seen), as Maildir file names. */
  files(user = 'helpdesk', folder = 'INBOX'): string[] {
    const base = folder === 'INBOX' ? this.maildir(user) : join(this.maildir(user), `.${folder}`);
    if (!existsSync(base)) return [];
    return ['new', 'cur'].flatMap((sub) => readdirSync(join(base, sub)));
  }

  async stop(): Promise<void> {
    if (this.proc) {
      this.proc.kill('SIGTERM');
      await this.proc.exited;
      this.proc = null;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
