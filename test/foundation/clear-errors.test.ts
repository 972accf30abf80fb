/**
 * The common mistakes get messages that say what to do, with GLPI's codes and statuses: a
 * lower-case itemtype, `Authorization: Bearer`, a body without `input` or not sent as JSON,
 * malformed JSON (with its position). No message names an internal class.
 */
import { describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { expectError } from './helpers';

const ctx = useServer();
const anon = () => new Client(ctx.server.api);

/** The message without GLPI's "; view documentation …" suffix. */
const message = (body: unknown) => String((body as string[])[1]).replace(/; view documentation in your browser at .*$/, '');

describe('itemtype names', () => {
  for (const path of ['computer/', 'computer/1', 'search/computer', 'listSearchOptions/COMPUTER', 'getMultipleItems?items[0][itemtype]=computer&items[0][items_id]=1', 'Computer/1/networkport']) {
    test(`${path} names the itemtype meant`, async () => {
      const [route, query] = path.split('?');
      const res = await ctx.api.get(route!, query ? { query } : {});
      expectError(res, 400, 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM');
      expect(message(res.body)).toMatch(/^unknown itemtype '(computer|COMPUTER|networkport)': did you mean '(Computer|NetworkPort)'\? Itemtype names are case-sensitive$/);
    });
  }

  test('an unknown word is neither an endpoint nor an itemtype; no message names CommonDBTM', async () => {
    const res = await ctx.api.get('Computre/');
    expectError(res, 400, 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM');
    expect(message(res.body)).toBe("'Computre' is neither an endpoint nor an itemtype");
    for (const path of ['Computre/', 'Computer/1/2/3/4', 'Computer//NetworkPort']) expect((await ctx.api.get(path)).text).not.toContain('CommonDBTM');
  });
});

describe('Authorization: Bearer', () => {
  test('initSession says which schemes work', async () => {
    const res = await anon().get('initSession', { headers: { Authorization: 'Bearer 0123456789abcdef' } });
    expectError(res, 400, 'ERROR_LOGIN_PARAMETERS_MISSING');
    const text = message(res.body);
    expect(text).toContain('Authorization: Bearer is not supported');
    for (const scheme of ['Authorization: Basic', 'Authorization: user_token', 'Session-Token header']) expect(text).toContain(scheme);
  });

  test('on other requests it says where the session token goes', async () => {
    const res = await anon().get('Computer/', { headers: { Authorization: `Bearer ${ctx.api.token}` } });
    expectError(res, 401, 'ERROR_SESSION_TOKEN_MISSING');
    expect(message(res.body)).toMatch(/^parameter session_token is missing or empty; Authorization: Bearer is not supported: .*Session-Token header$/);
  });

  test('without Bearer the messages stay GLPI’s', async () => {
    expect(message((await anon().get('Computer/')).body)).toBe('parameter session_token is missing or empty');
  });
});

describe('write bodies', () => {
  test('a body without the input key says so', async () => {
    const res = await ctx.api.post('Computer/', { name: 'no input key' });
    expectError(res, 400, 'ERROR_BAD_ARRAY');
    expect(message(res.body)).toBe('the body has no "input" key: send {"input": {…}} for one item or {"input": [{…}, …]} for several');
  });

  test('a JSON body sent with another Content-Type says the body was not read', async () => {
    const res = await ctx.api.post('Computer/', { input: { name: 'typed as text' } }, { headers: { 'Content-Type': 'text/plain' } });
    expectError(res, 400, 'ERROR_BAD_ARRAY');
    expect(message(res.body)).toBe("the body was not read: its Content-Type is 'text/plain'; send JSON with Content-Type: application/json");
  });

  const malformed: [string, string][] = [
    ['{"input": {"name": "a",}}', 'a property name in double quotes was expected at line 1, column 24 (offset 23)'],
    ['{"input"\n  {"name": "a"}}', "':' was expected at line 2, column 3 (offset 11)"],
    ['{"input": {"name": "a"}', "'}' was expected at line 1, column 24 (offset 23)"],
    ['['.repeat(100_000), 'not valid JSON (nested too deeply to say where)'],
    ["{'input': {}}", 'unexpected character at line 1, column 2 (offset 1)'],
  ];
  for (const [body, where] of malformed) {
    test(`malformed JSON ${JSON.stringify(body).slice(0, 40)} gives its position`, async () => {
      const res = await ctx.api.post('Computer/', body);
      expectError(res, 400, 'ERROR_JSON_PAYLOAD_INVALID');
      expect(message(res.body)).toBe(`JSON payload seems not valid: ${where}`);
    });
  }

  test('JSON that is not an object says what is expected', async () => {
    const res = await ctx.api.post('Computer/', '[{"name": "a"}]');
    expectError(res, 400, 'ERROR_JSON_PAYLOAD_INVALID');
    expect(message(res.body)).toBe('JSON payload seems not valid: the body must be a JSON object, such as {"input": {…}}');
  });
});
