/** Large texts built once and served often (the API reference, /openapi.json), kept gzip-compressed too. */
type Bytes = Uint8Array<ArrayBuffer>;

export interface CachedText {
  text: string;
  gzip: Bytes;
  etag: string;
}

/** Builds the text on first use, compresses it once, and keeps both. */
export function cachedText(build: () => string): () => CachedText {
  let cached: CachedText | null = null;
  return () => {
    if (!cached) {
      const text = build();
      cached = { text, etag: `"${Bun.hash(text).toString(36)}"`, gzip: Bun.gzipSync(new TextEncoder().encode(text)) as Bytes };
    }
    return cached;
  };
}

/**
 * The body for a client: the gzip form when it accepts gzip (then `Content-Encoding` is set in
 * `headers`); `Vary: Accept-Encoding` either way, for caches.
 */
export function encodedBody(requestHeaders: Headers, doc: CachedText, headers: Record<string, string>): string | Bytes {
  headers.Vary = 'Accept-Encoding';
  if (!/\bgzip\b/.test(requestHeaders.get('accept-encoding') ?? '')) return doc.text;
  headers['Content-Encoding'] = 'gzip';
  return doc.gzip;
}
