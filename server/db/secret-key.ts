/**
 * The data folder's key for sealed secrets (core/secrets.ts sealSecret): 32 random bytes in
 * `secret.key`, readable by the server's user only, made on first use. Kept beside the database,
 * not in it, so that a copy of the database file alone reveals no mailbox password.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';
const keys = new Map<string, Uint8Array>();

export function secretKey(dataDir: string): Uint8Array {
  const known = keys.get(dataDir);
  if (known) return known;
  const file = join(dataDir, SECRET_KEY_FILE);
  if (!existsSync(file)) {
    try {
      writeFileSync(file, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another thread made it first: use theirs.
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  keys.set(dataDir, key);
  return key;
}
