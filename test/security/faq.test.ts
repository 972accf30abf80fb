/**
 * The FAQ takes its own knowledge base right, as in GLPI 10: PUBLISHFAQ (4096) to put an article
 * in the FAQ, take it out, or edit someone else's FAQ article; CREATE and UPDATE for ordinary
 * articles; a profile that may publish but not create writes FAQ articles. Reading: READFAQ for
 * FAQ articles, READ for the rest, in lists and search alike.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, expectError, loginAs, RIGHT_MISSING, unique } from '../rights/fixture';
import { upload } from '../documents/helpers';

const ctx = useServer();
const SELF_SERVICE = 1;
const READ = 1;
const UPDATE = 2;
const CREATE = 4;
const READFAQ = 2048;
const PUBLISHFAQ = 4096;
const NEEDS_PUBLISH = 'Putting an article in the FAQ or taking it out (is_faq) needs the right to publish in the FAQ';

let home: number;
let writer: Client;
let publisher: Client;
let faqOnly: Client;
let helpdesk: Client;

/** A central profile whose only right is this knowledge base value. */
async function knowbaseProfile(name: string, knowbase: number): Promise<number> {
  const id = await ctx.api.create('Profile', { name: unique(name), interface: 'central' });
  await ctx.api.setRights(id, { knowbase });
  return id;
}

async function member(profile: number): Promise<Client> {
  const login = unique('kb');
  await createUser(ctx.api, login, profile, home, true);
  return loginAs(ctx.server.api, login);
}

/** Published to everyone in `home`. */
const publish = (id: number) => ctx.api.create('Entity_KnowbaseItem', { knowbaseitems_id: id, entities_id: home, is_recursive: 1 });
const article = async (id: number) => (await ctx.api.get(`KnowbaseItem/${id}`)).body;
const countNamed = async (name: string) => ((await ctx.api.get('KnowbaseItem/', { query: `searchText[name]=^${name}$` })).body as unknown[]).length;
const listed = async (client: Client) => ((await client.get('KnowbaseItem/', { query: 'range=0-200' })).body as { name: string }[]).map((r) => r.name);
const searched = async (client: Client) => {
  // GLPI 10.0 lists an article's subject under 6 (it has no option 1).
  const res = await client.get('search/KnowbaseItem', { query: 'forcedisplay[0]=6&range=0-200' });
  expect(res.status).toBeLessThan(300);
  return ((res.body.data ?? []) as Record<string, string>[]).map((row) => row['6']);
};

beforeAll(async () => {
  home = await ctx.api.create('Entity', { name: 'home', entities_id: 0 });
  writer = await member(await knowbaseProfile('kb writer', READ | UPDATE | CREATE | READFAQ));
  publisher = await member(await knowbaseProfile('kb publisher', READ | UPDATE | CREATE | READFAQ | PUBLISHFAQ));
  faqOnly = await member(await knowbaseProfile('faq publisher', READFAQ | PUBLISHFAQ));
  helpdesk = await member(SELF_SERVICE);
});

describe('without PUBLISHFAQ', () => {
  test('an FAQ article cannot be created: 400 with the reason, nothing written', async () => {
    const name = unique('faq attempt');
    expectError(await writer.post('KnowbaseItem/', { input: { name, answer: 'x', is_faq: 1 } }), 400, 'ERROR_GLPI_ADD', NEEDS_PUBLISH);
    expect(await countNamed(name)).toBe(0);
  });

  test('in a bulk create the FAQ element alone fails', async () => {
    const [plain, faq] = [unique('plain'), unique('faq in bulk')];
    const res = await writer.post('KnowbaseItem/', { input: [{ name: plain, answer: 'x' }, { name: faq, answer: 'x', is_faq: 1 }] });
    expectError(res, 207, 'ERROR_GLPI_PARTIAL_ADD');
    expect(res.body[1][1]).toEqual({ id: false, message: NEEDS_PUBLISH });
    expect(await article(res.body[1][0].id)).toMatchObject({ name: plain, is_faq: 0 });
    expect(await countNamed(faq)).toBe(0);
  });

  test('its own article cannot be put in the FAQ; other changes still go through', async () => {
    const id = await writer.create('KnowbaseItem', { name: unique('own'), answer: 'x' });
    expectError(await writer.put(`KnowbaseItem/${id}`, { input: { is_faq: 1, answer: 'changed' } }), 400, 'ERROR_GLPI_UPDATE', NEEDS_PUBLISH);
    expect(await article(id)).toMatchObject({ is_faq: 0, answer: 'x' });
    const log = (await ctx.api.get(`KnowbaseItem/${id}/Log`, { query: 'range=0-50' })).body as { linked_action: number }[];
    expect(log.filter((row) => row.linked_action === 0)).toEqual([]);
    expect((await writer.put(`KnowbaseItem/${id}`, { input: { answer: 'changed' } })).status).toBe(200);
  });

  test("someone else's FAQ article cannot be edited; an ordinary published one can", async () => {
    const faq = await publisher.create('KnowbaseItem', { name: unique('their faq'), answer: 'x', is_faq: 1 });
    const plain = await publisher.create('KnowbaseItem', { name: unique('their article'), answer: 'x' });
    await publish(faq);
    await publish(plain);
    expectError(await writer.put(`KnowbaseItem/${faq}`, { input: { answer: 'edited' } }), 400, 'ERROR_GLPI_UPDATE', RIGHT_MISSING);
    expect(await article(faq)).toMatchObject({ answer: 'x', is_faq: 1 });
    expect((await writer.put(`KnowbaseItem/${plain}`, { input: { answer: 'edited' } })).status).toBe(200);
    expect(await article(plain)).toMatchObject({ answer: 'edited' });
  });
});

describe('with PUBLISHFAQ', () => {
  test('FAQ articles are created, and articles put in and taken out of the FAQ', async () => {
    const faq = await publisher.create('KnowbaseItem', { name: unique('faq'), answer: 'x', is_faq: 1 });
    expect(await article(faq)).toMatchObject({ is_faq: 1 });
    const other = await writer.create('KnowbaseItem', { name: unique('to publish'), answer: 'x' });
    await publish(other);
    expect((await publisher.put(`KnowbaseItem/${other}`, { input: { is_faq: 1 } })).status).toBe(200);
    expect(await article(other)).toMatchObject({ is_faq: 1 });
    expect((await publisher.put(`KnowbaseItem/${faq}`, { input: { is_faq: 0 } })).status).toBe(200);
    expect(await article(faq)).toMatchObject({ is_faq: 0 });
  });

  test('without CREATE, what is written is an FAQ article', async () => {
    const id = await faqOnly.create('KnowbaseItem', { name: unique('faq by default'), answer: 'x' });
    expect(await article(id)).toMatchObject({ is_faq: 1 });
    const name = unique('not faq');
    expectError(await faqOnly.post('KnowbaseItem/', { input: { name, answer: 'x', is_faq: 0 } }), 400, 'ERROR_GLPI_ADD', 'Your profile may only write FAQ articles (is_faq = 1)');
    expect(await countNamed(name)).toBe(0);
  });
});

describe('reading', () => {
  test('READFAQ shows published FAQ articles only, READ every published one, in lists and search', async () => {
    const faq = unique('published faq');
    const plain = unique('published article');
    await publish(await publisher.create('KnowbaseItem', { name: faq, answer: 'x', is_faq: 1 }));
    await publish(await publisher.create('KnowbaseItem', { name: plain, answer: 'x' }));
    for (const see of [listed, searched]) {
      const byHelpdesk = await see(helpdesk);
      expect(byHelpdesk).toContain(faq);
      expect(byHelpdesk).not.toContain(plain);
      const byFaqOnly = await see(faqOnly);
      expect(byFaqOnly).toContain(faq);
      expect(byFaqOnly).not.toContain(plain);
      const byWriter = await see(writer);
      expect(byWriter).toContain(faq);
      expect(byWriter).toContain(plain);
    }
  });
});

describe("an article's attached files", () => {
  test('whoever reads a published FAQ article downloads its files without the document right; an unpublished one keeps them', async () => {
    const published = await ctx.api.create('KnowbaseItem', { name: unique('faq with file'), answer: 'see the file', is_faq: 1 });
    await publish(published);
    const draft = await ctx.api.create('KnowbaseItem', { name: unique('draft with file'), answer: 'x', is_faq: 1 });
    const attach = async (knowbaseitems_id: number, content: string) => {
      const res = await upload(ctx.api, 'Document/', { input: { name: unique('kb file'), entities_id: home, itemtype: 'KnowbaseItem', items_id: knowbaseitems_id, _filename: ['how-to.txt'] } }, [
        { name: 'how-to.txt', content, type: 'text/plain' },
      ]);
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const onPublished = await attach(published, 'how to reset a printer');
    const onDraft = await attach(draft, 'not yet');
    const download = await helpdesk.get(`Document/${onPublished}`, { query: 'alt=media' });
    expect({ status: download.status, body: download.text }).toEqual({ status: 200, body: 'how to reset a printer' });
    expectError(await helpdesk.get(`Document/${onDraft}`, { query: 'alt=media' }), 403, 'ERROR_RIGHT_MISSING');
    // The document's record is still the document right's.
    expectError(await helpdesk.get(`Document/${onPublished}`), 403, 'ERROR_RIGHT_MISSING');
  });
});
