/**
 * GLPI answers its API messages in the session's language (the user's own `language`, else the
 * global one): a French user's refusals and "added" messages are French, the documentation
 * suffix too; everyone else's stay English, and so do answers without a session.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { createUser, loginAs } from '../rights/fixture';

const ctx = useServer();
const SUPER_ADMIN = 4;
const SELF_SERVICE = 1;
let french: Client;
let helpdesk: Client;
let frenchId: number;

beforeAll(async () => {
  frenchId = await createUser(ctx.api, 'francoise', SUPER_ADMIN, 0, true);
  expect((await ctx.api.put(`User/${frenchId}`, { input: { language: 'fr_FR' } })).status).toBe(200);
  await createUser(ctx.api, 'demandeur', SELF_SERVICE, 0, true);
  french = await loginAs(ctx.server.api, 'francoise');
  helpdesk = await loginAs(ctx.server.api, 'demandeur');
});

describe("messages in the session's language", () => {
  test('a French user reads French messages', async () => {
    await scenario(french, [
      { request: 'GET Computer/999999', status: 404, error: 'ERROR_ITEM_NOT_FOUND', message: 'Élément introuvable' },
      { request: 'POST Computer/', body: { input: { name: 'poste-1' } }, status: 201, answer: { message: 'Élément ajouté avec succès : poste-1' } },
      {
        request: 'POST Computer/',
        note: 'a bulk add',
        body: { input: [{ name: 'poste-2' }, { name: 'poste-3' }] },
        status: 201,
        check: (res) => expect(res.body.map((r: { message: string }) => r.message)).toEqual(['Élément ajouté avec succès : poste-2', 'Élément ajouté avec succès : poste-3']),
      },
      {
        request: 'GET Computer/',
        query: 'range=1000-1001',
        status: 400,
        error: 'ERROR_RANGE_EXCEED_TOTAL',
        message: `La plage demandée dépasse le nombre total de données : 3; consultez la documentation dans votre navigateur à ${ctx.server.api}/#ERROR_RANGE_EXCEED_TOTAL`,
      },
      { request: 'GET Computer/', query: 'searchText[nosuchfield]=x', status: 400, error: 'ERROR_FIELD_NOT_FOUND', message: /^Le champ nosuchfield n'est pas valide pour un élément Computer\.; consultez/ },
      { request: 'PUT Computer/', body: { input: 'x' }, status: 400, error: 'ERROR_BAD_ARRAY', message: /^le paramètre input doit être un tableau d'objets; consultez/ },
    ]);
  });

  test('the same requests in English for a user without a language in an English Deskbase, and without a session', async () => {
    await scenario(ctx.api, [
      { request: 'GET Computer/999999', status: 404, error: 'ERROR_ITEM_NOT_FOUND', message: 'Item not found' },
      { request: 'POST Computer/', body: { input: { name: 'pc-4' } }, status: 201, answer: { message: 'Item successfully added: pc-4' } },
      { request: 'GET Computer/999999', as: 'anonymous', status: 401, error: 'ERROR_SESSION_TOKEN_MISSING' },
    ]);
  });

  test('a user without a language of their own follows the global language', async () => {
    await ctx.api.setConfig('language', 'fr_FR');
    try {
      await scenario(helpdesk, [{ request: 'GET Computer/', status: 403, error: 'ERROR_RIGHT_MISSING', message: "Vous n'avez pas le droit d'effectuer cette action." }]);
    } finally {
      await ctx.api.setConfig('language', 'en_GB');
    }
    await scenario(helpdesk, [{ request: 'GET Computer/', status: 403, error: 'ERROR_RIGHT_MISSING', message: "You don't have permission to perform this action." }]);
  });

  test("a session's language follows its user's change at once, with item writes before it", async () => {
    // Item writes in between (which no longer make the session decide its language again) keep it French.
    await scenario(french, [{ request: 'POST Computer/', body: { input: { name: 'poste-5' } }, status: 201, answer: { message: 'Élément ajouté avec succès : poste-5' } }]);
    await scenario(ctx.api, [{ request: 'PUT Computer/', body: { input: [{ id: 1, comment: 'written by another session' }] }, status: 200 }]);
    await scenario(french, [{ request: 'POST Computer/', body: { input: { name: 'poste-6' } }, status: 201, answer: { message: 'Élément ajouté avec succès : poste-6' } }]);
    expect((await ctx.api.put(`User/${frenchId}`, { input: { language: 'en_GB' } })).status).toBe(200);
    try {
      await scenario(french, [{ request: 'POST Computer/', body: { input: { name: 'poste-7' } }, status: 201, answer: { message: 'Item successfully added: poste-7' } }]);
    } finally {
      expect((await ctx.api.put(`User/${frenchId}`, { input: { language: 'fr_FR' } })).status).toBe(200);
    }
    await scenario(french, [{ request: 'GET Computer/999999', status: 404, error: 'ERROR_ITEM_NOT_FOUND', message: 'Élément introuvable' }]);
  });
});
