const REQUEST_TIMEOUT_MS = 120_000;

/** A logged-in API client: every call carries the Session-Token. */
export interface Client {
  api: string;
  sessionToken: string;
  /** POST a JSON body (already serialized); answers the parsed JSON, throws on a non-2xx status. */
  post(path: string, body: string): Promise<unknown>;
  /** PUT or DELETE a JSON body (already serialized); as post. */
  send(method: 'PUT' | 'DELETE', path: string, body: string): Promise<unknown>;
  get(path: string): Promise<{ status: number; headers: Headers; body: unknown }>;
}

async function call(url: string, init: RequestInit): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  const body: unknown = text === '' ? null : JSON.parse(text);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${response.status} ${text.slice(0, 500)}`);
  return { status: response.status, headers: response.headers, body };
}

/** initSession with Basic credentials. */
export async function login(api: string, user: string, password: string): Promise<Client> {
  const basic = Buffer.from(`${user}:${password}`).toString('base64');
  const { body } = await call(`${api}/initSession`, { headers: { Authorization: `Basic ${basic}` } });
  const token = (body as { session_token?: unknown }).session_token;
  if (typeof token !== 'string') throw new Error(`initSession answered no session_token: ${JSON.stringify(body)}`);
  const headers = { 'Session-Token': token, 'Content-Type': 'application/json' };
  return {
    api,
    sessionToken: token,
    post: async (path, body) => (await call(`${api}/${path}`, { method: 'POST', headers, body })).body,
    send: async (method, path, body) => (await call(`${api}/${path}`, { method, headers, body })).body,
    get: (path) => call(`${api}/${path}`, { headers }),
  };
}

/** The collection answers 206 with Content-Range …/total: the items must all be there. */
export async function checkTotal(client: Client, itemtype: string, expected: number): Promise<void> {
  const { headers } = await client.get(`${itemtype}/?range=0-0`);
  const total = Number(/\/(\d+)$/.exec(headers.get('content-range') ?? '')?.[1]);
  if (total !== expected) throw new Error(`${itemtype} collection reports ${total} items, expected ${expected}`);
}
