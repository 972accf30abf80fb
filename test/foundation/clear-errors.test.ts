/**
 * The common mistakes get messages that say what to do, with GLPI's codes and statuses: a
 * lower-case itemtype, `Authorization: Bearer`, a body without `input` or not sent as JSON,
 * malformed JSON (with its position). No message names an internal class.
 */
import { describe, expect, test } from 'bun:test';
import { scenario, scenarioTests, type Step } from '../support/scenario';
import { useServer } from '../support/server';

const ctx = useServer();

/** A message exactly, but for GLPI's "; view documentation …" suffix. */
const says = (text: string | RegExp) => new RegExp(`^${typeof text === 'string' ? text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : text.source}(; view documentation in your browser at .*)?$`);

/** An answer whose text never names GLPI's internal base class. */
const noCommonDbtm = (res: { text: string }) => expect(res.text).not.toContain('CommonDBTM');

describe('itemtype names', () => {
  const meant = says(/unknown itemtype '(computer|COMPUTER|networkport)': did you mean '(Computer|NetworkPort)'\? Itemtype names are case-sensitive/);
  scenarioTests(
    () => ctx.api,
    [
      ...['computer/', 'computer/1', 'search/computer', 'listSearchOptions/COMPUTER', 'Computer/1/networkport'].map((path): Step => ({ request: `GET ${path}`, status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM', message: meant })),
      { request: 'GET getMultipleItems', query: 'items[0][itemtype]=computer&items[0][items_id]=1', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM', message: meant },
      // An unknown word is neither an endpoint nor an itemtype; no message names CommonDBTM.
      { request: 'GET Computre/', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM', message: says("'Computre' is neither an endpoint nor an itemtype"), check: noCommonDbtm },
      { request: 'GET Computer/1/2/3/4', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM', message: says('too many path segments: at most /:itemtype/:id/:sub_itemtype/:sub_id'), check: noCommonDbtm },
      { request: 'GET Computer//NetworkPort', status: 400, error: 'ERROR', message: says('invalid id "": ids are non-negative integers'), check: noCommonDbtm },
    ],
  );
});

describe('Authorization: Bearer', () => {
  scenarioTests(
    () => ctx.api,
    [
      {
        note: 'initSession says which schemes work',
        request: 'GET initSession',
        as: 'anonymous',
        headers: { Authorization: 'Bearer 0123456789abcdef' },
        status: 400,
        error: 'ERROR_LOGIN_PARAMETERS_MISSING',
        check: (res) => {
          for (const part of ['Authorization: Bearer is not supported', 'Authorization: Basic', 'Authorization: user_token', 'Session-Token header']) expect(res.body[1]).toContain(part);
        },
      },
      { note: 'without Bearer the messages stay GLPI’s', request: 'GET Computer/', as: 'anonymous', status: 401, error: 'ERROR_SESSION_TOKEN_MISSING', message: says('parameter session_token is missing or empty') },
    ],
  );

  // The real session token, sent the wrong way (the steps above are made before the server starts).
  test('on other requests it says where the session token goes', () =>
    scenario(ctx.api, [
      {
        request: 'GET Computer/',
        as: 'anonymous',
        headers: { Authorization: `Bearer ${ctx.api.token}` },
        status: 401,
        error: 'ERROR_SESSION_TOKEN_MISSING',
        message: says(/parameter session_token is missing or empty; Authorization: Bearer is not supported: .*Session-Token header/),
      },
    ]));
});

describe('write bodies', () => {
  const malformed: [string, string][] = [
    ['{"input": {"name": "a",}}', 'a property name in double quotes was expected at line 1, column 24 (offset 23)'],
    ['{"input"\n  {"name": "a"}}', "':' was expected at line 2, column 3 (offset 11)"],
    ['{"input": {"name": "a"}', "'}' was expected at line 1, column 24 (offset 23)"],
    ['['.repeat(100_000), 'not valid JSON (nested too deeply to say where)'],
    ["{'input': {}}", 'unexpected character at line 1, column 2 (offset 1)'],
  ];
  scenarioTests(
    () => ctx.api,
    [
      {
        note: 'a body without the input key says so',
        request: 'POST Computer/',
        body: { name: 'no input key' },
        status: 400,
        error: 'ERROR_BAD_ARRAY',
        message: says('the body has no "input" key: send {"input": {…}} for one item or {"input": [{…}, …]} for several'),
      },
      {
        note: 'a JSON body sent with another Content-Type says the body was not read',
        request: 'POST Computer/',
        body: { input: { name: 'typed as text' } },
        headers: { 'Content-Type': 'text/plain' },
        status: 400,
        error: 'ERROR_BAD_ARRAY',
        message: says("the body was not read: its Content-Type is 'text/plain'; send JSON with Content-Type: application/json"),
      },
      ...malformed.map(([body, where]): Step => ({ note: `malformed JSON ${JSON.stringify(body).slice(0, 40)} gives its position`, request: 'POST Computer/', body, status: 400, error: 'ERROR_JSON_PAYLOAD_INVALID', message: says(`JSON payload seems not valid: ${where}`) })),
      {
        note: 'JSON that is not an object says what is expected',
        request: 'POST Computer/',
        body: '[{"name": "a"}]',
        status: 400,
        error: 'ERROR_JSON_PAYLOAD_INVALID',
        message: says('JSON payload seems not valid: the body must be a JSON object, such as {"input": {…}}'),
      },
    ],
  );
});
