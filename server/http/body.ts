import { ApiError, errors } from '../core/errors';
import type { Upload } from '../api/context';
import { describeJsonError } from './json-error';
import { emptyParams, isObject, mergeInto, parseQueryString, toParams, type Params } from '../core/params';

export const MAX_JSON_BODY = 64 * 1024 * 1024;
/** A whole multipart upload (all files and the manifest); each file is also held to `document_max_size`. */
export const MAX_MULTIPART_BODY = 128 * 1024 * 1024;
/**
 * A body sent without a live session in the Session-Token header or the query (initSession,
 * lostPassword, a token given in the body): larger ones are refused before they are read.
 */
export const MAX_BODY_WITHOUT_SESSION = 1024 * 1024;

/** A body too large to read without a session: the route answers for want of one (router.ts). */
export class BodyWithoutSession extends ApiError {
  constructor() {
    super(413, 'ERROR_JSON_PAYLOAD_INVALID', `request body exceeds ${MAX_BODY_WITHOUT_SESSION} bytes without a session (give the session token in the Session-Token header)`);
  }
}

const uploadTooBig = (why = '') => new ApiError(400, 'ERROR_UPLOAD_FILE_TOO_BIG_POST_MAX_SIZE', `The file seems too big${why}`);

/** What a body is read from: the request, or the bytes read from it under a limit. */
type BodySource = Pick<Request, 'text' | 'formData'>;

export interface ParsedBody {
  params: Params;
  uploads: readonly Upload[];
  /** The Content-Type of a body that was not read (neither JSON, a form nor an upload). */
  ignoredType: string | null;
}

/** A request without a body (most reads): one answer for all, which nobody changes. */
const NO_BODY: ParsedBody = Object.freeze({ params: Object.freeze(emptyParams()), uploads: Object.freeze([]), ignoredType: null });

/**
 * Reads the body by Content-Type as GLPI does: JSON (also when no type is given), a multipart
 * upload with its `uploadManifest`, or a form; any other type is ignored. `hasSession` tells
 * whether the header or query names a live session; it is asked only for a body that may be large.
 */
export function readBody(request: Request, method: string, hasSession: () => boolean): ParsedBody | Promise<ParsedBody> {
  // Neither a length nor chunks announced: there is no body, and nothing to wait for.
  if (!request.headers.has('content-length') && !request.headers.has('transfer-encoding')) return NO_BODY;
  return readAnnouncedBody(request, method, (request.headers.get('content-type') ?? '').toLowerCase(), hasSession);
}

async function readAnnouncedBody(request: Request, method: string, type: string, hasSession: () => boolean): Promise<ParsedBody> {
  const announced = request.headers.get('content-length');
  const length = announced === null ? null : Number(announced);
  if (method === 'GET') {
    // Bun discards the body of a GET before the handler sees it: the announced length tells.
    const text = await request.text();
    if (text.trim() !== '' || (text === '' && (length ?? 0) > 0)) throw errors.jsonPayloadForbidden();
    return NO_BODY;
  }
  const multipart = type.includes('multipart/form-data');
  const tooLarge = multipart
    ? () => uploadTooBig(`: a request carries at most ${MAX_MULTIPART_BODY / 1024 / 1024} MiB`)
    : () => errors.payloadTooLarge(MAX_JSON_BODY);
  const limit = multipart ? MAX_MULTIPART_BODY : MAX_JSON_BODY;
  if (length !== null && length > limit) throw tooLarge();
  // Without a session, a body beyond the small limit is refused before a byte of it is read.
  const small = length !== null && length <= MAX_BODY_WITHOUT_SESSION;
  const largeAllowed = small || hasSession();
  if (!largeAllowed && length !== null) throw new BodyWithoutSession();
  // A chunked body announces no length: it is read up to the limit, and refused past it.
  const source = length !== null ? request : await readLimited(request, largeAllowed ? limit : MAX_BODY_WITHOUT_SESSION, largeAllowed ? tooLarge : () => new BodyWithoutSession());
  if (multipart) return readMultipart(source);
  const text = await source.text();
  if (text.trim() === '') return NO_BODY;
  if (type === '' || type.includes('application/json')) return { params: parseJsonObject(text), uploads: [], ignoredType: null };
  if (type.includes('application/x-www-form-urlencoded')) return { params: parseQueryString(text), uploads: [], ignoredType: null };
  return { ...NO_BODY, ignoredType: type };
}

function parseJsonObject(text: string): Params {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.jsonPayloadInvalid(describeJsonError(text));
  }
  const params = toParams(value);
  if (!isObject(params)) throw errors.jsonPayloadInvalid('the body must be a JSON object, such as {"input": {…}}');
  return params;
}

/** The body's bytes, read until `limit` is passed: then the reading stops and the answer is null. */
export async function readBytesLimited(request: Request, limit: number): Promise<Buffer<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      total += chunk.value.byteLength;
      if (total > limit) {
        void reader.cancel();
        return null;
      }
      chunks.push(chunk.value);
    }
  }
  return Buffer.concat(chunks);
}

/** The body read until `limit` is passed: then `refusal` is thrown. */
async function readLimited(request: Request, limit: number, refusal: () => ApiError): Promise<BodySource> {
  const bytes = await readBytesLimited(request, limit);
  if (bytes === null) throw refusal();
  // The type as sent: a multipart boundary is case-sensitive.
  return new Response(bytes, { headers: { 'Content-Type': request.headers.get('content-type') ?? '' } });
}

async function readMultipart(request: BodySource): Promise<ParsedBody> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw uploadTooBig();
  }
  const uploads: Upload[] = [];
  const params = emptyParams();
  for (const [field, value] of form.entries()) {
    // The manifest may come as a part with a file name (a Blob in a FormData): it is not an upload.
    if (typeof value !== 'string' && field !== 'uploadManifest') uploads.push({ field, file: value });
  }
  if (uploads.length === 0) throw uploadTooBig();
  const manifest = form.get('uploadManifest');
  const manifestText = typeof manifest === 'string' ? manifest : manifest ? await manifest.text() : '';
  if (manifestText.trim() !== '') mergeInto(params, parseJsonObject(manifestText));
  else throw errors.jsonPayloadInvalid('uploadManifest is missing');
  return { params, uploads, ignoredType: null };
}
