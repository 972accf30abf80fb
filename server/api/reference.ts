/**
 * GET /apirest.php/ in a browser: the human API reference, a fold over /openapi.json (itself a fold
 * over the route table, routes.ts, and the request-parameter table), the registry (fields, search
 * options) and the error catalogue. One self-contained page (no external assets), built on first request.
 */
import { createHash } from 'node:crypto';
import { allItemtypes, type Itemtype } from '../registry';
import { searchOptions } from '../registry/searchoptions';
import { ERROR_CATALOGUE } from '../core/errors';
import { VERSION } from '../core/version';
import { buildOpenApi } from './openapi';
import type { Route } from './route-types';
import { cachedText, type CachedText } from './compressed';

type Json = Record<string, any>;

const esc = (value: unknown) =>
  String(value).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
const table = (head: string[], rows: unknown[][]) =>
  `<table><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c ?? '')}</td>`).join('')}</tr>`).join('')}</table>`;
const typeOf = (schema: Json | undefined): string =>
  !schema ? '' : schema.enum ? (schema.enum as unknown[]).join(' | ') : [schema.type].flat().join(' | ') + (schema.items ? ` of ${typeOf(schema.items)}` : '');

/** Resolves `#/components/parameters/x` against the document. */
const resolve = (doc: Json, node: Json): Json => (node.$ref ? (node.$ref as string).split('/').slice(1).reduce((at: Json, key) => at[key], doc) : node);

/** A concrete request for the path: an itemtype placeholder becomes Computer, ids become 1. */
function example(method: string, path: string, params: Json[]): string {
  const concrete = path.replace('{itemtype}', 'Computer').replace('{sub_itemtype}', 'NetworkPort').replace('{id}', '1');
  const range = params.some((p) => p.name === 'range') && method === 'get' ? '?range=0-9' : '';
  const lines = [`curl -X ${method.toUpperCase()} '/apirest.php${concrete}${range}'`];
  if (path !== '/initSession' && path !== '/lostPassword') lines.push(`  -H 'Session-Token: <session_token>'`);
  else if (path === '/initSession') lines.push(`  -H 'Authorization: Basic <base64 of login:password>'`);
  if (['post', 'put', 'patch'].includes(method)) lines.push(`  -H 'Content-Type: application/json' -d '{"input": {…}}'`);
  return lines.join(' \\\n');
}

function endpoints(doc: Json, skip: Set<string>): string {
  const out: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Json)) {
    if (skip.has(path)) continue;
    for (const [method, op] of Object.entries(ops as Json)) {
      const params = ((op.parameters ?? []) as Json[]).map((p) => resolve(doc, p));
      out.push(
        `<section id="${esc(op.operationId)}"><h3><code>${esc(method.toUpperCase())} ${esc(path)}</code> ${esc(op.summary ?? '')}</h3>`,
        op.description ? `<p>${esc(op.description)}</p>` : '',
        params.length ? table(['Parameter', 'In', 'Type', 'Default', 'Description'], params.map((p) => [p.name, p.in, typeOf(p.schema), p.schema?.default === undefined ? '' : JSON.stringify(p.schema.default), p.description])) : '',
        `<pre>${esc(example(method, path, params))}</pre></section>`,
      );
    }
  }
  return out.join('\n');
}

function itemtypeSection(doc: Json, type: Itemtype): string {
  const schema = doc.components.schemas[type.name] as Json;
  const fields = Object.entries(schema.properties as Json).filter(([name]) => name !== 'links');
  const options = searchOptions(type).entries.flatMap((e) => ('id' in e ? [[e.id, e.name, `${e.table}.${e.field}`, e.datatype]] : []));
  return [
    `<section id="itemtype-${esc(type.name)}"><h3>${esc(type.name)}</h3><p>${esc(schema.description)} Paths: <code>/apirest.php/${esc(type.name)}/</code>, <code>/apirest.php/${esc(type.name)}/{id}</code>.</p>`,
    '<details><summary>Fields</summary>',
    table(['Field', 'Type', 'Default', 'Notes'], fields.map(([name, s]) => [name, typeOf(s), s.default === undefined ? '' : JSON.stringify(s.default), [s.readOnly ? 'read-only' : '', s.description ?? ''].filter(Boolean).join('; ')])),
    `</details><details><summary>Search options (${options.length})</summary>`,
    table(['id', 'name', 'field', 'datatype'], options),
    '</details></section>',
  ].join('\n');
}

const CSS = `body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:auto;padding:1em;color:#222}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f4f4f4;padding:.6em;overflow:auto}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#eee}h3{margin-bottom:.2em}section{border-top:1px solid #ddd;margin-top:1em}:target{background:#fff8d0}nav a{margin-right:.6em}`;

/** The page's policy: scripts only from the server (it has none inline), its one style by hash, never framed. */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The verbs of a path, as the document lists them. */
const verbsOf = (doc: Json, path: string) => Object.keys(doc.paths[path] as Json).map((m) => m.toUpperCase()).join('|');

export function buildReference(routes: readonly Route[]): string {
  const doc = buildOpenApi(routes) as Json;
  const types = allItemtypes().slice().sort((a, b) => a.name.localeCompare(b.name));
  const perType = new Set(types.flatMap((t) => [`/${t.name}/`, `/${t.name}/{id}`]));
  const errorsHtml = Object.entries(ERROR_CATALOGUE)
    .map(([code, { status, meaning }]) => `<section id="${esc(code)}"><h3><code>${esc(code)}</code> (HTTP ${esc(status)})</h3><p>${esc(meaning)}</p></section>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Deskbase REST API ${esc(VERSION)}</title><style>${CSS}</style></head><body>
<h1>Deskbase REST API <small>${esc(VERSION)}</small></h1><p>${esc(doc.info.description)}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a>. Every failure is <code>["ERROR_CODE", "message"]</code>; see <a href="#errors">error codes</a>.</p>
<nav><a href="#endpoints">Endpoints</a><a href="#itemtypes">Itemtypes</a><a href="#errors">Errors</a></nav>
<h2 id="endpoints">Endpoints</h2>
<p>Every itemtype below also answers <code>${verbsOf(doc, '/Computer/')} /&lt;Itemtype&gt;/</code> and <code>${verbsOf(doc, '/Computer/{id}')} /&lt;Itemtype&gt;/{id}</code>, as shown for Computer.</p>
${endpoints(doc, new Set([...perType].filter((p) => !p.startsWith('/Computer/'))))}
<h2 id="itemtypes">Itemtypes</h2><p>${types.map((t) => `<a href="#itemtype-${esc(t.name)}">${esc(t.name)}</a>`).join(' ')}</p>
${types.map((t) => itemtypeSection(doc, t)).join('\n')}
<h2 id="errors">Error codes</h2>
${errorsHtml}
</body></html>`;
}

let page: (() => CachedText) | null = null;

/** The page, built and compressed once. */
export function referencePage(routes: readonly Route[]): CachedText {
  page ??= cachedText(() => buildReference(routes));
  return page();
}
