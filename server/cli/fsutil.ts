import { constants, copyFileSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatBytes, type Progress } from '../core/progress';

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
export function copyTree(
  from: string,
  to: string,
  exclude: string[] = [],
  onFile: (bytes: number) => void = () => {},
  stats: CopyStats = { files: 0, bytes: 0, skipped: [] },
  rel = '',
): CopyStats {
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
    if (stat.isDirectory()) copyTree(src, dst, exclude, onFile, stats, path);
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
      onFile(stat.size);
    } else stats.skipped.push(path);
  }
  return stats;
}

/** Bytes in the regular files under `dir`, top-level folders in `exclude` left out. */
function treeBytes(dir: string, exclude: string[], top = true): number {
  let total = 0;
  for (const name of entriesOf(dir)) {
    if (top && exclude.includes(name)) continue;
    try {
      const stat = lstatSync(join(dir, name));
      if (stat.isDirectory()) total += treeBytes(join(dir, name), exclude, false);
      else if (stat.isFile()) total += stat.size;
    } catch {
      // Gone meanwhile: copyTree reports it.
    }
  }
  return total;
}

/** copyTree as one progress step counted in bytes. */
export function copyTreeReporting(progress: Progress, step: string, from: string, to: string, exclude: string[]): CopyStats {
  progress.begin(step, treeBytes(from, exclude), 'bytes');
  const copied = copyTree(from, to, exclude, (bytes) => progress.advance(bytes));
  progress.end(`${copied.files} file${copied.files === 1 ? '' : 's'}, ${formatBytes(copied.bytes)}`);
  return copied;
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

/** A timestamp usable in a file name: 20250131-142501. */
export function stamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-');
}
