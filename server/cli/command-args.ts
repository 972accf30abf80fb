import { resolve } from 'node:path';
import { ConfigError } from '../config';

/**
 * The words of a command that works on a data folder, and that folder (`--data <dir>`, else
 * DESKBASE_DATA, else ./data); 'help' for --help. Any other option is refused.
 */
export function wordsAndDataDir(command: string, args: string[], env: Record<string, string | undefined>): { words: string[]; dataDir: string } | 'help' {
  const words: string[] = [];
  let data: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--data(?:=(.*))?$/.exec(arg);
    if (match) {
      data = match[1] ?? args[++i];
      if (data === undefined || data === '') throw new ConfigError('option --data needs a value');
    } else if (arg.startsWith('-')) throw new ConfigError(`unknown option ${arg} for ${command} (see deskbase ${command} --help)`);
    else words.push(arg);
  }
  return { words, dataDir: resolve(data ?? env.DESKBASE_DATA ?? './data') };
}
