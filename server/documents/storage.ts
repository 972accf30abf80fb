/**
 * Document files on disk, under the data folder's `files/` only. Paths are made from the
 * content's SHA-1 and a whitelisted extension (`<EXT>/<2 hex>/<38 hex>.<EXT>`, as GLPI), never
 * from a client's file name. Files are written to a temporary file, flushed, then renamed into
 * place, so a reader never sees half a file; same content means same path, written once.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Db } from '../db/connection';
import { selectOne } from '../db/rows';
import { SAFE_EXTENSION } from '../registry/document-types';

const TMP_DIR = '_tmp';
const STALE_TMP_MS = 60 * 60_000;

/** GLPI's storage path of content with this SHA-1 and (whitelisted) extension. */
export function storagePath(ext: string, sha1: string): string {
  if (!SAFE_EXTENSION.test(ext) || !/^[0-9a-f]{40}$/.test(sha1)) throw new Error('invalid storage path parts');
  const EXT = ext.toUpperCase();
  return `${EXT}/${sha1.slice(0, 2)}/${sha1.slice(2)}.${EXT}`;
}

/**
 * The absolute path of a stored `filepath`, or null when it would leave the documents folder,
 * is absolute, goes through `..`, or points into a folder of Deskbase's own (`_tmp`, `_pictures`).
 */
export function resolveStored(documentsDir: string, filepath: unknown): string | null {
  if (typeof filepath !== 'string' || filepath === '' || filepath.includes('\0') || filepath.length > 1024) return null;
  const parts = filepath.split(/[\\/]/);
  if (parts.some((p) => p === '' || p === '.' || p === '..') || parts[0]!.startsWith('_')) return null;
  const root = resolve(documentsDir);
  const full = resolve(root, ...parts);
  const rel = relative(root, full);
  if (rel === '' || rel.startsWith('..') || rel.startsWith(sep) || resolve(root, rel) !== full) return null;
  return full;
}

/** The path once symbolic links are followed, still inside the documents folder; null if missing or outside. */
export function realStored(documentsDir: string, full: string): string | null {
  try {
    const root = realpathSync(documentsDir);
    const real = realpathSync(full);
    return real.startsWith(root + sep) ? real : null;
  } catch {
    return null;
  }
}

function fsyncDir(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some filesystems cannot sync a directory; the rename is still atomic.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

let lastSweep = 0;

/** Removes temporary files left by a crash (older than an hour), at most every ten minutes. */
function sweepTemporary(dir: string): void {
  const now = Date.now();
  if (now - lastSweep < 10 * 60_000) return;
  lastSweep = now;
  try {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      try {
        if (now - statSync(full).mtimeMs > STALE_TMP_MS) unlinkSync(full);
      } catch {
        // gone already
      }
    }
  } catch {
    // no temporary folder yet
  }
}

/**
 * Puts content at its storage path (synchronously: it runs inside the write transaction, so no
 * purge can interleave). Content already there with the same size is kept as is.
 */
export function writeStored(documentsDir: string, filepath: string, bytes: Uint8Array): void {
  const target = resolveStored(documentsDir, filepath);
  if (!target) throw new Error(`refusing to write outside the documents folder: ${filepath}`);
  try {
    if (statSync(target).size === bytes.length) return;
  } catch {
    // not there yet
  }
  const tmpDir = join(documentsDir, TMP_DIR);
  mkdirSync(tmpDir, { recursive: true });
  sweepTemporary(tmpDir);
  const tmp = join(tmpDir, `${crypto.randomUUID()}.part`);
  let fd: number | null = null;
  try {
    fd = openSync(tmp, 'wx', 0o640);
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    const dir = resolve(target, '..');
    mkdirSync(dir, { recursive: true });
    renameSync(tmp, target);
    fsyncDir(dir);
  } catch (error) {
    if (fd !== null) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // never created or already renamed
    }
    throw error;
  }
}

/** Does any Document (in the trash or not) still use this file or this content? */
export function fileInUse(db: Db, filepath: string, sha1: string | null): boolean {
  if (selectOne(db, 'SELECT id FROM glpi_documents WHERE filepath = ? LIMIT 1', filepath)) return true;
  return sha1 !== null && sha1 !== '' && !!selectOne(db, 'SELECT id FROM glpi_documents WHERE sha1sum = ? LIMIT 1', sha1);
}

/**
 * Once the current write transaction is over (committed or rolled back), removes the file if no
 * Document uses it or its content any more: after a purge, a replaced file, or an upload whose
 * row did not make it. Runs as a microtask: after the synchronous transaction, before the reply.
 */
export function releaseFile(db: Db, documentsDir: string, filepath: unknown, sha1: unknown): void {
  if (typeof filepath !== 'string' || filepath === '') return;
  const full = resolveStored(documentsDir, filepath);
  if (!full) return;
  queueMicrotask(() => {
    try {
      if (fileInUse(db, filepath, typeof sha1 === 'string' ? sha1 : null)) return;
      unlinkSync(full);
    } catch {
      // already gone, or the database is closing: nothing to release
    }
  });
}

/** MD5 of a file in 1 MiB chunks (the download's Etag), cached by path, size and mtime. */
const md5Cache = new Map<string, string>();

export function fileMd5(full: string, size: number, mtimeMs: number): string {
  const key = `${full}\0${size}\0${mtimeMs}`;
  const cached = md5Cache.get(key);
  if (cached) return cached;
  const hasher = new Bun.CryptoHasher('md5');
  const fd = openSync(full, 'r');
  try {
    const chunk = new Uint8Array(1024 * 1024);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n <= 0) break;
      hasher.update(chunk.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  const md5 = hasher.digest('hex');
  if (md5Cache.size >= 1000) md5Cache.delete(md5Cache.keys().next().value!);
  md5Cache.set(key, md5);
  return md5;
}
