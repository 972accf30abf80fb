import { constants, copyFileSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface CopyStats {
  files: number;
  bytes: number;
  /** Entries that vanished while copying (a document purged meanwhile) or are not regular files. */
  skipped: string[];
}

/**
 * Copies the regular files of `from` into `to` (created), recursively. Files are cloned where the
 * filesystem can (copy-on-write), else copied. Symbolic links and special files are skipped, as
 * are top-level folders named in `exclude`.
 */
export function copyTree(from: string, to: string, exclude: string[] = [], stats: CopyStats = { files: 0, bytes: 0, skipped: [] }, rel = ''): CopyStats {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let names: string[];
  try {
    names = readdirSync(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return stats;
    throw error;
  }
  for (const name of names.sort()) {
    if (rel === '' && exclude.includes(name)) continue;
    const src = join(from, name);
    const dst = join(to, name);
    const path = rel === '' ? name : `${rel}/${name}`;
    let stat;
    try {
      stat = lstatSync(src);
    } catch {
      stats.skipped.push(path);
      continue;
    }
    if (stat.isDirectory()) copyTree(src, dst, exclude, stats, path);
    else if (stat.isFile()) {
      try {
        copyFileSync(src, dst, constants.COPYFILE_FICLONE);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        stats.skipped.push(path);
        continue;
      }
      stats.files++;
      stats.bytes += stat.size;
    } else stats.skipped.push(path);
  }
  return stats;
}

/** Entries of a folder ([] when it does not exist). */
export function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A timestamp usable in a file name: 20250131-142501. */
export function stamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-');
}
