/**
 * Document files and user pictures. Each GLPI document row names a file under GLPI's `files/` folder by the same
 * relative path Deskbase uses (`<EXT>/<xx>/<sha1>.<EXT>`). The file is copied only when its
 * content matches the row's SHA-1; anything else is reported, never guessed.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { resolveStored, writeStored } from '../documents/storage';

export type FileOutcome = { ok: true } | { ok: false; note: string };

export function copyDocumentFile(
  id: number,
  filepath: unknown,
  sha1sum: unknown,
  filesDir: string | null,
  documentsDir: string | null,
): FileOutcome {
  if (typeof filepath !== 'string' || filepath === '') return { ok: true }; // a link-only document
  if (filesDir === null) return { ok: true }; // reported once for the whole import
  const source = resolveStored(filesDir, filepath);
  if (!source || (documentsDir !== null && !resolveStored(documentsDir, filepath))) {
    return { ok: false, note: `document ${id}: unusable file path ${JSON.stringify(filepath)}` };
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(source);
  } catch {
    return { ok: false, note: `document ${id}: ${filepath} missing from the files folder` };
  }
  const actual = new Bun.CryptoHasher('sha1').update(bytes).digest('hex');
  if (typeof sha1sum === 'string' && sha1sum !== '' && sha1sum.toLowerCase() !== actual) {
    return { ok: false, note: `document ${id}: ${filepath} does not match its sha1 (file changed or damaged), not copied` };
  }
  if (documentsDir !== null) writeStored(documentsDir, filepath, bytes);
  return { ok: true };
}

/** GLPI keeps user pictures under `files/_pictures/`, named by `glpi_users.picture`, as Deskbase does. */
const PICTURES = '_pictures';

export function copyUserPicture(id: number, picture: unknown, filesDir: string | null, documentsDir: string | null): FileOutcome {
  if (typeof picture !== 'string' || picture === '') return { ok: true };
  if (filesDir === null) return { ok: true }; // reported once for the whole import
  const source = resolveStored(join(filesDir, PICTURES), picture);
  const target = documentsDir === null ? null : resolveStored(join(documentsDir, PICTURES), picture);
  if (!source || (documentsDir !== null && !target)) return { ok: false, note: `user ${id}: unusable picture path ${JSON.stringify(picture)}` };
  try {
    if (target) {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
    } else readFileSync(source);
  } catch {
    return { ok: false, note: `user ${id}: picture ${picture} missing from the files folder` };
  }
  return { ok: true };
}
