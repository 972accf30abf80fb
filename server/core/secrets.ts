/** Password hashing and random tokens. */
import { createCipheriv, createDecipheriv } from 'node:crypto';

// OWASP's argon2id baseline: 19 MiB of memory, 2 passes.
const ARGON2 = { algorithm: 'argon2id', memoryCost: 19456, timeCost: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, ARGON2);
}

/** Verifies argon2 and bcrypt hashes (the latter as imported from GLPI). */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false; // unknown hash format: never a match
  }
}

/** Hashes kept from GLPI (bcrypt) are replaced by argon2id at the account's next login. */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith('$argon2id$');
}

/** A hash of nothing real, verified when the login is unknown so timing does not reveal it. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomToken());
  return decoy;
}

/** 160 random bits as 40 hex characters (the shape of GLPI's tokens). */
export function randomToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex');
}

/** Tokens are stored only as their SHA-256. */
export function tokenHash(token: string): string {
  return Bun.SHA256.hash(token, 'hex');
}

/** A readable random password for the first start (about 96 bits). */
export function randomPassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString('base64url');
}

/**
 * Secrets Deskbase must give back to another server (a mailbox's password) are kept sealed with
 * AES-256-GCM under the data folder's own key (db/secret-key.ts): "v1:" then base64 of the
 * 12-byte nonce, the ciphertext and the 16-byte tag. A copy of the database alone reveals none.
 */
const SEALED_PREFIX = 'v1:';

export function sealSecret(key: Uint8Array, plain: string): string {
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return SEALED_PREFIX + Buffer.concat([nonce, body]).toString('base64');
}

/** The sealed secret's text; null when it was not sealed with this key (or was tampered with). */
export function openSecret(key: Uint8Array, sealed: string): string | null {
  if (!sealed.startsWith(SEALED_PREFIX)) return null;
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
  if (bytes.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
