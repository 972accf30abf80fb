/** Password hashing and random tokens. */

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
