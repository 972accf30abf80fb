import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Headers;
  /** Bytes of the status line and headers, with the blank line that ends them. */
  headBytes: number;
  text: string;
  /** The body's bytes (after de-chunking), for binary answers. */
  bytes: Uint8Array;
  /** Parsed JSON when the answer says it is JSON and is not empty, else the text. */
  body: any;
}

export interface RawRequest {
  method: string;
  /** Sent verbatim in the request line (no normalisation, unlike fetch). */
  target: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The Host header's value: the origin's when not given, none when null. */
  host?: string | null;
  /** The request line's HTTP version (1.1 when not given). */
  version?: '1.0' | '1.1';
}

/** A request whose body is held back in part: the server has its head and the first bytes. */
export interface HeldRequest {
  /** Sends the rest of the body; the answer then comes in `answer`. */
  finish(): void;
  /** Settles when the server has answered and closed (it may answer before `finish`). */
  answer: Promise<RawResponse>;
}

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let pos = 0;
  while (pos < data.length) {
    const eol = data.indexOf('\r\n', pos);
    if (eol < 0) break;
    const size = parseInt(data.subarray(pos, eol).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    pos = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * One HTTP/1.1 request over a plain socket, byte for byte as given: lets tests send what fetch
 * refuses (a GET with a body, `..` or `%00` in the path, odd methods, no Host header).
 */
export function rawRequest(origin: string, req: RawRequest): Promise<RawResponse> {
  return holdRequest(origin, req, Infinity).answer;
}

/**
 * Like rawRequest, but only the first `sentBytes` of the body go out until `finish()` (the
 * Content-Length announces the whole body): a request kept in flight for as long as a test needs.
 */
export function holdRequest(origin: string, req: RawRequest, sentBytes: number): HeldRequest {
  const url = new URL(origin);
  const body = req.body === undefined ? undefined : typeof req.body === 'string' ? Buffer.from(req.body) : Buffer.from(req.body);
  const lines = [`${req.method} ${req.target} HTTP/${req.version ?? '1.1'}`];
  if (req.host !== null) lines.push(`Host: ${req.host ?? url.host}`);
  lines.push('Connection: close');
  for (const [k, v] of Object.entries(req.headers ?? {})) lines.push(`${k}: ${v}`);
  if (body !== undefined) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
  const first = body ? Buffer.concat([head, body.subarray(0, Math.min(sentBytes, body.length))]) : head;
  const rest = body && sentBytes < body.length ? body.subarray(sentBytes) : undefined;
  let socket: ReturnType<typeof connect>;
  let connected = false;
  let finished = false;
  const sendRest = () => {
    if (rest && !socket.destroyed) socket.write(rest);
  };
  const answer = new Promise<RawResponse>((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket = connect(Number(url.port), url.hostname, () => {
      connected = true;
      socket.write(first);
      if (finished) sendRest();
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${req.method} ${req.target}`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const data = Buffer.concat(chunks);
      const split = data.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`incomplete answer to ${req.method} ${req.target}: ${data.toString('latin1')}`));
      const [statusLine, ...headerLines] = data.subarray(0, split).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
      const headers = new Headers();
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      let payload: Buffer = data.subarray(split + 4);
      if ((headers.get('transfer-encoding') ?? '').toLowerCase().includes('chunked')) payload = decodeChunked(payload);
      const length = headers.get('content-length');
      if (length !== null) payload = payload.subarray(0, Number(length));
      const text = payload.toString('utf8');
      let parsed: unknown = text;
      if ((headers.get('content-type') ?? '').includes('application/json') && text !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      resolve({ status, headers, headBytes: split + 4, text, bytes: payload, body: parsed });
    });
  });
  return {
    finish: () => {
      finished = true;
      if (connected) sendRest();
    },
    answer,
  };
}
