/**
 * Every endpoint of /apirest.php, once: method, path, parameters (names in the parameter table,
 * core/request-params.ts), body, rights and handler, with what /openapi.json says of it. The router
 * (http/router.ts, items/route.ts) dispatches from this table; /openapi.json and the reference
 * page are folds over it (openapi.ts). A test checks that the three agree.
 */
import type { SessionContext } from './context';
import type { Itemtype } from '../registry';
import type { Answer, ItemHandler, ItemRoute, Method, PublicRoute, Route, SessionRoute } from './route-types';
import { badRequest } from '../core/errors';
import { READ, UPDATE } from '../auth/rights';
import { WITH_FLAGS, type RequestParamName } from '../core/request-params';
import { BOOL, commonErrors, errorResponse, OBJECT, ok, PAGE_HEADERS, ref, RETRY_AFTER, jsonContent, type Operation, type Schema } from './doc-parts';
import { inlineDoc } from './doc';
import { lostPassword } from './lost-password';
import { getFullSession, getGlpiConfig, initSession, killSession } from './session';
import { getMyDevices } from './my-devices';
import { getTicketTemplate } from './ticket-template';
import { changeActiveEntities, changeActiveProfile, getActiveEntities, getActiveProfile, getMyEntities, getMyProfiles } from './profiles';
import { getMultipleItems } from './items/multiple';
import { listSearchOptions } from './searchoptions';
import { searchAnyName } from './alias-search';
import { testRules } from './test-rules';
import { replayDictionary } from './replay-dictionary';
import { agentInventory } from './agent-inventory';
import { ruleFields } from './rule-fields';
import { liveEvents } from './events';
import { testWebhook } from './test-webhook';
import { previewNotification, retryNotification } from './notification-console';
import { userPicture } from './picture';
import { collectMail, importRefusedMail, refusedMailSource, testMailCollector } from './mail';
import { importDirectoryGroups, importDirectoryUsers, lastDirectorySync, listDirectoryGroups, listDirectoryUsers, onDirectoryServer, startDirectorySync, testDirectory } from './directory';
import { isRowId } from '../registry';
import { getItem } from './items/read';
import { listItems } from './items/list';
import { listSubItems, parentFields } from './items/subitems';
import { createItems, deleteItems, updateItems } from './items/write';

const SESSION = ['Session'];
const session = (method: Method, path: string, handler: SessionRoute['handler'], doc: Operation, params: RequestParamName[] = [], body?: Schema): SessionRoute => ({
  method,
  path,
  params,
  rights: 'session',
  anyVerb: true,
  handler,
  doc: { tags: SESSION, ...doc },
  ...(body ? { body } : {}),
});
const answers = (summary: string, schema: Schema, extra: Schema = {}) => ({ 200: ok(summary, schema), ...commonErrors, ...extra });
const CHANGED = { 200: ok('Changed'), ...commonErrors, 404: ref('responses', 'NotFound') };

const READ_PARAMS = ['expand_dropdowns', 'get_hateoas', 'get_sha1', ...WITH_FLAGS, 'add_keys_names'] as const;
const LIST_PARAMS = ['range', 'sort', 'order', 'searchText', 'is_deleted', 'expand_dropdowns', 'get_hateoas', 'only_id', 'add_keys_names', 'with_networkports'] as const;
const SUB_PATH = '/{itemtype}/{id}/{sub_itemtype}';

/** What a rule criterion's pattern or an action's value holds (ruleFields). */
const RULE_VALUE: Schema = {
  oneOf: [
    { type: 'object', properties: { kind: { const: 'text' } } },
    { type: 'object', properties: { kind: { const: 'dropdown' }, itemtype: { type: 'string' } } },
    { type: 'object', properties: { kind: { const: 'list' }, choices: { type: 'array', items: { type: 'object', properties: { value: { type: ['integer', 'string'] }, label: { type: 'string' } } } } } },
  ],
};

/** The public endpoints, answered before any token is read. */
const PUBLIC_ROUTES: PublicRoute[] = [
  {
    method: 'GET',
    path: '/',
    params: [],
    rights: 'none',
    anyVerb: true,
    handler: (ctx) => inlineDoc(ctx, ROUTES),
    doc: { tags: SESSION, operationId: 'apiReference', summary: 'The API reference: this page in a browser, a short markdown summary for JSON clients', security: [], responses: { 200: { description: 'The reference', content: { 'text/html': { schema: { type: 'string' } }, 'text/markdown': { schema: { type: 'string' } } } } } },
  },
  {
    method: 'GET',
    path: '/initSession',
    params: ['get_full_session', 'login', 'password', 'user_token'],
    rights: 'none',
    anyVerb: true,
    handler: initSession,
    doc: {
      tags: SESSION,
      operationId: 'initSession',
      summary: 'Open a session',
      description:
        'Credentials: `Authorization: Basic base64(login:password)`, or `Authorization: user_token <token>`, or the login/password/user_token parameters. Send the answered session_token as the Session-Token header afterwards.',
      security: [{ BasicAuth: [] }, { UserToken: [] }, { BasicAuth: [], AppToken: [] }, { UserToken: [], AppToken: [] }],
      responses: {
        200: ok('The session token', { type: 'object', required: ['session_token'], properties: { session_token: { type: 'string' }, session: OBJECT } }),
        400: ref('responses', 'BadRequest'),
        401: errorResponse('ERROR_GLPI_LOGIN, ERROR_GLPI_LOGIN_USER_TOKEN'),
        429: { ...errorResponse('Too many failed logins (ERROR_GLPI_LOGIN) or requests (ERROR_TOO_MANY_REQUESTS), see Retry-After'), headers: RETRY_AFTER },
      },
    },
  },
  {
    method: 'PUT',
    path: '/lostPassword',
    params: [],
    rights: 'none',
    anyVerb: true,
    handler: lostPassword,
    body: { type: 'object', properties: { email: { type: 'string' }, password_forget_token: { type: 'string' }, password: { type: 'string' } } },
    doc: {
      tags: SESSION,
      operationId: 'lostPassword',
      summary: 'Ask for a password reset e-mail (email), or reset (email, password_forget_token, password)',
      security: [],
      responses: { 200: ok('Done', { type: 'array', items: { type: 'string' } }), 400: ref('responses', 'BadRequest') },
    },
  },
];

/** The named endpoints of a session (`/<name>[/…]`). */
const SESSION_ROUTES: SessionRoute[] = [
  session('GET', '/killSession', killSession, { operationId: 'killSession', summary: 'Close the session', responses: answers('Close the session', {}) }),
  session('GET', '/getFullSession', getFullSession, { operationId: 'getFullSession', summary: 'The session', responses: answers('The session', { type: 'object', properties: { session: OBJECT } }) }),
  session('GET', '/getGlpiConfig', getGlpiConfig, { operationId: 'getGlpiConfig', summary: 'The configuration (without secrets)', responses: answers('The configuration (without secrets)', { type: 'object', properties: { cfg_glpi: OBJECT } }) }),
  session('GET', '/getMyProfiles', getMyProfiles, { operationId: 'getMyProfiles', summary: 'Profiles of the user', responses: answers('Profiles of the user', { type: 'object', properties: { myprofiles: { type: 'array', items: OBJECT } } }) }),
  session('GET', '/getActiveProfile', getActiveProfile, { operationId: 'getActiveProfile', summary: 'The active profile', responses: answers('The active profile', { type: 'object', properties: { active_profile: OBJECT } }) }),
  session('POST', '/changeActiveProfile', changeActiveProfile, { operationId: 'changeActiveProfile', summary: 'Change the active profile', responses: CHANGED }, [], {
    type: 'object',
    required: ['profiles_id'],
    properties: { profiles_id: { type: 'integer' } },
  }),
  session(
    'GET',
    '/getMyEntities',
    getMyEntities,
    {
      operationId: 'getMyEntities',
      summary: 'Entities the user can reach',
      responses: answers('Entities the user can reach', { type: 'object', properties: { myentities: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } } } }),
    },
    ['is_recursive'],
  ),
  session('GET', '/getMyDevices', getMyDevices, {
    operationId: 'getMyDevices',
    summary:
      "Deskbase addition (not in GLPI 10): the session user's own devices (users_id, or groups_id of their groups) of the active profile's helpdesk_item_type types, when its helpdesk_hardware allows them",
    responses: answers('My devices', { type: 'object', properties: { mydevices: { type: 'array', items: { type: 'object', properties: { itemtype: { type: 'string' }, id: { type: 'integer' }, name: { type: 'string' }, entities_id: { type: 'integer' } } } } } }),
  }),
  session(
    'GET',
    '/getTicketTemplate',
    getTicketTemplate,
    {
      // Not getTicketTemplate: that names the read of a TicketTemplate item.
      operationId: 'getTicketTemplateToUse',
      summary:
        "Deskbase addition (not in GLPI 10): the ticket template a ticket the session opens would use (the category's for the type, else the profile's, else the entity's), with its mandatory, hidden and predefined fields named as the input names them",
      responses: answers('The template, or null', { type: 'object', properties: { tickettemplate: { type: ['object', 'null'] } } }),
    },
    ['itilcategories_id', 'ticket_type'],
  ),
  session('GET', '/getActiveEntities', getActiveEntities, { operationId: 'getActiveEntities', summary: 'The active entities', responses: answers('The active entities', { type: 'object', properties: { active_entity: OBJECT } }) }),
  session('POST', '/changeActiveEntities', changeActiveEntities, { operationId: 'changeActiveEntities', summary: 'Change the active entities', responses: CHANGED }, [], {
    type: 'object',
    properties: { entities_id: { oneOf: [{ type: 'integer' }, { type: 'string', enum: ['all'] }] }, is_recursive: BOOL },
  }),
  session(
    'GET',
    '/getMultipleItems',
    getMultipleItems,
    { operationId: 'getMultipleItems', summary: 'Several items of any types at once', responses: answers('Several items of any types at once', { type: 'array', items: OBJECT }) },
    ['items', 'expand_dropdowns', 'get_hateoas', ...WITH_FLAGS],
  ),
  session('GET', '/listSearchOptions/{itemtype}', listSearchOptions, { operationId: 'listSearchOptions', summary: 'Search options of an itemtype', responses: answers('Search options of an itemtype', OBJECT) }, ['itemtype', 'raw']),
  session(
      'GET',
      '/search/{itemtype}',
      searchAnyName,
      {
        tags: ['Search'],
        operationId: 'search',
        summary: "GLPI's search engine",
        description:
          'criteria[0][field]=<search option id>&criteria[0][searchtype]=contains|equals|notequals|lessthan|morethan|under|notunder&criteria[0][value]=…&criteria[1][link]=AND|OR|AND NOT|OR NOT; metacriteria[…][itemtype] for linked types; forcedisplay[]=<id>. AllAssets searches every asset type.',
        responses: {
          200: ok('Results', { type: 'object', properties: { totalcount: { type: 'integer' }, count: { type: 'integer' }, sort: {}, order: {}, data: {}, 'content-range': { type: 'string' } } }),
          206: ok('One page of the results', OBJECT),
          ...commonErrors,
        },
      },
      ['itemtype', 'criteria', 'metacriteria', 'forcedisplay', 'search_sort', 'order', 'range', 'rawdata', 'withindexes', 'uid_cols', 'giveItems', 'is_deleted'],
    ),
  session(
    'POST',
    '/testRules',
    testRules,
    {
      operationId: 'testRules',
      summary: "Run a rule collection on an input, writing nothing (GLPI's rules engine tester)",
      description:
        'Needs READ on the collection\'s right (rule_ticket, rule_dictionnary_software…). Answers every rule tried in ranking order, each criterion with the value it compared and whether it held, what the actions of the matching rules set (`output`), and what writing it would leave out (a group deleted since, a value the field cannot take). Ticket and asset rules are tried in `entities_id` (an active entity, the session\'s by default) and as on add (`condition` 1, default) or update (2).',
      responses: {
        200: ok('The rules tried and what they set', {
          type: 'object',
          required: ['sub_type', 'rules', 'output', 'left_out'],
          properties: {
            sub_type: { type: 'string' },
            entities_id: { type: 'integer' },
            condition: { type: 'integer' },
            rules: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  name: { type: 'string' },
                  ranking: { type: 'integer' },
                  matched: { type: 'boolean' },
                  criteria: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, criteria: { type: 'string' }, condition: { type: 'integer' }, pattern: { type: 'string' }, value: {}, holds: { type: 'boolean' }, error: { type: 'string' } } } },
                  actions: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, action_type: { type: 'string' }, field: { type: 'string' }, value: { type: 'string' }, set: OBJECT, error: { type: 'string' } } } },
                },
              },
            },
            output: OBJECT,
            left_out: { type: 'array', items: { type: 'string' } },
          },
        }),
        ...commonErrors,
      },
    },
    [],
    {
      type: 'object',
      required: ['sub_type', 'input'],
      properties: {
        sub_type: { type: 'string', description: 'The rule collection: RuleTicket, RuleAsset, RuleDictionnarySoftware, RuleDictionnaryManufacturer…' },
        input: { type: 'object', description: 'The fields the rules test, as a write would give them (a ticket: name, content, _users_id_requester, items_id…)' },
        entities_id: { type: 'integer' },
        condition: { type: 'integer', enum: [1, 2] },
      },
    },
  ),
  session('GET', '/replayDictionary', replayDictionary, {
    operationId: 'listDictionaryReplays',
    summary: 'The dictionary replays of the dictionaries the session may read, newest first, with their progress',
    responses: { 200: ok('The replays', { type: 'array', items: ref('schemas', 'DictionaryReplay') }), ...commonErrors },
  }),
  session(
    'POST',
    '/replayDictionary',
    replayDictionary,
    {
      operationId: 'replayDictionary',
      summary: "Replay a dictionary on the rows already there (GLPI's replay of the dictionary rules), run by the automatic action replaydictionary a batch per turn",
      description: "Needs UPDATE on the dictionary's right (rule_dictionnary_software, rule_dictionnary_dropdown).",
      responses: { 201: ok('Asked for: its progress', ref('schemas', 'DictionaryReplay')), ...commonErrors },
    },
    [],
    { type: 'object', required: ['sub_type'], properties: { sub_type: { type: 'string', description: 'RuleDictionnarySoftware, RuleDictionnaryManufacturer, RuleDictionnaryComputerModel…' } } },
  ),
  session(
    'GET',
    '/ruleFields/{sub_type}',
    ruleFields,
    {
      operationId: 'ruleFields',
      summary: "What a rule collection's editor offers: its criteria, the conditions valid for each, its action fields with their action types, and what a pattern or value holds",
      description:
        "Needs READ on the collection's right. Criteria: `name` (RuleCriteria.criteria), GLPI's label, `conditions` (GLPI's numbers valid for it: the usual ten, under / not under on a tree dropdown, a collection's own such as 10 is already present, or only those GLPI allows) and `value`: `text`, `dropdown` (an id of `itemtype`) or `list` (fixed choices: urgency, status, yes/no…). Actions: `field` (RuleAction.field), label, and `types` (RuleAction.action_type values it takes, each with what its value holds). `conditions` labels every condition number. RuleRight adds the directory attributes declared as RuleRightParameter. `GET ruleFields?sub_type=…` is the same.",
      responses: {
        200: ok('The criteria and actions', {
          type: 'object',
          properties: {
            sub_type: { type: 'string' },
            conditions: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' } } } },
            criteria: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, label: { type: 'string' }, conditions: { type: 'array', items: { type: 'integer' } }, value: RULE_VALUE } } },
            actions: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, label: { type: 'string' }, types: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, label: { type: 'string' }, value: RULE_VALUE } } } } } },
          },
        }),
        ...commonErrors,
      },
    },
    ['sub_type'],
  ),
  session(
    'GET',
    '/agentInventory/{id}',
    agentInventory,
    {
      operationId: 'agentInventory',
      summary: "The last inventory an agent sent, as it sent it (GLPI's files/_inventories): <deviceid>.xml or .json, gzip'd as kept when the client accepts gzip",
      description: 'Needs READ on the inventory right and the agent within the active entities.',
      responses: {
        200: { description: 'The inventory file', content: { 'application/xml': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } } },
        ...commonErrors,
      },
    },
    ['id'],
  ),
  session('GET', '/events', liveEvents, {
    operationId: 'liveEvents',
    summary: 'The live event stream (Server-Sent Events) of the tickets, problems and changes the session may read',
    description:
      'Each event is `event: <name>` and `data: {"itemtype","items_id","event"}`, checked against what the session may read when it happens. Names, as the notifications\' events: new, update, solved, closed, delete, add_followup, add_task, update_followup, update_task, delete_followup, delete_task, validation, validation_answer, requester_user, requester_group, observer_user, observer_group, assign_user, assign_group, assign_supplier, satisfaction, recall. A comment line every five seconds keeps the stream open; it ends with the session.',
    responses: {
      200: { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' }, example: 'event: add_followup\ndata: {"itemtype":"Ticket","items_id":12,"event":"add_followup"}\n\n' } } },
      ...commonErrors,
    },
  }),
  session(
    'POST',
    '/previewNotification',
    previewNotification,
    {
      operationId: 'previewNotification',
      summary: "Render a ticket, problem or change template's translation on a real item, as its mails would read, with the tags the item's data lacks",
      description:
        "The translation of `language` (else the one for all languages); `subject`, `content_text` and `content_html` given replace the stored ones (an edit not saved yet). Rendered as for a recipient with the session's sight of private followups and tasks. Needs READ on the notification right and the item readable by the session.",
      responses: {
        200: ok('The rendered mail', {
          type: 'object',
          properties: {
            subject: { type: 'string', description: "with GLPI's [GLPI #0000123] tag" },
            text: { type: 'string' },
            html: { type: 'string' },
            unknown_tags: { type: 'array', items: { type: 'string' }, description: 'tags the data lacks (rendered empty); FOREACHname for a list it lacks' },
          },
        }),
        ...commonErrors,
      },
    },
    [],
    {
      type: 'object',
      required: ['notificationtemplates_id', 'items_id'],
      properties: {
        notificationtemplates_id: { type: 'integer' },
        items_id: { type: 'integer', description: "an item of the template's itemtype (Ticket, Problem, Change)" },
        language: { type: 'string' },
        subject: { type: 'string' },
        content_text: { type: 'string' },
        content_html: { type: 'string' },
      },
    },
  ),
  session(
    'POST',
    '/retryNotification',
    retryNotification,
    {
      operationId: 'retryNotification',
      summary: 'Send a queued mail now: one waiting for its next attempt, or given up (its tries counted afresh)',
      description: 'Needs PURGE on the queuednotification right. A mail already sent is refused (400).',
      responses: { 200: ok('Due now; the sender is woken', { type: 'object', properties: { id: { type: 'integer' }, retried: { type: 'boolean' } } }), ...commonErrors },
    },
    [],
    { type: 'object', required: ['queuednotifications_id'], properties: { queuednotifications_id: { type: 'integer' } } },
  ),
  session(
    'POST',
    '/testWebhook',
    testWebhook,
    {
      operationId: 'testWebhook',
      summary: 'Send a test event to a webhook now (signed as its deliveries are, through the same address guard), logged with its deliveries',
      description: 'Needs UPDATE on the webhook right and the webhook within the active entities.',
      responses: {
        200: ok('What came of it', {
          type: 'object',
          properties: {
            id: { type: 'integer', description: 'the logged delivery (QueuedWebhook)' },
            ok: { type: 'boolean' },
            status: { type: ['integer', 'null'], description: 'HTTP status of the answer, null without one' },
            duration_ms: { type: 'integer' },
            response: { type: 'string', description: 'the first 1000 characters of the answer' },
            error: { type: ['string', 'null'] },
          },
        }),
        ...commonErrors,
      },
    },
    [],
    { type: 'object', required: ['webhooks_id'], properties: { webhooks_id: { type: 'integer' } } },
  ),
];

/** The mail collectors' actions: GLPI's `config` right guards them all (READ for the source, UPDATE for the actions). */
const mailAction = (method: Method, path: string, can: 'read' | 'update', run: (ctx: SessionContext, id: number) => Answer, doc: Operation, body?: Schema): SessionRoute => ({
  method,
  path,
  params: ['id'],
  rights: { itemtype: path.split('/')[1]!, can },
  handler: (ctx) => run(ctx, Number(ctx.segments[1])),
  doc: { tags: [path.split('/')[1]!], ...doc },
  ...(body ? { body } : {}),
});

/** GLPI's User::IMPORTEXTAUTHUSERS and User::UPDATEAUTHENT bits of the `user` right, and UPDATE. */
const IMPORT_EXTERNAL_USERS = 1024;
const UPDATE_AUTHENTICATION = 4096;
/** Each directory action with the rights (name and bits) GLPI's screen for it checks. */
const FOR_USERS = [['user', IMPORT_EXTERNAL_USERS]] as const;
const FOR_GROUPS = [['group', UPDATE], ['user', UPDATE_AUTHENTICATION]] as const;
const directoryAction = (
  method: Method,
  action: string,
  bits: readonly (readonly [string, number])[],
  run: Parameters<typeof onDirectoryServer>[0],
  params: RequestParamName[],
  doc: Operation,
  body?: Schema,
  anyState?: true,
): SessionRoute => ({
  method,
  path: `/AuthLDAP/{id}/${action}`,
  params: ['id', ...params],
  rights: { bits },
  handler: onDirectoryServer(run, anyState),
  doc: { tags: ['AuthLDAP'], ...doc },
  ...(body ? { body } : {}),
});
/** A directory synchronisation's report (AuthLDAP/{id}/sync). */
const SYNC_REPORT: Schema = {
  type: ['object', 'null'],
  properties: {
    status: { type: 'string', enum: ['running', 'done', 'failed'] },
    started_by: { type: 'string', description: '`cron_ldapsync` (the automatic action), `deskbase directory sync`, or the user who asked for it' },
    accounts: { type: 'integer', description: 'accounts the directory lists' },
    done: { type: 'integer', description: 'accounts gone through so far' },
    updated: { type: 'integer' },
    restored: { type: 'integer', description: 'users back in the directory' },
    gone: { type: 'integer', description: 'users newly marked gone (user_deleted_ldap)' },
    groups: { type: 'integer', description: 'users whose groups from the directory changed' },
    error: { type: ['string', 'null'] },
    date_creation: { type: 'string' },
    date_done: { type: ['string', 'null'] },
  },
};
const importReport = (key: string) => ({
  type: 'object',
  properties: {
    imported: { type: 'array', items: { type: 'object', properties: { [key]: { type: 'string' }, id: { type: 'integer' } } } },
    existing: { type: 'array', items: { type: 'string' } },
    not_found: { type: 'array', items: { type: 'string' } },
  },
});

/** `/<Itemtype>/{id}/<action>`: an action on one item, beside GLPI's item routes. */
const ACTION_ROUTES: SessionRoute[] = [
  {
    method: 'GET',
    path: '/User/{id}/Picture',
    params: ['id'],
    rights: 'session',
    anyVerb: true,
    handler: userPicture,
    doc: {
      tags: ['User'],
      operationId: 'getUserPicture',
      summary: "The user's picture",
      responses: { 200: { description: 'The image', content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } } }, 204: { description: 'No picture' }, ...commonErrors },
    },
  },
  mailAction('POST', '/MailCollector/{id}/collect', 'update', collectMail, {
    operationId: 'collectMail',
    summary: 'Run a mail collector now (or join its run in flight): each new mail becomes a ticket, a follow-up or a refusal',
    description: "Needs UPDATE on the `config` right. Imports at most the mailgate automatic action's `param` new mails (10 by default).",
    responses: {
      200: ok('What the run did', {
        type: 'object',
        properties: { tickets: { type: 'integer' }, followups: { type: 'integer' }, refused: { type: 'integer' }, again: { type: 'integer', description: 'Mails whose outcome an earlier run had committed, settled now' }, error: { type: ['string', 'null'] } },
      }),
      ...commonErrors,
    },
  }),
  mailAction('POST', '/MailCollector/{id}/test', 'update', testMailCollector, {
    operationId: 'testMailCollector',
    summary: "Log in to a mail collector's mailbox and list its folders, reading nothing (GLPI's test connection)",
    responses: { 200: ok('The folders, or why the mailbox cannot be reached', { type: 'object', properties: { folders: { type: 'array', items: { type: 'string' } }, error: { type: ['string', 'null'] } } }), ...commonErrors },
  }),
  mailAction('GET', '/NotImportedEmail/{id}/source', 'read', refusedMailSource, {
    operationId: 'getNotImportedEmailSource',
    summary: 'The raw message of a refused e-mail',
    responses: { 200: { description: 'The message', content: { 'message/rfc822': { schema: { type: 'string', contentMediaType: 'message/rfc822' } } } }, ...commonErrors },
  }),
  mailAction(
    'POST',
    '/NotImportedEmail/{id}/import',
    'update',
    importRefusedMail,
    {
      operationId: 'importNotImportedEmail',
      summary: 'Import a refused e-mail anyway, as a ticket of the entity given; the refusal goes',
      responses: { 201: ok('The new ticket', { type: 'object', properties: { id: { type: 'integer' } } }), ...commonErrors },
    },
    { type: 'object', required: ['input'], properties: { input: { type: 'object', required: ['entities_id'], properties: { entities_id: { type: 'integer' } } } } },
  ),
  directoryAction('GET', 'users', FOR_USERS, listDirectoryUsers, ['filter', 'name', 'start', 'limit'], {
    operationId: 'listDirectoryAccounts',
    summary: "The directory's accounts not yet users, sorted by login (GLPI's import from LDAP)",
    description: "Needs the `user` right's IMPORTEXTAUTHUSERS bit (1024). 400 when the filter does not parse or the directory cannot be reached.",
    responses: {
      200: ok('The page', { type: 'object', properties: { total: { type: 'integer' }, accounts: { type: 'array', items: { type: 'object', properties: { login: { type: 'string' }, dn: { type: 'string' } } } } } }),
      ...commonErrors,
    },
  }),
  directoryAction(
    'POST',
    'import',
    FOR_USERS,
    importDirectoryUsers,
    [],
    {
      operationId: 'importDirectoryAccounts',
      summary: 'Make users of directory accounts, by login or DN, as a first sign-in would (mapping, authorization rules)',
      description: "Needs the `user` right's IMPORTEXTAUTHUSERS bit (1024). At most 1000 accounts at once. 201 when one was imported, else 200.",
      responses: { 201: ok('What was done', importReport('login')), ...commonErrors },
    },
    { type: 'object', required: ['input'], properties: { input: { type: 'object', properties: { logins: { type: 'array', items: { type: 'string' } }, dns: { type: 'array', items: { type: 'string' } } } } } },
  ),
  directoryAction('GET', 'groups', FOR_GROUPS, listDirectoryGroups, ['filter', 'name', 'start', 'limit'], {
    operationId: 'listDirectoryGroups',
    summary: "The directory's group entries (group_condition, under basedn) no group is linked to yet, sorted by name (GLPI's import of new groups)",
    description: "Needs the `group` right's UPDATE and the `user` right's UPDATEAUTHENT bit (4096). 400 when the directory has no group_condition, the filter does not parse or the directory cannot be reached.",
    responses: {
      200: ok('The page', { type: 'object', properties: { total: { type: 'integer' }, groups: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, dn: { type: 'string' } } } } } }),
      ...commonErrors,
    },
  }),
  directoryAction(
    'POST',
    'importgroups',
    FOR_GROUPS,
    importDirectoryGroups,
    [],
    {
      operationId: 'importDirectoryGroups',
      summary: 'Make groups of group entries, by DN (name from cn, linked by ldap_group_dn), all or none',
      description: "Needs the `group` right's UPDATE and the `user` right's UPDATEAUTHENT bit (4096), and the group right's CREATE on the entity. At most 1000 at once. 201 when one was made, else 200.",
      responses: { 201: ok('What was done', importReport('dn')), ...commonErrors },
    },
    {
      type: 'object',
      required: ['input'],
      properties: { input: { type: 'object', required: ['dns'], properties: { dns: { type: 'array', items: { type: 'string' } }, entities_id: { type: 'integer', default: 0 }, is_recursive: { type: 'integer', enum: [0, 1], default: 0 } } } },
    },
  ),
  directoryAction(
    'POST',
    'test',
    [['config', UPDATE]],
    testDirectory,
    [],
    {
      operationId: 'testDirectory',
      summary: "Test a directory's connection, active or not (GLPI's test connection): bind as the root DN, find the base DN, count the accounts the login field and condition find, show what the field mapping makes of the first five",
      description: 'Needs UPDATE on the `config` right. 200 whatever the outcome: `error` says at which step it failed.',
      responses: {
        200: ok('What was found', {
          type: 'object',
          properties: {
            connected: { type: 'boolean' },
            basedn_found: { type: 'boolean' },
            accounts: { type: ['integer', 'null'] },
            sample: { type: 'array', items: { type: 'object', properties: { login: { type: 'string' }, dn: { type: 'string' }, fields: { type: 'object' } } } },
            error: { type: ['string', 'null'] },
          },
        }),
        ...commonErrors,
      },
    },
    undefined,
    true,
  ),
  directoryAction(
    'GET',
    'sync',
    [['config', READ]],
    lastDirectorySync,
    [],
    {
      operationId: 'getDirectorySync',
      summary: "A directory's last synchronisation (the ldapsync automatic action, `deskbase directory sync` or one asked for), with its progress while it runs; null when it never ran",
      description: 'Needs READ on the `config` right.',
      responses: { 200: ok('The report', SYNC_REPORT), ...commonErrors },
    },
    undefined,
    true,
  ),
  directoryAction('POST', 'sync', [['config', UPDATE]], startDirectorySync, [], {
    operationId: 'syncDirectoryNow',
    summary: 'Synchronise an active directory now, in the background (as the automatic action does, for this directory)',
    description: 'Needs UPDATE on the `config` right. 400 when a synchronisation is under way.',
    responses: { 202: ok('Its report as it starts (running)', SYNC_REPORT), ...commonErrors },
  }),
];

const itemSchema = (type: Itemtype) => ref('schemas', type.name);
const writable = (doc: (type: Itemtype) => Operation) => (type: Itemtype) => (type.readOnly ? null : doc(type));
const itemEntry = (method: Method, path: string, params: readonly RequestParamName[], handler: ItemHandler, doc: ItemRoute['doc'], body?: ItemRoute['body']): ItemRoute => ({
  method,
  path,
  params,
  rights: 'item',
  handler,
  doc,
  ...(body ? { body } : {}),
});
const createSchema = (type: Itemtype) => (type.required.length ? { allOf: [itemSchema(type)], required: type.required } : itemSchema(type));
const WRITTEN = { 200: ref('responses', 'Written'), 207: ref('responses', 'MultiStatus'), ...commonErrors };
const DELETE_LIST = { type: 'object', required: ['input'], properties: { input: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } } };
const updateOne = (name: string, operationId: string) => ({
  tags: [name],
  operationId,
  summary: `Update one ${name} (partial: only the given fields change; the URL id wins)`,
  responses: { 200: ref('responses', 'Written'), ...commonErrors, 404: ref('responses', 'NotFound') },
});
const updateList = (type: Itemtype, operationId: string) => ({ tags: [type.name], operationId, summary: `Update several ${type.name} items (each element carries its id)`, responses: WRITTEN });
const subItems = { type: 'array', items: OBJECT };

const createBody = (type: Itemtype) => ({ type: 'object', required: ['input'], properties: { input: { oneOf: [createSchema(type), { type: 'array', items: createSchema(type) }] } } });
const updateListBody = (type: Itemtype) => ({ type: 'object', required: ['input'], properties: { input: { type: 'array', items: itemSchema(type) } } });
const updateBody = (type: Itemtype) => ({ type: 'object', required: ['input'], properties: { input: itemSchema(type) } });
const inputBody = () => ({ type: 'object', required: ['input'], properties: { input: {} } });

/** /:itemtype[/:id[/:sub_itemtype[/:sub_id]]]: GLPI's item routes, for every itemtype. */
const ITEM_ROUTES: ItemRoute[] = [
  itemEntry('GET', '/{itemtype}/', LIST_PARAMS, (ctx, type) => listItems(ctx, type), (type) => ({
    tags: [type.name],
    operationId: `list${type.name}`,
    summary: `List ${type.name} items readable in the active entities`,
    responses: {
      200: { description: 'The whole collection', headers: PAGE_HEADERS, content: jsonContent({ type: 'array', items: itemSchema(type) }) },
      206: { description: 'One page of the collection', headers: PAGE_HEADERS, content: jsonContent({ type: 'array', items: itemSchema(type) }) },
      ...commonErrors,
    },
  })),
  itemEntry(
    'POST',
    '/{itemtype}/',
    [],
    (ctx, type) => createItems(ctx, type),
    writable((type) => ({
      tags: [type.name],
      operationId: `create${type.name}`,
      summary: `Create one ${type.name} (input object) or several (input array)`,
      ...(type.name === 'Document'
        ? { description: 'Upload with multipart/form-data: a part uploadManifest (JSON {"input": {"name": …, "_filename": ["file.pdf"]}}) and the files as filename[0], filename[1], …' }
        : {}),
      responses: { 201: ref('responses', 'Created'), 207: ref('responses', 'MultiStatus'), ...commonErrors },
    })),
    createBody,
  ),
  itemEntry('PUT', '/{itemtype}/', [], (ctx, type) => updateItems(ctx, type, null), writable((type) => updateList(type, `update${type.name}List`)), updateListBody),
  itemEntry('PATCH', '/{itemtype}/', [], (ctx, type) => updateItems(ctx, type, null), writable((type) => updateList(type, `patch${type.name}List`)), updateListBody),
  itemEntry(
    'DELETE',
    '/{itemtype}/',
    ['force_purge', 'recursive', 'history'],
    (ctx, type) => deleteItems(ctx, type, null),
    writable((type) => ({ tags: [type.name], operationId: `delete${type.name}List`, summary: `Delete several ${type.name} items`, responses: WRITTEN })),
    () => DELETE_LIST,
  ),
  // An id that is no row of the type (0 of a type whose root is not a row) lists, as GLPI.
  itemEntry('GET', '/{itemtype}/{id}', ['id', ...READ_PARAMS], (ctx, type, id) => (id !== null && isRowId(type, id) ? getItem(ctx, type, id) : listItems(ctx, type)), (type) => ({
    tags: [type.name],
    operationId: `get${type.name}`,
    summary: `One ${type.name}`,
    responses:
      type.name === 'Document'
        ? {
            200: {
              description: 'The document, or its file with alt=media',
              content: { 'application/json': { schema: itemSchema(type) }, 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
            },
            ...commonErrors,
            404: ref('responses', 'NotFound'),
          }
        : { 200: ok(`The ${type.name}`, itemSchema(type)), ...commonErrors, 404: ref('responses', 'NotFound') },
  })),
  itemEntry('PUT', '/{itemtype}/{id}', ['id'], (ctx, type, id) => updateItems(ctx, type, id), writable((type) => updateOne(type.name, `update${type.name}`)), updateBody),
  itemEntry('PATCH', '/{itemtype}/{id}', ['id'], (ctx, type, id) => updateItems(ctx, type, id), writable((type) => updateOne(type.name, `patch${type.name}`)), updateBody),
  itemEntry(
    'DELETE',
    '/{itemtype}/{id}',
    ['id', 'force_purge', 'recursive', 'history'],
    (ctx, type, id) => deleteItems(ctx, type, id),
    writable((type) => ({
      tags: [type.name],
      operationId: `delete${type.name}`,
      summary: type.trash ? `Move one ${type.name} to the trash (force_purge=true removes it)` : `Remove one ${type.name}`,
      responses: { 204: { description: 'Deleted' }, ...commonErrors, 404: ref('responses', 'NotFound') },
    })),
  ),
  itemEntry('GET', SUB_PATH, ['itemtype', 'id', 'sub_itemtype', 'range', 'sort', 'order', 'expand_dropdowns', 'get_hateoas'], (ctx, type, id, sub, _subId, parentRow) => listSubItems(ctx, type, id!, sub!, parentRow), {
    tags: ['Items'],
    operationId: 'listSubItems',
    summary: 'Items of sub_itemtype linked to one item (its HATEOAS links)',
    responses: { 200: ok('The sub-items', subItems), 206: ok('One page of the sub-items', subItems), ...commonErrors },
  }),
  itemEntry(
    'POST',
    SUB_PATH,
    ['itemtype', 'id', 'sub_itemtype'],
    (ctx, type, id, sub) => createItems(ctx, sub!, parentFields(type, id!, sub!)),
    { tags: ['Items'], operationId: 'createSubItems', summary: 'Create sub-items, their link to the parent filled from the URL', responses: { 201: ok('Created'), 207: ref('responses', 'MultiStatus'), ...commonErrors } },
    inputBody,
  ),
  itemEntry('PUT', SUB_PATH, ['itemtype', 'id', 'sub_itemtype'], (ctx, type, id, sub) => updateItems(ctx, sub!, null, parentFields(type, id!, sub!)), { tags: ['Items'], operationId: 'updateSubItems', summary: 'Update sub-items of one item (each element carries its id)', responses: WRITTEN }, inputBody),
  itemEntry('PATCH', SUB_PATH, ['itemtype', 'id', 'sub_itemtype'], (ctx, type, id, sub) => updateItems(ctx, sub!, null, parentFields(type, id!, sub!)), { tags: ['Items'], operationId: 'patchSubItems', summary: 'Update sub-items of one item (each element carries its id)', responses: WRITTEN }, inputBody),
  itemEntry('DELETE', SUB_PATH, ['itemtype', 'id', 'sub_itemtype', 'force_purge', 'recursive', 'history'], (ctx, _type, _id, sub) => deleteItems(ctx, sub!, null), { tags: ['Items'], operationId: 'deleteSubItems', summary: 'Delete sub-items of one item', responses: WRITTEN }, () => DELETE_LIST),
  itemEntry('GET', `${SUB_PATH}/{sub_id}`, ['itemtype', 'id', 'sub_itemtype', 'sub_id', ...READ_PARAMS], (ctx, _type, _id, sub, subId) => getItem(ctx, sub!, subId!), {
    tags: ['Items'],
    operationId: 'getSubItem',
    summary: 'One sub-item',
    responses: { 200: ok('The sub-item', OBJECT), ...commonErrors, 404: ref('responses', 'NotFound') },
  }),
  itemEntry('PUT', `${SUB_PATH}/{sub_id}`, ['itemtype', 'id', 'sub_itemtype', 'sub_id'], (ctx, type, id, sub, subId) => updateItems(ctx, sub!, subId, parentFields(type, id!, sub!)), { ...updateOne('sub-item', 'updateSubItem'), tags: ['Items'] }, inputBody),
  itemEntry('PATCH', `${SUB_PATH}/{sub_id}`, ['itemtype', 'id', 'sub_itemtype', 'sub_id'], (ctx, type, id, sub, subId) => updateItems(ctx, sub!, subId, parentFields(type, id!, sub!)), { ...updateOne('sub-item', 'patchSubItem'), tags: ['Items'] }, inputBody),
  itemEntry('DELETE', `${SUB_PATH}/{sub_id}`, ['itemtype', 'id', 'sub_itemtype', 'sub_id', 'force_purge', 'recursive', 'history'], (ctx, _type, _id, sub, subId) => deleteItems(ctx, sub!, subId), {
    tags: ['Items'],
    operationId: 'deleteSubItem',
    summary: 'Delete one sub-item',
    responses: { 204: { description: 'Deleted' }, ...commonErrors, 404: ref('responses', 'NotFound') },
  }),
];

export type { ItemHandler, Route, SessionRoute } from './route-types';

/** The whole table, in the order /openapi.json lists it. */
export const ROUTES: readonly Route[] = [...PUBLIC_ROUTES, ...SESSION_ROUTES, ...ACTION_ROUTES, ...ITEM_ROUTES];

// ---- dispatch indexes (built once) ----------------------------------------------------------

const firstSegment = (path: string) => path.split('/')[1]!;

/** Public and named routes by their first segment (exact case, as GLPI). */
const NAMED = new Map<string, (PublicRoute | SessionRoute)[]>();
for (const route of [...PUBLIC_ROUTES, ...SESSION_ROUTES]) {
  const key = firstSegment(route.path);
  NAMED.set(key, [...(NAMED.get(key) ?? []), route]);
}

/** Action routes by `<itemtype> <action>`, both lower-cased (GLPI's names in any case). */
const actionKey = (type: string, action: string) => `${type.toLowerCase()} ${action.toLowerCase()}`;
const ACTIONS = new Map<string, SessionRoute[]>();
for (const route of ACTION_ROUTES) {
  const [, type, , action] = route.path.split('/');
  const key = actionKey(type!, action!);
  ACTIONS.set(key, [...(ACTIONS.get(key) ?? []), route]);
}

/** Item routes by path, then method. */
const ITEMS = new Map<string, Map<string, ItemRoute>>();
for (const route of ITEM_ROUTES) {
  if (!ITEMS.has(route.path)) ITEMS.set(route.path, new Map());
  ITEMS.get(route.path)!.set(route.method, route);
}

function byMethod<R extends Route>(routes: R[] | undefined, method: string): R | null {
  if (!routes) return null;
  for (const route of routes) if (route.method === method) return route;
  return routes[0]!.anyVerb ? routes[0]! : null;
}

/** The public or named route of a first path segment (`''` is the reference), whatever the verb. */
export function namedRoute(method: string, resource: string): PublicRoute | SessionRoute | null {
  return byMethod(NAMED.get(resource), method);
}

/** The action route of `/<Itemtype>/<id>/<action>`, or null (then it is an item route). */
export function actionRoute(method: string, segments: readonly string[]): SessionRoute | null {
  if (segments.length !== 3 || !/^\d+$/.test(segments[1]!)) return null;
  return byMethod(ACTIONS.get(actionKey(segments[0]!, segments[2]!)), method);
}

export const ITEM_PATHS = {
  collection: '/{itemtype}/',
  item: '/{itemtype}/{id}',
  subItems: SUB_PATH,
  subItem: `${SUB_PATH}/{sub_id}`,
} as const;

/** The item route of a path shape; unknown verbs act as GET, as in GLPI. POST on one item is refused. */
export function itemRoute(method: string, path: (typeof ITEM_PATHS)[keyof typeof ITEM_PATHS], typeName: string): ItemRoute {
  const routes = ITEMS.get(path)!;
  const route = routes.get(method);
  if (route) return route;
  if (method === 'POST') throw badRequest('POST creates items: send it to /apirest.php/' + typeName + '/ without an id');
  return routes.get('GET')!;
}
