/**
 * The admin console: the static files of ui/dist (built by `npm run build:ui`), served at `/`.
 *
 * - `bun server/main.ts` reads ui/dist from disk on each request, so a rebuilt console shows at once.
 * - The executable (`npm run build`) serves copies embedded at build time: its generated entry
 *   imports every ui/dist file `with { type: 'file' }` and hands them to `useEmbeddedConsole`
 *   before the server starts; it never looks at the disk.
 * - Without a built console, `/` answers the placeholder page below.
 *
 * Paths are looked up, never concatenated blindly: `.`/`..` segments, encoded slashes and
 * backslashes, NUL and dot-files are refused, and a disk path must still be inside ui/dist once
 * symbolic links are followed. Unknown paths that look like console routes (a browser navigation
 * asking for HTML, no file extension, not under assets/) get index.html: the SPA fallback.
 */
import { realpathSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import placeholderPage from './console-placeholder.html' with { type: 'text' };
import { parseRequestUrl } from './url';

// With type 'text' Bun inlines the file as a string (the HTML-bundle typing does not apply).
const placeholder = placeholderPage as unknown as string;

/** ui/dist, relative to this source file (only meaningful when running from the sources). */
export const CONSOLE_DIST_DIR = resolve(import.meta.dir, '../../ui/dist');

/** Where the files come from: a folder read on each request, or copies embedded in the executable. */
let source: { kind: 'disk'; dir: string } | { kind: 'embedded'; files: Map<string, string> } = { kind: 'disk', dir: CONSOLE_DIST_DIR };
/** Embedded files, read once. */
const embeddedCache = new Map<string, Asset>();

/** Called by the executable's generated entry with the ui/dist files it embeds (maybe none). */
export function useEmbeddedConsole(files: Record<string, string>): void {
  source = { kind: 'embedded', files: new Map(Object.entries(files)) };
  embeddedCache.clear();
}

/** Serves the console from a folder (ui/dist by default). */
export function useConsoleDirectory(dir: string = CONSOLE_DIST_DIR): void {
  source = { kind: 'disk', dir: resolve(dir) };
  embeddedCache.clear();
}

/** Where the files come from, to hand to another request-serving thread (useConsoleOf there). */
export type ConsoleOrigin = { kind: 'disk'; dir: string } | { kind: 'embedded'; files: Record<string, string> };

export function consoleOrigin(): ConsoleOrigin {
  return source.kind === 'disk' ? source : { kind: 'embedded', files: Object.fromEntries(source.files) };
}

export function useConsoleOf(origin: ConsoleOrigin): void {
  if (origin.kind === 'disk') useConsoleDirectory(origin.dir);
  else useEmbeddedConsole(origin.files);
}

/** Where the console comes from, for the start-up line. */
export function consoleSource(): string {
  if (source.kind === 'embedded') return source.files.has('/index.html') ? `embedded (${source.files.size} files)` : 'placeholder (no console was embedded)';
  return diskFile(source.dir, 'index.html') ? source.dir : `placeholder (${source.dir} is not built: npm run build:ui)`;
}

type Bytes = Uint8Array<ArrayBuffer>;

interface Asset {
  body: Blob | Bytes;
  size: number;
  type: string;
  etag: string;
}

const HASHED_ASSET = /^assets\/(?:[^/]+\/)*[^/]*[.-][\w-]{8}\.\w+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const BASE_HEADERS = { 'X-Content-Type-Options': 'nosniff' };
/**
 * The console's pages: scripts from the server only (no inline script, so an injected one does not
 * run), nothing from elsewhere, never framed. Styles may be inline (Preact sets `style` attributes).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const HTML_HEADERS = { ...BASE_HEADERS, 'X-Frame-Options': 'DENY', 'Content-Security-Policy': CONSOLE_CSP, 'Referrer-Policy': 'same-origin' };

function contentType(path: string): string {
  return Bun.file(path).type || 'application/octet-stream';
}

/** A regular file under `root` (symbolic links followed, must stay inside), or null. */
function diskFile(root: string, relative: string): { path: string; size: number; mtimeMs: number } | null {
  const path = join(root, relative);
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return null;
    const real = realpathSync(path);
    const realRoot = realpathSync(root);
    if (!real.startsWith(realRoot + sep)) return null;
    return { path: real, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch {
    return null;
  }
}

async function lookup(key: string): Promise<Asset | null> {
  if (source.kind === 'embedded') {
    const cached = embeddedCache.get(key);
    if (cached) return cached;
    const path = source.files.get(key);
    if (!path) return null;
    const bytes = await Bun.file(path).bytes();
    const asset = { body: bytes, size: bytes.length, type: contentType(key), etag: `"${Bun.hash(bytes).toString(36)}"` };
    embeddedCache.set(key, asset);
    return asset;
  }
  const found = diskFile(source.dir, key.slice(1));
  if (!found) return null;
  return {
    body: Bun.file(found.path),
    size: found.size,
    type: contentType(found.path),
    etag: `W/"${found.size.toString(36)}-${Math.trunc(found.mtimeMs).toString(36)}"`,
  };
}

/** Decoded path segments, or null for anything that could step outside or name a hidden file. */
function segmentsOf(pathname: string): { segments: string[]; trailingSlash: boolean } | null {
  const parts = pathname.split('/').slice(1);
  const trailingSlash = parts.length > 0 && parts[parts.length - 1] === '';
  if (trailingSlash) parts.pop();
  const segments: string[] = [];
  for (const raw of parts) {
    let part: string;
    try {
      part = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (part === '' || part.startsWith('.') || /[/\\\0]/.test(part)) return null;
    segments.push(part);
  }
  return { segments, trailingSlash };
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const gzipCache = new Map<string, Bytes>();

async function gzipped(key: string, asset: Asset): Promise<Bytes> {
  const cacheKey = `${key}\0${asset.etag}`;
  let zipped = gzipCache.get(cacheKey);
  if (!zipped) {
    const bytes = asset.body instanceof Uint8Array ? asset.body : await asset.body.bytes();
    zipped = Bun.gzipSync(bytes) as Bytes;
    if (gzipCache.size >= 256) gzipCache.delete(gzipCache.keys().next().value!);
    gzipCache.set(cacheKey, zipped);
  }
  return zipped;
}

async function send(request: Request, key: string, asset: Asset, cacheControl: string, html: boolean): Promise<Response> {
  const headers: Record<string, string> = {
    ...(html ? HTML_HEADERS : BASE_HEADERS),
    'Content-Type': asset.type,
    'Cache-Control': cacheControl,
    ETag: asset.etag,
  };
  const compressible = asset.size >= 1024 && COMPRESSIBLE.test(asset.type);
  if (compressible) headers.Vary = 'Accept-Encoding';
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim() === asset.etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  let body: Blob | Bytes = asset.body;
  if (compressible && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
    body = await gzipped(key, asset);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body instanceof Uint8Array ? body.length : body.size);
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}

function notFound(request: Request): Response {
  const body = request.method === 'HEAD' ? null : 'Not found';
  return new Response(body, { status: 404, headers: { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=UTF-8', 'Cache-Control': REVALIDATE } });
}

async function sendIndex(request: Request): Promise<Response> {
  const index = await lookup('/index.html');
  if (index) return send(request, '/index.html', index, REVALIDATE, true);
  const headers = { ...HTML_HEADERS, 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': REVALIDATE };
  return new Response(request.method === 'HEAD' ? null : placeholder, { status: 200, headers });
}

/** Any request no site route takes (http/site-routes.ts). */
export async function serveConsole(request: Request): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { ...BASE_HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=UTF-8' } });
  }
  const parsed = segmentsOf(parseRequestUrl(request.url).pathname);
  if (!parsed) return notFound(request);
  const { segments, trailingSlash } = parsed;
  if (segments.length === 0) return sendIndex(request);
  const key = `/${segments.join('/')}`;
  if (key === '/index.html') return sendIndex(request);
  if (!trailingSlash) {
    const asset = await lookup(key);
    if (asset) return send(request, key, asset, HASHED_ASSET.test(key.slice(1)) ? IMMUTABLE : REVALIDATE, asset.type.startsWith('text/html'));
  }
  // Not a file: a console route gets index.html (the client-side router takes over), but a
  // missing asset, a name with an extension or a non-browser request is a plain 404.
  const last = segments[segments.length - 1]!;
  const isRoute = segments[0] !== 'assets' && !last.includes('.') && (request.headers.get('accept') ?? '').includes('text/html');
  return isRoute ? sendIndex(request) : notFound(request);
}
