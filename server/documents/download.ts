/**
 * GET /Document/:id with `Accept: application/octet-stream` or `?alt=media`: the file itself,
 * streamed from disk with GLPI's headers, once the caller checked that the session may have it
 * (it hands over the row it loaded that way). 304 when the client's copy is current.
 */
import { statSync } from 'node:fs';
import type { Reply, SessionContext } from '../auth/context';
import { ApiError } from '../core/errors';
import type { Itemtype } from '../registry';
import type { Row } from '../db/rows';
import { contentDisposition } from './filenames';
import { fileMd5, realStored, resolveStored } from './storage';

/** Does this GET ask for a Document's file rather than its fields? */
export function wantsDownload(ctx: SessionContext, type: Itemtype): boolean {
  if (type.name !== 'Document') return false;
  return ctx.headers.get('accept') === 'application/octet-stream' || ctx.params.alt === 'media';
}

const fileMissing = (id: number, why: string) => new ApiError(404, 'ERROR_ITEM_NOT_FOUND', `Document ${id}: ${why}`);

/** Entity tags as clients send them back: quoted or not, weak or not, in a list, or `*`. */
function etagMatches(header: string, etag: string): boolean {
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
    return tag === '*' || tag === etag;
  });
}

function notModified(ctx: SessionContext, etag: string, mtimeMs: number): boolean {
  const noneMatch = ctx.headers.get('if-none-match');
  if (noneMatch !== null) return etagMatches(noneMatch, etag);
  const since = ctx.headers.get('if-modified-since');
  if (since === null) return false;
  const date = Date.parse(since);
  return !Number.isNaN(date) && Math.floor(mtimeMs / 1000) * 1000 <= date;
}

/** The download answer for a Document row whose file the session may have. */
export function downloadDocument(ctx: SessionContext, row: Row): Reply {
  const id = Number(row.id);
  const documentsDir = ctx.services.store.documentsDir;
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
  const etag = fileMd5(real, stat.size, stat.mtimeMs);
  const name = (typeof row.filename === 'string' && row.filename) || (typeof row.name === 'string' && row.name) || `document-${id}`;
  const headers: Record<string, string> = {
    'Last-Modified': new Date(stat.mtimeMs).toUTCString(),
    Etag: etag,
    'Cache-Control': 'private',
    'Content-Disposition': contentDisposition(name, mime),
    'Content-Type': mime,
    'X-Content-Type-Options': 'nosniff',
  };
  if (notModified(ctx, etag, stat.mtimeMs)) return { status: 304, raw: '', headers };
  return { status: 200, raw: Bun.file(real), headers };
}
