import type { Reply, RequestContext } from './context';
import { REFERENCE_CSP, referencePage } from './reference';
import { encodedBody } from './compressed';
import type { Route } from './route-types';

const MARKDOWN = `# Deskbase REST API

Deskbase answers GLPI's legacy REST API at \`/apirest.php\`.

1. Open a session: \`GET /apirest.php/initSession\` with \`Authorization: Basic <base64 login:password>\`
   or \`Authorization: user_token <token>\`; the answer holds \`session_token\`.
2. Send it as the \`Session-Token\` header on every later call.
3. Items: \`GET|POST|PUT|PATCH|DELETE /apirest.php/<Itemtype>/[<id>]\`, sub-items
   \`GET /apirest.php/<Itemtype>/<id>/<SubItemtype>\`, \`GET /apirest.php/getMultipleItems\`.
4. Session: \`getFullSession\`, \`getMyProfiles\`, \`changeActiveProfile\`, \`getMyEntities\`,
   \`changeActiveEntities\`, \`getActiveEntities\`, \`getGlpiConfig\`, \`killSession\`; and, a Deskbase
   addition, \`getMyDevices\`: the session user's own devices a ticket may concern (helpdesk form),
   and \`getTicketTemplate\`: the template a new ticket would use, with its mandatory, hidden and
   predefined fields.
5. \`GET /apirest.php/listSearchOptions/<Itemtype>\` lists the search options.
6. \`POST /apirest.php/testRules\` runs a rule collection on an input and says what it would set,
   writing nothing; \`POST /apirest.php/replayDictionary\` replays a dictionary on the rows already
   there (\`GET\` shows the progress); \`GET /apirest.php/ruleFields/<sub_type>\` lists a collection's
   criteria, conditions and actions, as its rule editor offers them.

Errors are answered as \`["ERROR_CODE", "message"]\` with the HTTP status of GLPI.
`;

/** GET /apirest.php/ without a session: the API reference (a short markdown summary for JSON clients, as GLPI). */
export function inlineDoc(ctx: RequestContext, routes: readonly Route[]): Reply {
  if ((ctx.headers.get('content-type') ?? '').includes('application/json')) {
    return { status: 200, raw: MARKDOWN, headers: { 'Content-Type': 'text/markdown; charset=UTF-8' } };
  }
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Security-Policy': REFERENCE_CSP };
  return { status: 200, raw: encodedBody(ctx.headers, referencePage(routes), headers), headers };
}
