/**
 * File names as people see them. A client's file name is only ever shown (the Document's
 * `filename`, the download name): it never takes part in a path on disk.
 */

const MAX_NAME = 255;
// C0/C1 controls (NUL included), and bidi/invisible formatting marks that disguise an extension.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * The display name of an uploaded file: its last path segment, without control characters,
 * leading dots or trailing dots and spaces, at most 255 characters (the extension kept).
 */
export function cleanFileName(raw: string): string {
  let name = raw.normalize('NFC').replace(CONTROLS, '');
  name = name.split(/[\\/]/).pop() ?? '';
  name = name.trim().replace(/^\.+/, '').replace(/[. ]+$/, '').trim();
  const chars = Array.from(name);
  if (chars.length <= MAX_NAME) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (ext.length > 20) return chars.slice(0, MAX_NAME).join('');
  return chars.slice(0, MAX_NAME - ext.length).join('') + ext.join('');
}

/** The last extension of a (clean) name, lower case, '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** PHP's rawurlencode: every byte but unreserved characters percent-encoded. */
function rawUrlEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="…"; filename*=utf-8''…`, as GLPI sends it; images (but SVG) and PDFs go
 * without the `attachment;` word, as in GLPI (clients read the name with a pattern anchored on
 * `filename="`). The quoted form is plain ASCII (others become `_`); the starred form is exact.
 */
export function contentDisposition(name: string, mime: string): string {
  const clean = name.replace(CONTROLS, '');
  const ascii = clean.replace(/[^\x20-\x7e]/gu, '_').replace(/["\\]/g, (c) => `\\${c}`);
  const inline = (mime.startsWith('image/') && !mime.includes('svg')) || mime === 'application/pdf';
  return `${inline ? '' : 'attachment; '}filename="${ascii}"; filename*=utf-8''${rawUrlEncode(clean)}`;
}

/** A size as GLPI shows it: "512 B", "1.5 KiB", "20 MiB". */
export function humanSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Math.round(value * 100) / 100} ${units[unit]}`;
}

/** A 23-character unique prefix in the form of PHP's uniqid('', true), as GLPI gives uploads. */
export function uploadPrefix(): string {
  const micros = BigInt(Date.now()) * 1000n + BigInt(Math.floor(performance.now() * 1000) % 1000);
  const hex = micros.toString(16).padStart(13, '0').slice(-13);
  const random = crypto.getRandomValues(new Uint32Array(2));
  const digits = String(random[0]! % 100_000_000).padStart(8, '0');
  return `${hex}${random[1]! % 10}.${digits}`;
}
