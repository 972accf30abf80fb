/**
 * Uploaded files of a multipart request, checked and hashed before the write transaction opens:
 * allowed type, size within `document_max_size`, no executable content. Nothing touches the
 * disk here; the hooks write the file inside the transaction that records its Document.
 */
import type { Params } from '../core/params';
import { ItemError, type Upload, type WriteContext } from '../items/hooks';
import { selectOne } from '../db/rows';
import { cleanFileName, extensionOf, humanSize, uploadPrefix } from './filenames';
import { storagePath } from './storage';
import { DANGEROUS_EXTENSIONS, detectMime, isExecutable, SAFE_EXTENSION } from '../registry/document-types';

/** Files one request may carry. */
export const MAX_FILES_PER_REQUEST = 100;

export interface PreparedFile {
  /** Form field the file came in (`filename[0]`), and its PHP base name (`filename`). */
  field: string;
  fieldBase: string;
  /** The clean original name: the Document's `filename`. */
  filename: string;
  prefix: string;
  /** What the client said the type was (reported back, never trusted). */
  clientType: string;
  size: number;
  bytes: Uint8Array;
  sha1: string;
  mime: string;
  filepath: string;
}

/** The files prepared for one input element. */
const prepared = new WeakMap<Params, PreparedFile[]>();

export function preparedFiles(input: Params): PreparedFile[] {
  return prepared.get(input) ?? [];
}

/** `filename[0]` → `filename`, as PHP groups file fields. */
const baseField = (field: string) => field.replace(/\[.*$/, '') || field;

function refuse(name: string, reason: string): never {
  throw new ItemError(`File "${name}" refused: ${reason}`);
}

function maxBytes(wc: WriteContext): number {
  const mib = wc.services.store.settings.number('document_max_size');
  return (Number.isFinite(mib) && mib > 0 ? mib : 20) * 1024 * 1024;
}

/** The whitelisted type of an extension (glpi_documenttypes, uploadable), or null. */
function uploadableType(wc: WriteContext, ext: string): { mime: string | null } | null {
  const row = selectOne(wc.db, 'SELECT mime FROM glpi_documenttypes WHERE is_uploadable = 1 AND LOWER(ext) = ? LIMIT 1', ext);
  return row ? { mime: typeof row.mime === 'string' ? row.mime : null } : null;
}

/** Checks one uploaded file and computes what its Document records. Throws ItemError when refused. */
export async function prepareFile(wc: WriteContext, upload: Upload): Promise<PreparedFile> {
  const filename = cleanFileName(upload.file.name ?? '');
  const shown = filename || '(no name)';
  const ext = extensionOf(filename);
  if (ext === '' || !SAFE_EXTENSION.test(ext)) refuse(shown, 'file type not allowed (no usable extension)');
  if (DANGEROUS_EXTENSIONS.has(ext)) refuse(shown, `file type not allowed (.${ext} files are never accepted)`);
  const type = uploadableType(wc, ext);
  if (!type) refuse(shown, `file type not allowed (.${ext} is not an uploadable document type)`);
  const limit = maxBytes(wc);
  if (upload.file.size > limit) refuse(shown, `File is too big (${humanSize(upload.file.size)}, the limit is ${humanSize(limit)})`);
  const bytes = new Uint8Array(await upload.file.arrayBuffer());
  if (bytes.length > limit) refuse(shown, `File is too big (${humanSize(bytes.length)}, the limit is ${humanSize(limit)})`);
  if (isExecutable(bytes)) refuse(shown, 'executable content is not allowed');
  const sha1 = new Bun.CryptoHasher('sha1').update(bytes).digest('hex');
  return {
    field: upload.field,
    fieldBase: baseField(upload.field),
    filename,
    prefix: uploadPrefix(),
    clientType: upload.file.type || 'application/octet-stream',
    size: bytes.length,
    bytes,
    sha1,
    mime: detectMime(ext, type.mime, bytes),
    filepath: storagePath(ext, sha1),
  };
}

/**
 * Replaces `_filename` / `_prefix_filename` (never trusted from the client) by the request's
 * uploaded files, checked. Answers null at once when the request brings no file for this input
 * (every element of a bulk write), so that common case costs no promise.
 */
export function prepareUploads(wc: WriteContext, input: Params): Promise<void> | null {
  delete input._filename;
  delete input._prefix_filename;
  // Some clients name the files in `filename` (a list), as GLPI accepts; a Document's own
  // `filename` column is a string and is set from the stored file anyway.
  if (Array.isArray(input.filename)) delete input.filename;
  const uploads = wc.uploads ?? [];
  if (uploads.length === 0) return null;
  return prepareFiles(wc, input, uploads);
}

async function prepareFiles(wc: WriteContext, input: Params, uploads: readonly Upload[]): Promise<void> {
  if (uploads.length > MAX_FILES_PER_REQUEST) throw new ItemError(`A request carries at most ${MAX_FILES_PER_REQUEST} files (got ${uploads.length})`);
  const files: PreparedFile[] = [];
  for (const upload of uploads) files.push(await prepareFile(wc, upload));
  prepared.set(input, files);
  input._filename = files.map((f) => f.prefix + f.filename);
  input._prefix_filename = files.map((f) => f.prefix);
}

/** One file's entry in `upload_result`, in the shape of GLPI's upload handler (plus what was stored). */
export function resultEntry(file: PreparedFile, error?: string): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    name: file.prefix + file.filename,
    size: file.size,
    type: file.clientType,
    prefix: file.prefix,
    display: file.filename,
    filesize: humanSize(file.size),
    id: `doc${file.fieldBase}${Math.floor(Math.random() * 1e9)}`,
  };
  if (error) entry.error = error;
  else Object.assign(entry, { filename: file.filename, mime: file.mime, filepath: file.filepath, sha1sum: file.sha1 });
  return entry;
}

/** `upload_result`: field base name → entries, in upload order. */
export function uploadResult(entries: { file: PreparedFile; error?: string }[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const { file, error } of entries) (out[file.fieldBase] ??= []).push(resultEntry(file, error));
  return out;
}
