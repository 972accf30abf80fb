import { Database } from 'bun:sqlite';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Client, type ApiResponse } from '../support/client';
import { bytesOf, toApiResponse } from '../support/upload';

export { bytesOf, upload, type FilePart } from '../support/upload';

export const PASSWORD = 'Documents-test-pw-1';

export const sha1 = (content: string | Uint8Array) => createHash('sha1').update(bytesOf(content)).digest('hex');
export const md5 = (content: string | Uint8Array) => createHash('md5').update(bytesOf(content)).digest('hex');

let counter = 0;
/** A name no other test uses. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Content no other test uploads (so storage paths do not collide between tests). */
export const uniqueText = (label = 'content') => `${label} ${unique('x')} ${Date.now()}\n`;

/**
 * A multipart body written byte by byte (for file names a FormData would escape): the name goes
 * into the part header as raw UTF-8.
 */
export async function rawUpload(client: Client, path: string, manifest: unknown, fileName: string, content: string | Uint8Array): Promise<ApiResponse> {
  const boundary = `----deskbase${Math.random().toString(16).slice(2)}`;
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [
    enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="uploadManifest"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(manifest)}\r\n`),
    enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="filename[0]"; filename="`),
    enc.encode(fileName),
    enc.encode(`"\r\nContent-Type: text/plain\r\n\r\n`),
    bytesOf(content),
    enc.encode(`\r\n--${boundary}--\r\n`),
  ];
  const res = await fetch(`${client.api}/${path}`, {
    method: 'POST',
    headers: { 'Session-Token': client.token, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(chunks),
  });
  return toApiResponse(res);
}

/** Every file under the data folder's files/ (relative paths), temporary ones included. */
export function storedFiles(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

/** Every file anywhere in the data folder but the database's own. */
export function allDataFiles(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!name.startsWith('deskbase.sqlite')) out.push(relative(dataDir, full));
    }
  };
  walk(dataDir);
  return out.sort();
}

/** A Document_Item row as the API lists it. */
export interface DocumentLink {
  id: number;
  documents_id: number;
  itemtype: string;
  items_id: number;
  entities_id: number;
}

export const diskPath = (dataDir: string, filepath: string) => join(dataDir, 'files', filepath);

/** Reads the server's database directly (read-only; WAL lets it run beside the server). */
export function dbRows<T = Record<string, unknown>>(dataDir: string, sql: string, ...args: (string | number)[]): T[] {
  const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    return db.query(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

export const documentCount = (dataDir: string) => dbRows<{ n: number }>(dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents')[0]!.n;

/** Creates a user holding a profile on an entity (recursive) and returns a logged-in client. */
export async function userWith(glpi: Client, profileId: number, entityId: number): Promise<{ id: number; client: Client }> {
  const name = unique('docuser');
  const id = await glpi.create('User', { name, password: PASSWORD, password2: PASSWORD, _profiles_id: profileId, _entities_id: entityId, _is_recursive: 1 });
  const client = await new Client(glpi.api).login(name, PASSWORD);
  return { id, client };
}

/** Sets a core setting (Config item) as the super-admin. */
export async function setSetting(glpi: Client, name: string, value: string): Promise<void> {
  const found = await glpi.get('Config/', { query: `range=0-999&searchText[name]=^${name}$` });
  const row = (found.body as { id: number; name: string; context: string }[]).find((r) => r.name === name && r.context === 'core');
  if (!row) throw new Error(`no setting ${name}`);
  const res = await glpi.put(`Config/${row.id}`, { input: { value } });
  if (res.status !== 200) throw new Error(`setting ${name} failed: ${res.status} ${res.text}`);
}

/** Whitelists an extension (as an administrator would, through DocumentType). */
export async function allowExtension(glpi: Client, ext: string, mime?: string): Promise<number> {
  return glpi.create('DocumentType', { name: ext.toUpperCase(), ext, is_uploadable: 1, ...(mime ? { mime } : {}) });
}

/** A minimal valid 1x1 PNG. */
export const PNG_1X1 = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

/** The 1x1 PNG with unique trailing bytes (still a PNG by its magic number, never shared). */
export const uniquePng = () => Uint8Array.from([...PNG_1X1, ...new TextEncoder().encode(uniqueText('png'))]);
