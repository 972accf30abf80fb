import { ApiError, errors } from '../core/errors';
import type { Upload } from '../auth/context';
import { describeJsonError } from './json-error';
import { emptyParams, isObject, mergeInto, parseQueryString, toParams, type Params } from '../core/params';

export const MAX_JSON_BODY = 64 * 1024 * 1024;
/** A whole multipart upload (all files and the manifest); each file is also held to `document_max_size`. */
export const MAX_MULTIPART_BODY = 128 * 1024 * 1024;

export interface ParsedBody {
  params: Params;
  uploads: Upload[];
  json: boolean;
  /** The Content-Type of a body that was not read (neither JSON, a form nor an upload). */
  ignoredType: string | null;
}

/**
 * Reads the body by Content-Type as GLPI does: JSON (also when no type is given), a multipart
 * upload with its `uploadManifest`, or a form; any other type is ignored.
 */
export function readBody(request: Request, method: string): ParsedBody | Promise<ParsedBody> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const none: ParsedBody = { params: emptyParams(), uploads: [], json: type === '' || type.includes('application/json'), ignoredType: null };
  // Neither a length nor chunks announced: there is no body, and nothing to wait for.
  if (!request.headers.has('content-length') && !request.headers.has('transfer-encoding')) return none;
  return readAnnouncedBody(request, method, type, none);
}

async function readAnnouncedBody(request: Request, method: string, type: string, none: ParsedBody): Promise<ParsedBody> {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (method === 'GET') {
    // Bun discards the body of a GET before the handler sees it: the announced length tells.
    const text = await request.text();
    if (text.trim() !== '' || (text === '' && length > 0)) throw errors.jsonPayloadForbidden();
    return none;
  }
  if (type.includes('multipart/form-data')) {
    if (length > MAX_MULTIPART_BODY) {
      throw new ApiError(400, 'ERROR_UPLOAD_FILE_TOO_BIG_POST_MAX_SIZE', `The file seems too big: a request carries at most ${MAX_MULTIPART_BODY / 1024 / 1024} MiB`);
    }
    return readMultipart(request);
  }
  if (length > MAX_JSON_BODY) throw errors.payloadTooLarge(MAX_JSON_BODY);
  const text = await request.text();
  if (text.length > MAX_JSON_BODY) throw errors.payloadTooLarge(MAX_JSON_BODY);
  if (text.trim() === '') return none;
  if (type === '' || type.includes('application/json')) return { params: parseJsonObject(text), uploads: [], json: true, ignoredType: null };
  if (type.includes('application/x-www-form-urlencoded')) return { params: parseQueryString(text), uploads: [], json: false, ignoredType: null };
  return { ...none, ignoredType: type };
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

async function readMultipart(request: Request): Promise<ParsedBody> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError(400, 'ERROR_UPLOAD_FILE_TOO_BIG_POST_MAX_SIZE', 'The file seems too big');
  }
  const uploads: Upload[] = [];
  const params = emptyParams();
  for (const [field, value] of form.entries()) {
    // The manifest may come as a part with a file name (a Blob in a FormData): it is not an upload.
    if (typeof value !== 'string' && field !== 'uploadManifest') uploads.push({ field, file: value });
  }
  if (uploads.length === 0) throw new ApiError(400, 'ERROR_UPLOAD_FILE_TOO_BIG_POST_MAX_SIZE', 'The file seems too big');
  const manifest = form.get('uploadManifest');
  const manifestText = typeof manifest === 'string' ? manifest : manifest ? await manifest.text() : '';
  if (manifestText.trim() !== '') mergeInto(params, parseJsonObject(manifestText));
  else throw errors.jsonPayloadInvalid('uploadManifest is missing');
  return { params, uploads, json: true, ignoredType: null };
}
