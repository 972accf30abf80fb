/**
 * GLPI's `send` action: the notification event its field names (recall, recall_ola: the automatic
 * reminders of SLA and OLA escalation levels) is raised on the ticket. An escalation level raises
 * it only when it has that action, as GLPI's; a ticket business rule raises it when an updated
 * ticket is written (GLPI's needs the ticket's id, so never on add). The mail queue shows the
 * events raised (GLPI's "Ticket Recall" notification, given the requesters as targets).
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { TestClock } from '../support/clock';
import { MailCatcher } from '../support/smtp';
import { useServer } from '../support/server';
import { until } from '../support/until';

const clock = new TestClock(); // Thursday 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);
const mail = new MailCatcher();
let requester = 0;

beforeAll(async () => {
  await mail.start();
  for (const [name, value] of Object.entries({ use_notifications: '1', notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(mail.port), admin_email: 'admin@example.org' })) {
    await ctx.api.setConfig(name, value);
  }
  requester = await ctx.api.create('User', { name: 'remi', email: 'remi@example.org', password: 'Pass-word-1', password2: 'Pass-word-1', _profiles_id: 1 });
  // GLPI's "Ticket Recall" (24) has no targets by default: its requesters get it here, as an administrator's screen would add them.
  const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
  db.run('INSERT INTO glpi_notificationtargets (notifications_id, type, items_id) VALUES (24, 1, 3)');
  db.close();
});
afterAll(() => mail.stop());

/**
 * The tickets the recall event was raised on, in order (one queued mail each, to the requester),
 * once the sender has turned the events raised so far into their mails.
 */
async function recalled(): Promise<number[]> {
  await until('the raised events queued', () => read<{ n: number }>('SELECT COUNT(*) AS n FROM deskbase_staged_notifications')[0]!.n, (n) => n === 0);
  return queued()
    .filter((r) => r.event === 'recall')
    .map((r) => r.items_id);
}

function read<T>(sql: string): T[] {
  const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    return db.query(sql).all() as T[];
  } finally {
    db.close();
  }
}

const queued = () => read<{ event: string; items_id: number }>("SELECT event, items_id FROM glpi_queuednotifications WHERE itemtype = 'Ticket' ORDER BY id");

/** Every queued mail has arrived (none is cut off when the server stops). */
const delivered = () => mail.waitFor(queued().length);

const open = (fields: Record<string, unknown>) => ctx.api.create('Ticket', { name: 'printer down', content: 'x', _users_id_requester: requester, ...fields });

describe('send', () => {
  test('a ticket rule on update raises the event on the ticket written; on add it raises nothing, as GLPI', async () => {
    const onUpdate = await ctx.api.create('Rule', { name: 'remind on pending', sub_type: 'RuleTicket', entities_id: 0, is_recursive: 1, condition: 3 });
    await ctx.api.create('RuleCriteria', { rules_id: onUpdate, criteria: 'status', condition: 0, pattern: '4' });
    await ctx.api.create('RuleAction', { rules_id: onUpdate, action_type: 'send', field: 'recall', value: '1' });
    await open({ status: 4 });
    const ticket = await open({});
    expect(await recalled()).toEqual([]);
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { status: 4 } })).status).toBe(200);
    expect(await recalled()).toEqual([ticket]);
    // The tester shows the event the action would raise.
    const tested = await ctx.api.post('testRules', { sub_type: 'RuleTicket', condition: 2, input: { status: 4 } });
    expect(tested.body.output).toEqual({ _raise_events: ['recall'] });
    await ctx.api.put(`Rule/${onUpdate}`, { input: { is_active: 0 } });
    await delivered();
  });

  test('an escalation level raises the automatic reminder only when it has the send action', async () => {
    const slm = await ctx.api.create('SLM', { name: 'Reminders' });
    const sla = await ctx.api.create('SLA', { name: 'four hours', slms_id: slm, type: 0, number_time: 4, definition_time: 'hour' });
    const reminding = await ctx.api.create('SlaLevel', { name: 'an hour before', slas_id: sla, execution_time: -3600, is_active: 1, match: 'AND' });
    await ctx.api.create('SlaLevel', { name: 'at the due date', slas_id: sla, execution_time: 0, is_active: 1 });
    await ctx.api.create('SlaLevelAction', { slalevels_id: reminding, action_type: 'send', field: 'recall', value: '1' });
    const before = (await recalled()).length;
    const ticket = await open({ slas_id_ttr: sla });
    clock.advance(Date.UTC(2026, 0, 15, 12, 1) - clock.now);
    await ctx.api.get(`Ticket/${ticket}`);
    expect((await recalled()).slice(before)).toEqual([ticket]);
    // The level at the due date has no send action: no reminder, though it ran.
    clock.advance(Date.UTC(2026, 0, 15, 13, 2) - clock.now);
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.slalevels_id_ttr).toBe(0);
    expect((await recalled()).slice(before)).toEqual([ticket]);
    await delivered();
  });
});
