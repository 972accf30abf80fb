/**
 * Mail collectors against a real IMAP server (a private Dovecot): each fixture mail gets exactly
 * one outcome (a ticket, a follow-up, or a refusal kept with its reason and raw message), the
 * mailbox is settled only after, nothing is imported twice, and a mailbox that cannot be reached
 * is reported without stopping the others.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { Dovecot, dovecotMissing } from '../support/dovecot';
import { scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { until } from '../support/until';
import { createUser, PASSWORD } from '../rights/fixture';

const FIXTURES = join(import.meta.dir, 'fixtures');
/** A fixture mail's bytes, `{{TICKET}}` replaced by a ticket id. */
const fixture = (name: string, ticket = 0) => Buffer.from(readFileSync(join(FIXTURES, name)).toString('latin1').replaceAll('{{TICKET}}', String(ticket)), 'latin1');

const clock = new TestClock();

type Row = Record<string, any>;

describe.skipIf(dovecotMissing !== null)('mail collectors', () => {
  const ctx = useServer({ TZ: 'UTC' }, clock.args);
  const dovecot = new Dovecot();
  const ids = { helpdesk: 0, alice: 0, bob: 0, dave: 0, collector: 0, broken: 0 };
  const report = async (collector: number) => {
    const res = await ctx.api.post(`MailCollector/${collector}/collect`, {});
    expect(res.status).toBe(200);
    return res.body as Row;
  };
  const tickets = async () => (await ctx.api.get('Ticket/', { query: 'range=0-200&expand_dropdowns=false' })).body as Row[];
  const ticketNamed = async (name: string) => {
    const found = (await tickets()).filter((t) => t.name === name);
    expect(found.length).toBe(1);
    return found[0]!;
  };
  const refusals = async () => (await ctx.api.get('NotImportedEmail/', { query: 'range=0-200' })).body as Row[];
  /** A binary answer (a document's file, a raw message), with its status and type. */
  const download = async (path: string) => {
    const res = await fetch(`${ctx.server.api}/${path}`, { headers: { 'Session-Token': ctx.api.token } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const actors = async (ticket: number) =>
    ((await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body as Row[]).map((r) => [r.users_id, r.type, r.alternative_email ?? '']).sort();

  beforeAll(async () => {
    await dovecot.start();
    const api = ctx.api;
    ids.helpdesk = await api.create('Entity', { name: 'Helpdesk', entities_id: 0 });
    for (const name of ['alice', 'bob', 'dave'] as const) {
      ids[name] = await createUser(api, name, 1, 0);
      await api.create('UserEmail', { users_id: ids[name], email: `${name}@example.com`, is_default: 1 });
    }
    // GLPI's default rule 'Root' sends every mail to the root entity: this office routes by domain instead.
    expect((await api.put('Rule/3', { input: { is_active: 0 } })).status).toBe(200);
    // Mail from example.com goes to Helpdesk, from outside.example to the root entity; any other is routed nowhere.
    for (const [domain, entity] of [['@example.com', ids.helpdesk], ['@outside.example', 0]] as const) {
      const rule = await api.create('Rule', { name: `mail from ${domain}`, sub_type: 'RuleMailCollector', match: 'AND' });
      await api.create('RuleCriteria', { rules_id: rule, criteria: 'from', condition: 5, pattern: domain });
      await api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'entities_id', value: String(entity) });
    }
    await api.create('Blacklist', { name: 'spammer', type: 5, value: 'spam@example.com' });
  });
  afterAll(() => dovecot.stop());

  test('a collector is written with the config right; its password is sealed at rest and never returned', async () => {
    await scenario(ctx.api, [
      { request: 'POST MailCollector/', body: { input: { name: 'bad', host: 'mail.example.com:993' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field host: host must be written as {server:port/imap/ssl}INBOX' },
      { request: 'POST MailCollector/', body: { input: { name: 'pop', host: '{mail.example.com:110/pop}INBOX' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field host: only IMAP mailboxes are collected (not POP)' },
    ]);
    ids.collector = await ctx.api.create('MailCollector', {
      name: 'helpdesk',
      host: `{127.0.0.1:${dovecot.port}/imap/tls/novalidate-cert}INBOX`,
      login: 'helpdesk',
      passwd: 'mail-pw',
      accepted: 'Accepted',
      refused: 'Refused',
      add_cc_to_observer: 1,
      use_mail_date: 1,
    });
    const read = (await ctx.api.get(`MailCollector/${ids.collector}`)).body as Row;
    expect(read.passwd).toBeUndefined();
    expect(read).toMatchObject({ name: 'helpdesk', login: 'helpdesk', errors: 0, last_error: null, is_active: 1 });
    const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'), { readonly: true });
    const stored = String((db.query('SELECT passwd FROM glpi_mailcollectors WHERE id = ?').get(ids.collector) as Row).passwd);
    db.close();
    expect(stored.startsWith('v1:')).toBe(true);
    expect(stored.includes('mail-pw')).toBe(false);
    expect(statSync(join(ctx.server.dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    // A user without the config right neither reads nor runs collectors.
    const alice = await new Client(ctx.server.api).login('alice', PASSWORD);
    await scenario(alice, [
      { request: 'GET MailCollector/', status: 403, error: 'ERROR_RIGHT_MISSING' },
      { request: `POST MailCollector/${ids.collector}/collect`, body: {}, status: 403, error: 'ERROR_RIGHT_MISSING' },
      { request: 'GET NotImportedEmail/', status: 403, error: 'ERROR_RIGHT_MISSING' },
    ]);
  });

  test('each mail gets one outcome: tickets, and refusals with their reasons', async () => {
    for (const name of ['plain', 'html-only', 'attachments', 'forwarded', 'latin1', 'cp1252', 'encoded-subject', 'auto-reply', 'bounce', 'malformed', 'no-rule']) dovecot.deliver(fixture(`${name}.eml`));
    dovecot.deliver(fixture('plain.eml').toString().replaceAll('alice@example.com>', 'spam@example.com>').replace('plain-1@', 'spam-1@'));
    // Over the collector's limit (GLPI's default, 2 MiB): made here, not kept in git.
    const big = `From: alice@example.com\r\nTo: helpdesk@example.com\r\nSubject: Huge log\r\nMessage-ID: <big-1@mail.example.com>\r\nContent-Type: text/plain\r\n\r\n${'0123456789abcdef'.repeat(160_000).replace(/(.{76})/g, '$1\r\n')}`;
    dovecot.deliver(big);
    // Only the first 10 new mails per run (the mailgate's param); the next run takes the rest.
    const first = await report(ids.collector);
    const second = await report(ids.collector);
    const sum = (key: string) => Number(first[key]) + Number(second[key]);
    expect([sum('tickets'), sum('followups'), sum('refused'), sum('again')]).toEqual([8, 0, 5, 0]);
    expect(first.tickets + first.refused).toBe(10);
    expect(second.error).toBeNull();
    expect(dovecot.files()).toEqual([]);
    expect(dovecot.files('helpdesk', 'Accepted').length).toBe(8);
    expect(dovecot.files('helpdesk', 'Refused').length).toBe(5);
    // GLPI's "test connection" lists the folders, the accepted and refused ones made by the run.
    expect((await ctx.api.post(`MailCollector/${ids.collector}/test`, {})).body).toEqual({ folders: ['Accepted', 'INBOX', 'Refused'], error: null });

    const refused = (await refusals()).map((r) => [r.messageid, r.reason, r.reason_text, r.mailcollectors_id]).sort();
    expect(refused).toEqual([
      ['<auto-1@mail.example.com>', 103, 'an automatic mail (Auto-Submitted: auto-replied): never turned into a ticket', ids.collector],
      ['<big-1@mail.example.com>', 102, "larger than the collector's limit of 2097152 bytes", ids.collector],
      ['<bounce-1@mail.example.com>', 103, 'a bounce (empty Return-Path): never turned into a ticket', ids.collector],
      ['<norule-1@nowhere.test>', 0, 'no mail collector rule gave it an entity', ids.collector],
      ['<spam-1@mail.example.com>', 101, 'the sender spam@example.com is blacklisted', ids.collector],
    ]);
  });

  test("a ticket's title, content, date, entity, requester and observers come from the mail", async () => {
    const plain = await ticketNamed('Printer on floor 2 is down');
    // GLPI's request type of mail (E-Mail, 2), not the helpdesk's.
    expect(plain).toMatchObject({ entities_id: ids.helpdesk, date: '2026-01-13 08:30:00', users_id_recipient: 0, requesttypes_id: 2 });
    expect(plain.content).toBe('<p>Hello,</p><p>the printer on floor 2 shows error E42 since this morning.</p><p>Alice</p>');
    // Alice requests; Bob (a known Cc) observes; the unknown Cc is not added.
    expect(await actors(plain.id)).toEqual([[ids.alice, 1, ''], [ids.bob, 3, '']].sort());

    const html = await ticketNamed('Website form broken');
    expect(html.entities_id).toBe(0);
    expect(html.content).toBe('<p>The <b>contact form</b> answers 500.</p><a>click</a> <a href="https://www.example.com/form">form</a>');
    // An unknown sender is an e-mail-only requester, as GLPI keeps it.
    expect(await actors(html.id)).toEqual([[0, 1, 'stranger@outside.example']]);

    expect((await ticketNamed('Café machine en panne')).content).toBe('<p>La machine à café du 3ème étage ne chauffe plus.</p>');
    expect((await ticketNamed('Invoice question')).content).toBe('<p>The “licence” costs 120 € per seat.</p>');
    expect((await ticketNamed('Météo ☀ réseau lent au bâtiment B')).content).toBe('<p>Slow network since Monday.</p>');
    // A forwarded mail attached whole shows in the content, below a line naming it.
    expect((await ticketNamed('Fwd: VPN certificate expires')).content).toBe(
      '<p>Can you renew it? See the warning below.</p><hr /><p>Forwarded message: <b>Your VPN certificate expires in 7 days</b> (vpn@example.com)</p><blockquote><p>Renew it before Friday.</p></blockquote>',
    );
    // A malformed message still gets its one outcome: a ticket with what could be read.
    expect((await ticketNamed('Broken mail')).content).toBe('(empty mail)');
  });

  test('attachments and inline images become documents of the ticket, through the upload checks', async () => {
    const ticket = await ticketNamed('Screenshot of the error');
    // The executable is refused by the document rules: the mail is still imported, and says so.
    expect(ticket.content).toBe('<p>See the screen:</p><p></p><p>Attachments not kept:</p><ul><li>File "setup.exe" refused: file type not allowed (.exe files are never accepted)</li></ul>');
    const links = (await ctx.api.get(`Ticket/${ticket.id}/Document_Item`)).body as Row[];
    const documents = await Promise.all(links.map(async (l) => (await ctx.api.get(`Document/${l.documents_id}`)).body as Row));
    expect(documents.map((d) => [d.filename, d.mime, d.entities_id]).sort()).toEqual([
      ['report.pdf', 'application/pdf', ids.helpdesk],
      ['screen.png', 'image/png', ids.helpdesk],
    ]);
    const png = await download(`Document/${documents.find((d) => d.filename === 'screen.png')!.id}?alt=media`);
    expect(png.bytes.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
  });

  test('a refused mail keeps its raw message; it can be imported anyway or deleted, and is never wiped', async () => {
    const all = await refusals();
    const noRule = all.find((r) => r.messageid === '<norule-1@nowhere.test>')!;
    const bounce = all.find((r) => r.messageid === '<bounce-1@mail.example.com>')!;
    const source = await download(`NotImportedEmail/${noRule.id}/source`);
    expect([source.status, source.type]).toEqual([200, 'message/rfc822']);
    expect(source.bytes.equals(fixture('no-rule.eml'))).toBe(true);
    await scenario(ctx.api, [
      { request: `POST NotImportedEmail/${noRule.id}/import`, body: { input: {} }, status: 400, error: 'ERROR', message: /^input\.entities_id must name the entity of the new ticket/ },
      { request: 'POST NotImportedEmail/', body: { input: { from: 'x', to: 'y', messageid: 'z', date: '2026-01-01 00:00:00' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Not imported mails are recorded by the mail collectors only' },
      { request: `POST NotImportedEmail/${noRule.id}/import`, body: { input: { entities_id: ids.helpdesk } }, status: 201 },
      { request: `GET NotImportedEmail/${noRule.id}`, status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
      { request: `DELETE NotImportedEmail/${bounce.id}`, status: 204 },
      { request: `GET NotImportedEmail/${bounce.id}/source`, status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
    ]);
    const imported = await ticketNamed('Who routes me?');
    expect(imported.entities_id).toBe(ids.helpdesk);
    expect(await actors(imported.id)).toEqual([[0, 1, 'nobody@nowhere.test']]);
    // A run does not wipe the list, nor bring back what was imported or deleted.
    expect(await report(ids.collector)).toMatchObject({ tickets: 0, followups: 0, refused: 0, again: 0, error: null });
    expect((await refusals()).map((r) => r.messageid).sort()).toEqual(['<auto-1@mail.example.com>', '<big-1@mail.example.com>', '<spam-1@mail.example.com>']);
  });

  test('a mail seen again after its outcome was committed (a crash before the move) is not imported twice', async () => {
    const before = (await tickets()).length;
    dovecot.deliver(fixture('plain.eml'));
    dovecot.deliver(fixture('auto-reply.eml'));
    expect(await report(ids.collector)).toMatchObject({ tickets: 0, refused: 0, again: 2, error: null });
    expect((await tickets()).length).toBe(before);
    expect((await refusals()).length).toBe(3);
    expect(dovecot.files()).toEqual([]);
  });

  test("a reply becomes a follow-up by its sender, without the quoted history; others' replies are refused", async () => {
    const ticket = await ticketNamed('Printer on floor 2 is down');
    dovecot.deliver(fixture('outlook-reply.eml', ticket.id));
    dovecot.deliver(fixture('tag-reply.eml', ticket.id));
    expect(await report(ids.collector)).toMatchObject({ tickets: 0, followups: 1, refused: 1, error: null });
    const followups = (await ctx.api.get(`Ticket/${ticket.id}/ITILFollowup`)).body as Row[];
    expect(followups.map((f) => [f.users_id, f.content, f.requesttypes_id])).toEqual([[ids.alice, '<div>It works again after a restart, thanks.</div><div><br /></div><div></div>', 2]]);
    // Dave is a user, but neither requester nor observer of the ticket: a self-service profile may not answer it.
    const dave = (await refusals()).find((r) => r.messageid === '<tag-reply-1@mail.example.com>')!;
    expect([dave.reason, dave.reason_text, dave.users_id]).toEqual([4, `the sender may not add a follow-up to ticket ${ticket.id}`, ids.dave]);
  });

  test('an e-mail-only requester answers their ticket; another unknown address may not', async () => {
    const ticket = await ticketNamed('Website form broken');
    const reply = (from: string, id: string) =>
      `From: ${from}\r\nTo: helpdesk@example.com\r\nSubject: Re: [GLPI #${String(ticket.id).padStart(7, '0')}] Website form broken\r\nMessage-ID: <${id}>\r\n\r\nStill 500.\r\n`;
    dovecot.deliver(reply('Stranger <stranger@outside.example>', 'stranger-reply@outside.example'));
    dovecot.deliver(reply('other@outside.example', 'other-reply@outside.example'));
    expect(await report(ids.collector)).toMatchObject({ tickets: 0, followups: 1, refused: 1, error: null });
    const followups = (await ctx.api.get(`Ticket/${ticket.id}/ITILFollowup`)).body as Row[];
    expect(followups.map((f) => [f.users_id, f.content])).toEqual([[0, '<p>Still 500.</p>']]);
    const other = (await refusals()).find((r) => r.messageid === '<other-reply@outside.example>')!;
    expect([other.reason, other.reason_text]).toEqual([1, `the sender of this reply to ticket ${ticket.id} is no known user nor one of its requesters`]);
  });

  test("GLPI's blacklisted mail content (a signature, a disclaimer) is taken out of the content", async () => {
    await ctx.api.create('BlacklistedMailContent', { name: 'phone signature', content: 'Sent from my phone' });
    await ctx.api.create('BlacklistedMailContent', { name: 'disclaimer', content: 'This message is confidential.\nDo not forward it.' });
    dovecot.deliver(
      `From: alice@example.com\r\nTo: helpdesk@example.com\r\nSubject: Keyboard broken\r\nMessage-ID: <blacklisted-1@example.com>\r\n\r\nThe Q key sticks.\r\n\r\nSent from my phone\r\n\r\nThis message is confidential.\r\nDo not forward it.\r\n`,
    );
    expect(await report(ids.collector)).toMatchObject({ tickets: 1, error: null });
    expect((await ticketNamed('Keyboard broken')).content).toBe('<p>The Q key sticks.</p>');
  });

  test('a ticket the rules make invalid is refused with the reason, not retried at every run', async () => {
    const rule = await ctx.api.create('Rule', { name: 'urgent mails', sub_type: 'RuleMailCollector', match: 'AND', ranking: -1 });
    await ctx.api.create('RuleCriteria', { rules_id: rule, criteria: 'subject', condition: 2, pattern: 'URGENT' });
    await ctx.api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'entities_id', value: String(ids.helpdesk) });
    await ctx.api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'urgency', value: '9' });
    dovecot.deliver(`From: alice@example.com\r\nTo: helpdesk@example.com\r\nSubject: URGENT server down\r\nMessage-ID: <urgent-1@example.com>\r\n\r\nDown.\r\n`);
    expect(await report(ids.collector)).toMatchObject({ tickets: 0, refused: 1, error: null });
    const refusal = (await refusals()).find((r) => r.messageid === '<urgent-1@example.com>')!;
    expect([refusal.reason, refusal.users_id]).toEqual([3, ids.alice]);
    expect(refusal.reason_text).toBe('the ticket could not be created: Field urgency: must be between 1 and 5');
    expect(await report(ids.collector)).toMatchObject({ tickets: 0, refused: 0, again: 0, error: null });
    expect((await ctx.api.put(`Rule/${rule}`, { input: { is_active: 0 } })).status).toBe(200);
  });

  test("the entity from the requester's profile: held on one entity, that one; on several, the requester's default entity when the profile reaches it; GLPI's single-profile criteria", async () => {
    const api = ctx.api;
    const [sales, support] = [await api.create('Entity', { name: 'Sales', entities_id: 0 }), await api.create('Entity', { name: 'Support', entities_id: 0 })];
    const desk = await api.create('Entity', { name: 'Support desk', entities_id: support });
    // Erin: Self-Service on Sales alone. Frank: Self-Service on Sales and, recursively, on Support; his default entity is Support desk.
    const erin = await createUser(api, 'erin', 1, sales, false);
    const frank = await createUser(api, 'frank', 1, sales, false);
    await api.create('Profile_User', { users_id: frank, profiles_id: 1, entities_id: support, is_recursive: 1 });
    expect((await api.put(`User/${frank}`, { input: { entities_id: desk } })).status).toBe(200);
    for (const [user, login] of [[erin, 'erin'], [frank, 'frank']] as const) await api.create('UserEmail', { users_id: user, email: `${login}@example.com`, is_default: 1 });
    const rules: number[] = [];
    for (const [ranking, subject, criteria] of [[-4, 'one profile', 'ONE_PROFILE'], [-3, 'unique profile', 'UNIQUE_PROFILE'], [-2, 'by profile', 'PROFILES']] as const) {
      const rule = await api.create('Rule', { name: `entity by ${criteria}`, sub_type: 'RuleMailCollector', match: 'AND', ranking });
      await api.create('RuleCriteria', { rules_id: rule, criteria: 'subject', condition: 2, pattern: subject });
      await api.create('RuleCriteria', { rules_id: rule, criteria, condition: 0, pattern: '1' });
      await api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: '_affect_entity_by_user_entity', value: '1' });
      rules.push(rule);
    }
    const mails = [
      ['erin', 'one profile, Erin'],
      ['frank', 'one profile, Frank'],
      ['erin', 'unique profile, Erin'],
      ['frank', 'unique profile, Frank'],
      ['frank', 'by profile, Frank'],
    ];
    for (const [i, [login, subject]] of mails.entries()) dovecot.deliver(`From: ${login}@example.com\r\nTo: helpdesk@example.com\r\nSubject: ${subject}\r\nMessage-ID: <profile-${i}@example.com>\r\n\r\nHello.\r\n`);
    expect(await report(ids.collector)).toMatchObject({ tickets: 5, refused: 0, error: null });
    const entities = [];
    for (const [, subject] of mails) entities.push((await ticketNamed(subject!)).entities_id);
    // Frank holds two authorizations and Self-Service twice: the single-profile rules pass him to the domain rule (Helpdesk).
    expect(entities).toEqual([sales, ids.helpdesk, sales, ids.helpdesk, desk]);
    for (const rule of rules) expect((await api.put(`Rule/${rule}`, { input: { is_active: 0 } })).status).toBe(200);
  });

  test('a reply to a closed ticket opens a new one', async () => {
    const ticket = await ticketNamed('Invoice question');
    expect((await ctx.api.put(`Ticket/${ticket.id}`, { input: { status: 6 } })).status).toBe(200);
    dovecot.deliver(`From: alice@example.com\r\nTo: helpdesk@example.com\r\nSubject: Re: [GLPI #${String(ticket.id).padStart(7, '0')}] Invoice question\r\nMessage-ID: <closed-1@mail.example.com>\r\n\r\nStill wrong.\r\n`);
    expect(await report(ids.collector)).toMatchObject({ tickets: 1, followups: 0, refused: 0 });
    const reopened = (await tickets()).filter((t) => t.name === `Re: [GLPI #${String(ticket.id).padStart(7, '0')}] Invoice question`);
    expect(reopened.map((t) => [t.entities_id, t.content])).toEqual([[ids.helpdesk, '<p>Still wrong.</p>']]);
  });

  test('over TLS from the start, the requester from Reply-To, only unread mails, and no folders: mails are flagged seen', async () => {
    const id = await ctx.api.create('MailCollector', {
      name: 'tls',
      host: `{127.0.0.1:${dovecot.tlsPort}/imap/ssl/novalidate-cert}INBOX`,
      login: 'helpdesk',
      passwd: 'mail-pw',
      requester_field: 1,
      collect_only_unread: 1,
    });
    dovecot.deliver(`From: robot@example.com\r\nReply-To: bob@example.com\r\nTo: helpdesk@example.com\r\nSubject: Disk almost full\r\nMessage-ID: <replyto-1@example.com>\r\n\r\nDisk at 95%.\r\n`);
    expect(await report(id)).toMatchObject({ tickets: 1, refused: 0, again: 0, error: null });
    const ticket = await ticketNamed('Disk almost full');
    expect(await actors(ticket.id)).toEqual([[ids.bob, 1, '']]);
    // Seen, not moved: a second run of an unread-only collector does not even look at it, nor one
    // that reads every mail (its outcome is known and it is settled already).
    expect(dovecot.files().length).toBe(1);
    expect(await report(id)).toMatchObject({ tickets: 0, refused: 0, again: 0, error: null });
    expect((await ctx.api.put(`MailCollector/${id}`, { input: { collect_only_unread: 0 } })).status).toBe(200);
    expect(await report(id)).toMatchObject({ tickets: 0, refused: 0, again: 0, error: null });
    // Changing the collector without a password keeps it; `_blank_passwd` clears it.
    await scenario(ctx.api, [
      { request: `PUT MailCollector/${id}`, body: { input: { name: 'tls (renamed)', passwd: '' } }, status: 200 },
      { request: `POST MailCollector/${id}/collect`, body: {}, status: 200, answer: { error: null } },
      { request: `PUT MailCollector/${id}`, body: { input: { _blank_passwd: 1, is_active: 0 } }, status: 200 },
      { request: `POST MailCollector/${id}/collect`, body: {}, status: 200, answer: { error: "no password, or one sealed with another data folder's key: set it again" } },
      { request: 'POST MailCollector/999999/collect', body: {}, status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
    ]);
  });

  test('a mailbox that cannot be reached is reported on its collector and /health, and the others still run (mailgate)', async () => {
    ids.broken = await ctx.api.create('MailCollector', { name: 'broken', host: `{127.0.0.1:${dovecot.tlsPort}/imap/ssl}INBOX`, login: 'helpdesk', passwd: 'mail-pw' });
    const failed = await report(ids.broken);
    expect(failed).toMatchObject({ tickets: 0, followups: 0, refused: 0 });
    expect(String(failed.error)).toBe('self signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect((await ctx.api.get(`MailCollector/${ids.broken}`)).body).toMatchObject({ errors: 1, last_error: failed.error });
    expect((await ctx.api.post(`MailCollector/${ids.broken}/test`, {})).body).toEqual({ folders: [], error: failed.error });
    const health = await fetch(`${ctx.server.origin}/health`);
    expect(((await health.json()) as Row).mail_collectors).toEqual({ active: 2, failing: 1 });
    const detailed = await fetch(`${ctx.server.origin}/health`, { headers: { 'Session-Token': ctx.api.token } });
    expect(((await detailed.json()) as Row).mail_collectors).toEqual({
      active: 2,
      failing: 1,
      failures: [{ id: ids.broken, name: 'broken', errors: 1, last_error: failed.error, last_error_date: expect.any(String) }],
    });
    // The mailgate automatic action runs every active collector once its frequency (600 s) has passed.
    dovecot.deliver(`From: bob@example.com\r\nTo: helpdesk@example.com\r\nSubject: Scheduled import\r\nMessage-ID: <cron-1@mail.example.com>\r\n\r\nBy the clock.\r\n`);
    clock.advance(601_000);
    await ctx.api.get('getFullSession');
    const imported = await until('the mailgate run', async () => (await tickets()).filter((t) => t.name === 'Scheduled import').length, (n) => n === 1);
    expect(imported).toBe(1);
    await until('the broken collector counted again', async () => ((await ctx.api.get(`MailCollector/${ids.broken}`)).body as Row).errors, (n) => n === 2);
    const cron = ((await ctx.api.get('CronTask/', { query: 'range=0-100' })).body as Row[]).find((t) => t.name === 'mailgate')!;
    expect([cron.itemtype, cron.frequency, cron.param, cron.state]).toEqual(['MailCollector', 600, 10, 1]);
  });

  test('a server killed in the middle of a run loses no mail and imports none twice', async () => {
    const MAILS = 40;
    for (let i = 0; i < MAILS; i++) dovecot.deliver(`From: alice@example.com\r\nTo: helpdesk@example.com\r\nSubject: Crash ${i}\r\nMessage-ID: <crash-${i}@example.com>\r\n\r\nMail ${i}.\r\n`);
    const crashTickets = async () => (await tickets()).filter((t) => /^Crash \d+$/.test(String(t.name))).map((t) => String(t.name));
    // One run may take them all; it is killed as soon as it has committed some.
    const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
    db.exec('PRAGMA busy_timeout = 10000');
    db.run("UPDATE glpi_crontasks SET param = 1000 WHERE name = 'mailgate'");
    db.close();
    void ctx.api.post(`MailCollector/${ids.collector}/collect`, {}).catch(() => undefined);
    await until('a first ticket of the run', crashTickets, (names) => names.length > 0);
    await ctx.server.stop(true);
    await ctx.server.start();
    // The session outlives the restart; the server listens on a new port.
    const token = ctx.api.token;
    ctx.api = new Client(ctx.server.api);
    ctx.api.token = token;
    const after = await report(ids.collector);
    expect(after.error).toBeNull();
    const names = await crashTickets();
    expect(names.length).toBe(MAILS);
    expect(new Set(names).size).toBe(MAILS);
    expect(dovecot.files()).toEqual([]);
    expect(after.tickets + after.again).toBeGreaterThan(0);
  });

  test("a backup keeps the key of the sealed passwords, and a restore puts it back", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'deskbase-mail-backup-'));
    try {
      const backupDir = join(folder, 'backup');
      const restored = join(folder, 'restored');
      expect((await runCli(['backup', backupDir, '--data', ctx.server.dataDir])).code).toBe(0);
      expect((await runCli(['restore', backupDir, '--data', restored])).code).toBe(0);
      const key = readFileSync(join(ctx.server.dataDir, 'secret.key'), 'utf8');
      for (const copy of [join(backupDir, 'secret.key'), join(restored, 'secret.key')]) {
        expect(readFileSync(copy, 'utf8')).toBe(key);
        expect(statSync(copy).mode & 0o777).toBe(0o600);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

if (dovecotMissing) test.skip(`mail collector tests skipped: ${dovecotMissing}`, () => {});
