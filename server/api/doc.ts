import type { Reply, RequestContext } from '../auth/context';

const MARKDOWN = `# Deskbase REST API

Deskbase answers GLPI's legacy REST API at \`/apirest.php\`.

1. Open a session: \`GET /apirest.php/initSession\` with \`Authorization: Basic <base64 login:password>\`
   or \`Authorization: user_token <token>\`; the answer holds \`session_token\`.
2. Send it as the \`Session-Token\` header on every later call.
3. Items: \`GET|POST|PUT|PATCH|DELETE /apirest.php/<Itemtype>/[<id>]\`, sub-items
   \`GET /apirest.php/<Itemtype>/<id>/<SubItemtype>\`, \`GET /apirest.php/getMultipleItems\`.
4. Session: \`getFullSession\`, \`getMyProfiles\`, \`changeActiveProfile\`, \`getMyEntities\`,
   \`changeActiveEntities\`, \`getActiveEntities\`, \`getGlpiConfig\`, \`killSession\`.
5. \`GET /apirest.php/listSearchOptions/<Itemtype>\` lists the search options.

Errors are answered as \`["ERROR_CODE", "message"]\` with the HTTP status of GLPI.
`;

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** GET /apirest.php/ without a session: a short page describing the API (markdown for JSON clients). */
export function inlineDoc(ctx: RequestContext): Reply {
  if ((ctx.headers.get('content-type') ?? '').includes('application/json')) {
    return { status: 200, raw: MARKDOWN, headers: { 'Content-Type': 'text/markdown; charset=UTF-8' } };
  }
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Deskbase API</title></head><body><pre>${escapeHtml(MARKDOWN)}</pre></body></html>`;
  return { status: 200, raw: html, headers: { 'Content-Type': 'text/html; charset=UTF-8' } };
}
