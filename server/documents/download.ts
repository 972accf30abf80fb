/**
 * A Document's file as a download hands it over: where it lies, its type, name, tag and date,
 * once the caller checked that the session may have the row (api/items/download.ts answers with it).
 */
import { statSync } from 'node:fs';
import { ApiError } from '../core/errors';
import type { Row } from '../db/rows';
import { fileMd5, realStored, resolveStored } from './storage';

export interface DocumentFile {
  /** The file on disk, inside the documents folder. */
  path: string;
  mime: string;
  /** Its MD5, the entity tag. */
  etag: string;
  mtimeMs: number;
  /** The name it is offered under. */
  name: string;
}

const fileMissing = (id: number, why: string) => new ApiError(404, 'ERROR_ITEM_NOT_FOUND', `Document ${id}: ${why}`);

/** The stored file of a Document row; 404 when it has none or it is gone. */
export function documentFile(documentsDir: string, row: Row): DocumentFile {
  const id = Number(row.id);
  if (typeof row.filepath !== 'string' || row.filepath === '') throw fileMissing(id, 'this document has no file');
  const path = resolveStored(documentsDir, row.filepath);
  const real = path && realStored(documentsDir, path);
  if (!real) throw fileMissing(id, 'its file is missing on the server');
  let stat;
  try {
    stat = statSync(real);
  } catch {
    throw fileMissing(id, 'its file is missing on the server');
  }
  if (!stat.isFile()) throw fileMissing(id, 'its file is missing on the server');
  const mime = typeof row.mime === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(row.mime) ? row.mime : 'application/octet-stream';
  const name = (typeof row.filename === 'string' && row.filename) || (typeof row.name === 'string' && row.name) || `document-${id}`;
  return { path: real, mime, etag: fileMd5(real, stat.size, stat.mtimeMs), mtimeMs: stat.mtimeMs, name };
}
