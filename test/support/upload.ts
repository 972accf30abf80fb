/** Multipart uploads as GLPI clients send them: the JSON manifest, then the file parts. */
import type { ApiResponse, Client } from './client';

export interface FilePart {
  /** The form field; `filename[i]` by default. */
  field?: string;
  name: string;
  content: string | Uint8Array;
  type?: string;
}

export const bytesOf = (content: string | Uint8Array): Uint8Array<ArrayBuffer> => (typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content));

/** A fetch Response as the clients of the tests read it (JSON parsed when it is JSON). */
export async function toApiResponse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('application/json') && text !== '') body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body, text };
}

/** Sends `manifest` as `uploadManifest` and the files as parts, with the client's session (unless `anonymous`). */
export async function upload(client: Client, path: string, manifest: unknown, files: FilePart[], method = 'POST', anonymous = false): Promise<ApiResponse> {
  const form = new FormData();
  form.append('uploadManifest', new Blob([JSON.stringify(manifest)], { type: 'application/json' }));
  files.forEach((f, i) => form.append(f.field ?? `filename[${i}]`, new File([bytesOf(f.content)], f.name, { type: f.type ?? 'application/octet-stream' })));
  const headers: Record<string, string> = anonymous || !client.token ? {} : { 'Session-Token': client.token };
  return toApiResponse(await fetch(`${client.api}/${path}`, { method, headers, body: form }));
}
