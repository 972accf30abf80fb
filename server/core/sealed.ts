/**
 * Secrets kept encrypted at rest (a directory's root DN password): AES-256-GCM with a key of the
 * data folder's own, `secret.key`, made on first use and readable by its owner only. A copy of the
 * database alone does not give the secrets away; the data folder's backup carries the key with it.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'sealed:v1:';
/** The key's file in the data folder (backups carry it: without it, sealed secrets are lost). */
export const SECRET_KEY_FILE = 'secret.key';
const keys = new Map<string, Buffer>();

function keyOf(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (key) return key;
  const file = join(dataDir, SECRET_KEY_FILE);
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      // Another thread made it first: its key is the one.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  key = readFileSync(file);
  if (key.length !== 32) throw new Error(`${file} is not a 32-byte key`);
  keys.set(dataDir, key);
  return key;
}

/** The secret encrypted with the data folder's key, as text for a column. */
export function seal(dataDir: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(dataDir), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The secret back, or null when the text was not sealed with this folder's key. */
export function unseal(dataDir: string, sealed: string): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(dataDir), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
