/**
 * A small client of Deskbase's GLPI-compatible REST API (/apirest.php on the same origin).
 * Errors come back as ApiError with GLPI's code (`ERROR_…`) and message.
 */

export const API_BASE = 'apirest.php';
/** Kept in localStorage: a new tab opens signed in, and signing out in one tab ends it in all (storage events). */
export const TOKEN_KEY = 'deskbase.session-token';

export type Item = Record<string, unknown> & { id: number };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A query value: scalars, or one level of keys for GLPI's bracket notation (`searchText[name]=…`). */
export type QueryValue = string | number | boolean | undefined | null | Record<string, string | number | boolean>;
export type Query = Record<string, QueryValue>;

export function queryString(query: Query = {}): string {
  const parts: string[] = [];
  const add = (key: string, value: string | number | boolean) =>
    parts.push(`${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object') {
      for (const [sub, v] of Object.entries(value)) if (v !== '') add(`${key}[${sub}]`, v);
    } else add(key, value);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Turns any error into one readable sentence. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || error.code;
  if (error instanceof TypeError) return 'The server cannot be reached. Check your connection and try again.';
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The message of a GLPI error body: ["CODE", "message"] or ["CODE", [per-item results]]. */
function describeErrorBody(body: unknown, status: number): { code: string; message: string } {
  if (Array.isArray(body) && typeof body[0] === 'string') {
    const code = body[0];
    const detail: unknown = body[1];
    if (typeof detail === 'string') return { code, message: detail.replace(/; view documentation in your browser at .*$/, '') };
    if (Array.isArray(detail)) {
      const messages = detail
        .map((d) => (d && typeof d === 'object' && 'message' in d ? String((d as { message: unknown }).message) : ''))
        .filter(Boolean);
      return { code, message: messages.join('; ') || code };
    }
    return { code, message: code };
  }
  return { code: `HTTP_${status}`, message: `The server answered ${status}.` };
}

function utf8Base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface Page {
  items: Item[];
  /** First and last row index of this page, and the total count (from Content-Range). */
  start: number;
  end: number;
  total: number;
}

export interface SearchOption {
  name: string;
  table: string;
  field: string;
  datatype?: string;
  uid?: string;
  nodisplay?: boolean;
  nosearch?: boolean;
  available_searchtypes?: string[];
}

export interface Entity {
  id: number;
  name: string;
}
export interface Profile {
  id: number;
  name: string;
}
export interface ActiveProfile extends Profile {
  interface?: string;
  [right: string]: unknown;
}
export interface ActiveEntity {
  id: number;
  active_entity_recursive: boolean;
  active_entities: { id: number }[];
}

/** One criterion of a search (GLPI's criteria[i][…]); a meta criterion searches a linked itemtype's field. */
export interface Criterion {
  link?: 'AND' | 'OR' | 'AND NOT' | 'OR NOT';
  field: number | string;
  searchtype: string;
  value: string | number;
  meta?: boolean;
  itemtype?: string;
}

/** Criteria in parentheses (GLPI's criteria[i][criteria][j][…]). */
export interface CriteriaGroup {
  link?: Criterion['link'];
  criteria: CriteriaNode[];
}

export type CriteriaNode = Criterion | CriteriaGroup;

export const isGroup = (node: CriteriaNode): node is CriteriaGroup => 'criteria' in node;

/** Criteria in GLPI's bracket notation: criteria[0][field]=…, criteria[1][criteria][0][value]=…, meta as 1. */
export function flattenCriteria(nodes: CriteriaNode[], prefix = 'criteria'): Record<string, string | number> {
  const flat: Record<string, string | number> = {};
  nodes.forEach((node, i) => {
    const at = `${prefix}[${i}]`;
    if (isGroup(node)) {
      if (node.link) flat[`${at}[link]`] = node.link;
      Object.assign(flat, flattenCriteria(node.criteria, `${at}[criteria]`));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (value === undefined || value === false) continue;
      flat[`${at}[${key}]`] = value === true ? 1 : value;
    }
  });
  return flat;
}

export interface SearchResult {
  total: number;
  rows: Record<string, unknown>[];
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A multipart body (document uploads), sent as the browser encodes it. */
  form?: FormData;
  headers?: Record<string, string>;
  /** Read the answer as a Blob (file downloads). */
  blob?: boolean;
}

export class Api {
  token: string | null = localStorage.getItem(TOKEN_KEY);
  /** Called when the server says the session is gone (expired, killed). */
  onSessionLost: (() => void) | null = null;
  private optionsCache = new Map<string, Promise<Record<string, SearchOption>>>();

  /** Another tab signed in or out: take its token (or its absence) without touching storage. */
  adoptToken(token: string | null): void {
    this.token = token;
    this.optionsCache.clear();
  }

  private setToken(token: string | null): void {
    this.token = token;
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
    this.optionsCache.clear();
  }

  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<{ data: T; headers: Headers; status: number }> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (this.token && !headers.Authorization) headers['Session-Token'] = this.token;
    let body: string | FormData | undefined = opts.form;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${API_BASE}/${path}${queryString(opts.query)}`, { method, headers, body, cache: 'no-store' });
    if (opts.blob && res.ok) return { data: (await res.blob()) as T, headers: res.headers, status: res.status };
    const text = await res.text();
    let data: unknown = text;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!res.ok) {
      const { code, message } = describeErrorBody(data, res.status);
      if (res.status === 401 && this.token && !headers.Authorization && code.startsWith('ERROR_SESSION_TOKEN')) {
        this.setToken(null);
        this.onSessionLost?.();
      }
      throw new ApiError(res.status, code, message);
    }
    return { data: data as T, headers: res.headers, status: res.status };
  }

  // Session

  async login(login: string, password: string): Promise<void> {
    const { data } = await this.request<{ session_token: string }>('GET', 'initSession', {
      headers: { Authorization: `Basic ${utf8Base64(`${login}:${password}`)}` },
    });
    this.setToken(data.session_token);
  }

  async logout(): Promise<void> {
    try {
      if (this.token) await this.request('GET', 'killSession');
    } finally {
      this.setToken(null);
    }
  }

  async fullSession(): Promise<Record<string, unknown>> {
    const { data } = await this.request<{ session: Record<string, unknown> }>('GET', 'getFullSession');
    return data.session;
  }

  async myProfiles(): Promise<Profile[]> {
    return (await this.request<{ myprofiles: Profile[] }>('GET', 'getMyProfiles')).data.myprofiles;
  }
  async activeProfile(): Promise<ActiveProfile> {
    return (await this.request<{ active_profile: ActiveProfile }>('GET', 'getActiveProfile')).data.active_profile;
  }
  async changeActiveProfile(profiles_id: number): Promise<void> {
    await this.request('POST', 'changeActiveProfile', { body: { profiles_id } });
    this.optionsCache.clear();
  }
  async myEntities(): Promise<Entity[]> {
    return (await this.request<{ myentities: Entity[] }>('GET', 'getMyEntities', { query: { is_recursive: true } })).data.myentities;
  }
  async activeEntities(): Promise<ActiveEntity> {
    return (await this.request<{ active_entity: ActiveEntity }>('GET', 'getActiveEntities')).data.active_entity;
  }
  async changeActiveEntities(entities_id: number | 'all', is_recursive: boolean): Promise<void> {
    await this.request('POST', 'changeActiveEntities', { body: { entities_id, is_recursive } });
  }

  // Items

  async list(itemtype: string, query: Query = {}): Promise<Page> {
    const { data, headers } = await this.request<Item[]>('GET', `${itemtype}/`, { query: { get_hateoas: false, ...query } });
    const items = Array.isArray(data) ? data : [];
    const m = /^(\d+)-(\d+)\/(\d+)$/.exec(headers.get('Content-Range') ?? '');
    if (m) return { items, start: Number(m[1]), end: Number(m[2]), total: Number(m[3]) };
    return { items, start: 0, end: Math.max(items.length - 1, 0), total: items.length };
  }

  async get(itemtype: string, id: number, query: Query = {}): Promise<Item> {
    return (await this.request<Item>('GET', `${itemtype}/${id}`, { query: { get_hateoas: false, ...query } })).data;
  }

  async subItems(itemtype: string, id: number, sub: string, query: Query = {}): Promise<Item[]> {
    const { data } = await this.request<Item[]>('GET', `${itemtype}/${id}/${sub}`, { query: { get_hateoas: false, ...query } });
    return Array.isArray(data) ? data : [];
  }

  async create(itemtype: string, input: Record<string, unknown>): Promise<number> {
    const { data } = await this.request<{ id: number | false; message?: string }>('POST', `${itemtype}/`, { body: { input } });
    if (typeof data.id !== 'number') throw new ApiError(400, 'ERROR_GLPI_ADD', data.message || 'The item could not be added.');
    return data.id;
  }

  /** Updates one item; answers the element's result (a reset API token comes back in it, once). */
  async update(itemtype: string, id: number, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { data } = await this.request<Record<string, unknown>[]>('PUT', `${itemtype}/${id}`, { body: { input } });
    const result = Array.isArray(data) ? data[0] : undefined;
    if (result && result[String(id)] === false) {
      throw new ApiError(400, 'ERROR_GLPI_UPDATE', String(result.message || 'The item could not be updated.'));
    }
    return result ?? {};
  }

  /** Moves to the trash, or purges with `purge`. */
  async remove(itemtype: string, id: number, purge = false): Promise<void> {
    await this.request('DELETE', `${itemtype}/${id}`, { query: purge ? { force_purge: true } : {} });
  }

  /** GLPI's search engine: rows keyed by search option id, and the total count. */
  async search(itemtype: string, criteria: CriteriaNode[], query: Query = {}): Promise<SearchResult> {
    const flat: Query = { ...query, ...flattenCriteria(criteria) };
    const { data } = await this.request<{ totalcount?: number; data?: Record<string, unknown>[] }>('GET', `search/${itemtype}`, { query: flat });
    return { total: Number(data.totalcount ?? 0), rows: Array.isArray(data.data) ? data.data : [] };
  }

  /** Uploads files as a new Document (multipart, as GLPI's clients do), linked to an item when given. */
  async upload(files: File[], link?: { itemtype: string; items_id: number }, name?: string): Promise<number> {
    const form = new FormData();
    const input = { name: name || files[0]?.name, _filename: files.map((f) => f.name), ...link };
    form.append('uploadManifest', new Blob([JSON.stringify({ input })], { type: 'application/json' }));
    files.forEach((file, i) => form.append(`filename[${i}]`, file, file.name));
    const { data } = await this.request<{ id: number | false; message?: string }>('POST', 'Document/', { form });
    if (typeof data.id !== 'number') throw new ApiError(400, 'ERROR_GLPI_ADD', data.message || 'The document could not be added.');
    return data.id;
  }

  /**
   * Adds an item with files attached (GLPI's multipart POST: each file becomes a Document linked to
   * the item); answers the new id and what became of each file, in order.
   */
  async createWithFiles(itemtype: string, input: Record<string, unknown>, files: File[]): Promise<{ id: number; files: { name: string; error?: string }[] }> {
    const form = new FormData();
    form.append('uploadManifest', new Blob([JSON.stringify({ input: { ...input, _filename: files.map((f) => f.name) } })], { type: 'application/json' }));
    files.forEach((file, i) => form.append(`filename[${i}]`, file, file.name));
    const { data } = await this.request<{ id: number | false; message?: string; upload_result?: { filename?: { display?: string; error?: string }[] } }>('POST', `${itemtype}/`, { form });
    if (typeof data.id !== 'number') throw new ApiError(400, 'ERROR_GLPI_ADD', data.message || 'The item could not be added.');
    const results = data.upload_result?.filename ?? [];
    return { id: data.id, files: files.map((f, i) => ({ name: results[i]?.display ?? f.name, ...(results[i]?.error ? { error: results[i]!.error } : {}) })) };
  }

  /** A document's file, read with the session (never a token in a URL). */
  async download(documentId: number): Promise<Blob> {
    return (await this.request<Blob>('GET', `Document/${documentId}`, { query: { alt: 'media' }, blob: true })).data;
  }

  /** An action of the mail collectors (`MailCollector/:id/collect`, `NotImportedEmail/:id/import`…). */
  async mailAction<T = Record<string, unknown>>(itemtype: string, id: number, action: string, input?: Record<string, unknown>): Promise<T> {
    return (await this.request<T>('POST', `${itemtype}/${id}/${action}`, { body: input ? { input } : {} })).data;
  }

  /** A directory's read action (`AuthLDAP/:id/users|groups|sync`). */
  async directoryGet<T>(id: number, action: string, query?: Query): Promise<T> {
    return (await this.request<T>('GET', `AuthLDAP/${id}/${action}`, { query })).data;
  }

  /** A directory's write action (`AuthLDAP/:id/test|import|importgroups`). */
  async directoryPost<T>(id: number, action: string, input?: Record<string, unknown>): Promise<T> {
    return (await this.request<T>('POST', `AuthLDAP/${id}/${action}`, { body: input ? { input } : {} })).data;
  }

  /** The last inventory an agent sent, as it sent it (XML or JSON). */
  async agentInventory(agentId: number): Promise<Blob> {
    return (await this.request<Blob>('GET', `agentInventory/${agentId}`, { blob: true })).data;
  }

  /** The raw message of a refused e-mail. */
  async refusedMailSource(id: number): Promise<Blob> {
    return (await this.request<Blob>('GET', `NotImportedEmail/${id}/source`, { blob: true })).data;
  }

  /** Search options of an itemtype (labels and data types of its fields), cached per session. */
  searchOptions(itemtype: string): Promise<Record<string, SearchOption>> {
    let cached = this.optionsCache.get(itemtype);
    if (!cached) {
      cached = this.request<Record<string, SearchOption | string>>('GET', `listSearchOptions/${itemtype}`).then(({ data }) => {
        const options: Record<string, SearchOption> = {};
        for (const [id, option] of Object.entries(data)) if (typeof option === 'object' && option) options[id] = option;
        return options;
      });
      cached.catch(() => this.optionsCache.delete(itemtype));
      this.optionsCache.set(itemtype, cached);
    }
    return cached;
  }
}

export const api = new Api();
