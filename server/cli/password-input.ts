import { CliError } from './errors';

/** Reads one line typed on the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    let typed = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new CliError('cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** A secret typed on the terminal without echo; null when standard input is not a terminal. */
export function askSecret(question: string): Promise<string> | null {
  return process.stdin.isTTY ? promptHidden(question) : null;
}

/**
 * A new password: asked twice on a terminal; otherwise the first line of stdin (for scripts:
 * `printf '%s\n' "$PW" | deskbase admin reset-password glpi`), never from the command line.
 */
export async function readNewPassword(question: string): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden(question);
    if ((await promptHidden('Again: ')) !== password) throw new CliError('the two passwords differ; nothing changed');
  } else {
    const text = await new Response(Bun.stdin.stream()).text();
    password = text.split(/\r?\n/, 1)[0] ?? '';
  }
  if (password === '') throw new CliError('no password given; nothing changed');
  return password;
}
