/**
 * Users' pictures from the directory (GLPI's picture_field, such as jpegPhoto or thumbnailPhoto),
 * kept where user pictures live: `files/_pictures/<2 characters>/<name>`, the `picture` column
 * naming it. A file is named by its content, so an unchanged picture changes nothing (no write,
 * no history row) and a changed one is a new file.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Pictures larger than this are left out (the user keeps the one it has). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Stores the picture's bytes when no file holds them yet; returns the `picture` value naming it, or null when too large. */
export function storePicture(picturesDir: string, bytes: Buffer): string | null {
  if (bytes.length > MAX_PICTURE_BYTES) return null;
  const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
  const name = `${hash.slice(0, 2)}/${hash}.${bytes.subarray(0, PNG.length).equals(PNG) ? 'png' : 'jpg'}`;
  const path = join(picturesDir, name);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    // Written aside, then renamed: a reader never sees half a picture.
    writeFileSync(`${path}.part`, bytes, { mode: 0o600 });
    renameSync(`${path}.part`, path);
  }
  return name;
}
