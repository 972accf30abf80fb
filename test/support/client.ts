import { ADMIN_PASSWORD } from './server';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, else the text ('' when empty). */
  body: T;
  text: string;
}

export interface CallOptions {
  /** Raw query string (without '?'), sent as is. */
  query?: string;
  /** JSON body (objects are serialised); a string is sent verbatim. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send without the session token. */
  anonymous?: boolean;
}

/** A minimal API client that keeps a session token, like the GLPI client libraries. */
export class Client {
  token = '';

  constructor(readonly api: string) {}

  async call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (this.token && !opts.anonymous) headers['Session-Token'] ??= this.token;
    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const url = `${this.api}/${path}${opts.query ? `?${opts.query}` : ''}`;
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text !== '') parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, opts?: CallOptions) {
    return this.call<T>('GET', path, opts);
  }
  post<T = any>(path: string, body: unknown, opts?: CallOptions) {
    return this.call<T>('POST', path, { ...opts, body });
  }
  put<T = any>(path: string, body: unknown, opts?: CallOptions) {
    return this.call<T>('PUT', path, { ...opts, body });
  }
  del<T = any>(path: string, opts?: CallOptions) {
    return this.call<T>('DELETE', path, opts);
  }

  /** Opens a session with Basic credentials and keeps its token. */
  async login(login = 'glpi', password = ADMIN_PASSWORD): Promise<this> {
    const res = await this.call('GET', 'initSession', {
      anonymous: true,
      headers: { Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` },
    });
    if (res.status !== 200) throw new Error(`login ${login} failed: ${res.status} ${res.text}`);
    this.token = res.body.session_token;
    return this;
  }

  /** Sets a global setting (a Config item of context core), as a Super-Admin does. */
  async setConfig(name: string, value: string): Promise<void> {
    const found = await this.get('Config/', { query: `searchText[name]=^${name}$&searchText[context]=^core$` });
    if (found.status !== 200 || found.body.length !== 1) throw new Error(`setting ${name} not found: ${found.status} ${found.text}`);
    const res = await this.put(`Config/${found.body[0].id}`, { input: { value } });
    if (res.status !== 200) throw new Error(`setting ${name} failed: ${res.status} ${res.text}`);
  }

  /**
   * Sets rights of a profile, as GLPI's API client does: the profile has a row of each right (a new
   * one at 0), which is updated; returns the rows' ids by right name.
   */
  async setRights(profile: number, rights: Record<string, number>): Promise<Record<string, number>> {
    const rows = (await this.get(`Profile/${profile}/ProfileRight`, { query: 'range=0-999' })).body as { id: number; name: string }[];
    const ids: Record<string, number> = {};
    for (const [name, value] of Object.entries(rights)) {
      const row = rows.find((r) => r.name === name);
      if (!row) throw new Error(`profile ${profile} has no ${name} right`);
      const res = await this.put(`ProfileRight/${row.id}`, { input: { rights: value } });
      if (res.status !== 200) throw new Error(`setting ${name} failed: ${res.status} ${res.text}`);
      ids[name] = row.id;
    }
    return ids;
  }

  /** Creates one item and returns its id (fails the test on error). */
  async create(itemtype: string, input: Record<string, unknown>): Promise<number> {
    const res = await this.post(`${itemtype}/`, { input });
    if (res.status !== 201) throw new Error(`create ${itemtype} failed: ${res.status} ${res.text}`);
    return res.body.id;
  }
}
