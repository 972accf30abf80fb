/**
 * GET /Document/:id with `Accept: application/octet-stream` or `?alt=media`: the file itself,
 * streamed from disk with GLPI's headers. 304 when the client's copy is current.
 */
import type { Reply, SessionContext } from '../context';
import type { Itemtype } from '../../registry';
import type { Row } from '../../db/rows';
import { documentFile } from '../../documents/download';
import { contentDisposition } from '../../documents/filenames';

/** Does this GET ask for a Document's file rather than its fields? */
export function wantsDownload(ctx: SessionContext, type: Itemtype): boolean {
  if (type.name !== 'Document') return false;
  return ctx.headers.get('accept') === 'application/octet-stream' || ctx.params.alt === 'media';
}

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
  const file = documentFile(ctx.services.store.documentsDir, row);
  const headers: Record<string, string> = {
    'Last-Modified': new Date(file.mtimeMs).toUTCString(),
    Etag: file.etag,
    'Cache-Control': 'private',
    'Content-Disposition': contentDisposition(file.name, file.mime),
    'Content-Type': file.mime,
    'X-Content-Type-Options': 'nosniff',
  };
  if (notModified(ctx, file.etag, file.mtimeMs)) return { status: 304, raw: '', headers };
  return { status: 200, raw: Bun.file(file.path), headers };
}
