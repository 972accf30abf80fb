/**
 * GLPI's business rules for tickets (RuleTicket) where GLPI runs them: on add, after the
 * ticket's defaults are set (status, type, urgency, impact, request type) and before templates'
 * mandatory fields, automatic assignment and service levels (so a category or an agreement a
 * rule sets counts for them); on update, with the ticket as stored plus the change, trying only
 * the rules with a criterion on a changed field. The criteria see GLPI's input: the columns, the
 * actors (the ticket's current ones on update), the requesters' groups and locations, the items'
 * types and locations, the first item's state and group, the category's code, the contracts'
 * types, the calendars whose working hours hold its creation date, and the mail headers when the
 * input carries them (`_head`). A rule that
 * changes urgency or impact recomputes the priority unless it sets one (or says `compute`); a
 * `send` action raises its notification event once an updated ticket is written.
 * Only tickets: GLPI 10.0 has no business rules for problems and changes.
 */
import type { Settings } from '../db/settings';
import { selectAll, type Row } from '../db/rows';
import { asList, isObject, type Params } from '../core/params';
import { ACTOR_INPUTS, ACTOR_KIND, ACTOR_ROLE_NAMES, ACTOR_TABLES, type ActorKind } from '../auth/itil-visibility';
import { raiseItemEvent, type ItemHooks, type WriteContext } from '../items/hooks';
import { itemtype as itemtypeOf, type Itemtype } from '../registry';
import { RAISED_EVENTS } from './actions';
import { applyRuleOutput } from './apply';
import { ON } from './collections';
import { anyRuleFor, runRules, type Outcome } from './engine';
import { activeRules } from './load';
import type { Db } from '../db/connection';
import { marks } from '../db/frag';

export type PriorityFor = (settings: Pick<Settings, 'get'>, urgency: number, impact: number) => number;

const idsOf = (value: unknown): number[] => (asList(value) ?? (value === undefined || value === null || value === '' ? [] : [value])).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** The actors the input names, directly or in GLPI 10's `_actors`. */
function givenActors(input: Params, key: string, kind: ActorKind, role: number): number[] {
  const out = idsOf(input[key]);
  const roleName = Object.keys(ACTOR_ROLE_NAMES).find((name) => ACTOR_ROLE_NAMES[name] === role)!;
  const entries = isObject(input._actors) ? asList(input._actors[roleName]) ?? [] : [];
  for (const e of entries) if (isObject(e) && e.itemtype === ACTOR_KIND[kind].itemtype && Number(e.items_id) > 0) out.push(Number(e.items_id));
  return out;
}


/** Whether a date is a working hour of a calendar (the ITIL domain's calendars, given at start-up: domains do not import each other). */
let workingHour: (db: Db, calendarId: number, date: string) => boolean = () => false;

export function workingHoursFrom(judge: typeof workingHour): void {
  workingHour = judge;
}

/**
 * GLPI's "creation date is a working hour in calendar": the calendars of the ticket's entity (or
 * recursive ones above it) whose working hours hold its creation date. Only read when a rule asks.
 */
function creationCalendars(db: Db, facts: Record<string, unknown>): number[] {
  const created = String(facts.date_creation ?? facts.date ?? '');
  if (created === '' || !activeRules(db, 'RuleTicket').some((r) => r.criteria.some((c) => c.criteria === '_date_creation_calendars_id'))) return [];
  const reach = selectAll(
    db,
    `WITH RECURSIVE up(id) AS (SELECT ? UNION SELECT e.entities_id FROM glpi_entities e JOIN up ON e.id = up.id WHERE e.id <> 0)
     SELECT c.id FROM glpi_calendars c WHERE c.entities_id = ? OR (c.is_recursive = 1 AND c.entities_id IN (SELECT id FROM up)) ORDER BY c.id`,
    Number(facts.entities_id ?? 0),
    Number(facts.entities_id ?? 0),
  );
  return reach.map((r) => Number(r.id)).filter((id) => workingHour(db, id, created));
}

/** GLPI's item state and group criteria read the first item named that exists (its columns, when it has them). */
function firstItemFacts(wc: Pick<WriteContext, 'db'>, items: Record<string, unknown>): Record<string, unknown> {
  for (const [itemtype, list] of Object.entries(items)) {
    const type = itemtype && /^[A-Za-z_]+$/.test(itemtype) ? itemtypeOf(itemtype) : undefined;
    for (const id of type ? idsOf(list) : []) {
      const row = selectAll(wc.db, `SELECT * FROM ${type!.table} WHERE id = ?`, id)[0];
      if (row) return { _states_id_of_item: Number(row.states_id ?? 0), _groups_id_of_item: Number(row.groups_id ?? 0) };
    }
  }
  return {};
}

/** What GLPI adds to a ticket's input for its rules (see the module's comment): read from the ticket's actors, items, category, contracts and calendars. */
function derived(wc: Pick<WriteContext, 'db'>, facts: Record<string, unknown>): void {
  const requesters = idsOf(facts._users_id_requester);
  facts._groups_id_of_requester = requesters.length === 0 ? [] : selectAll(wc.db, `SELECT DISTINCT groups_id FROM glpi_groups_users WHERE users_id IN (${marks(requesters)}) ORDER BY groups_id`, ...requesters).map((r) => Number(r.groups_id));
  facts._locations_id_of_requester = requesters.length === 0 ? [] : selectAll(wc.db, `SELECT locations_id FROM glpi_users WHERE id IN (${marks(requesters)}) AND locations_id > 0`, ...requesters).map((r) => Number(r.locations_id));
  const items = isObject(facts.items_id) ? (facts.items_id as Record<string, unknown>) : {};
  facts.itemtype = Object.keys(items);
  const locations: number[] = [];
  for (const [itemtype, list] of Object.entries(items)) {
    const table = `glpi_${itemtype.toLowerCase()}s`;
    if (!/^[A-Za-z_]+$/.test(itemtype) || selectAll(wc.db, "SELECT 1 AS ok FROM sqlite_master WHERE type = 'table' AND name = ?", table).length === 0) continue;
    const ids = idsOf(list);
    if (ids.length > 0) for (const r of selectAll(wc.db, `SELECT locations_id FROM ${table} WHERE id IN (${marks(ids)}) AND locations_id > 0`, ...ids)) locations.push(Number(r.locations_id));
  }
  facts._locations_id_of_item = locations;
  facts.items_locations = locations;
  Object.assign(facts, firstItemFacts(wc, items));
  const category = Number(facts.itilcategories_id ?? 0);
  if (category > 0) facts.itilcategories_id_code = selectAll(wc.db, 'SELECT code FROM glpi_itilcategories WHERE id = ?', category)[0]?.code ?? '';
  const contracts = [...idsOf(facts._contracts_id), ...(Number(facts.id) > 0 ? selectAll(wc.db, 'SELECT contracts_id FROM glpi_tickets_contracts WHERE tickets_id = ?', Number(facts.id)).map((r) => Number(r.contracts_id)) : [])];
  facts._contract_types = contracts.length === 0 ? [] : selectAll(wc.db, `SELECT DISTINCT contracttypes_id FROM glpi_contracts WHERE id IN (${marks(contracts)}) AND contracttypes_id > 0 ORDER BY contracttypes_id`, ...contracts).map((r) => Number(r.contracttypes_id));
  facts._date_creation_calendars_id = creationCalendars(wc.db, facts);
  const head = isObject(facts._head) ? (facts._head as Record<string, unknown>) : null;
  if (head) for (const name of ['x-priority', 'from', 'subject', 'to', 'reply-to', 'in-reply-to', 'references']) if (head[name] !== undefined) facts[`_${name}`] = head[name];
}

/**
 * What ticket rules see of a new ticket's input (the tester's too): its fields, its actors given
 * directly or in `_actors`, and what GLPI derives from them.
 */
export function ticketFacts(wc: Pick<WriteContext, 'db'>, input: Params, row: Row = {}): Record<string, unknown> {
  const facts: Record<string, unknown> = { ...input, ...row };
  for (const [key, kind, role] of ACTOR_INPUTS) facts[key] = givenActors(input, key, kind, role);
  derived(wc, facts);
  return facts;
}

/** A rule that set urgency or impact, or said `compute`, and set no priority itself: the priority follows. */
const priorityMoved = (output: Record<string, unknown>) => !('priority' in output) && ('_compute_priority' in output || 'urgency' in output || 'impact' in output);

function run(wc: WriteContext, facts: Record<string, unknown>, entityId: number, event: number, onlyCriteria?: Set<string>): Outcome {
  const ancestors = wc.services.directory.entities().ancestors(entityId);
  return runRules(wc.db, 'RuleTicket', facts, { entityId, ancestors, event, ...(onlyCriteria ? { onlyCriteria } : {}) });
}

export function ticketRuleHooks(priorityFor: PriorityFor): ItemHooks {
  return {
    prepareAdd(wc, type: Itemtype, row, input) {
      if (!anyRuleFor(wc.db, 'RuleTicket', ON.ADD)) return;
      const outcome = run(wc, ticketFacts(wc, input, row), Number(row.entities_id ?? 0), ON.ADD);
      if (Object.keys(outcome.output).length === 0) return;
      applyRuleOutput(wc.db, type, 'RuleTicket', outcome, `a new ${type.name}`, row, input);
      if (priorityMoved(outcome.output)) row.priority = priorityFor(wc.services.store.settings, Number(row.urgency ?? 3), Number(row.impact ?? 3));
    },
    prepareUpdate(wc, type: Itemtype, old, changes, input) {
      if (!anyRuleFor(wc.db, 'RuleTicket', ON.UPDATE)) return;
      const changed = new Set(Object.keys(changes).filter((k) => String(changes[k] ?? '') !== String(old[k] ?? '')));
      const facts: Record<string, unknown> = { ...old, ...input, ...changes };
      const tables = ACTOR_TABLES[type.name]!;
      for (const [key, kind, role] of ACTOR_INPUTS) {
        const given = givenActors(input, key, kind, role);
        if (given.length > 0) changed.add(key);
        const stored = selectAll(wc.db, `SELECT ${ACTOR_KIND[kind].column} AS id FROM ${tables[kind]} WHERE ${tables.fk} = ? AND type = ? ORDER BY id`, Number(old.id), role).map((r) => Number(r.id));
        facts[key] = [...new Set([...stored, ...given])];
      }
      if (changed.size === 0) return;
      derived(wc, facts);
      const outcome = run(wc, facts, Number(changes.entities_id ?? old.entities_id ?? 0), ON.UPDATE, changed);
      if (Object.keys(outcome.output).length === 0) return;
      const next: Row = { ...changes };
      applyRuleOutput(wc.db, type, 'RuleTicket', outcome, `${type.name} ${Number(old.id)}`, next, input);
      for (const [key, value] of Object.entries(next)) changes[key] = value;
      if (priorityMoved(outcome.output)) {
        changes.priority = priorityFor(wc.services.store.settings, Number(changes.urgency ?? old.urgency ?? 3), Number(changes.impact ?? old.impact ?? 3));
      }
    },
    // A `send` action raises its event on the ticket as written; GLPI's needs the ticket's id, so only on update.
    afterUpdate(wc, type: Itemtype, old, _changes, input) {
      for (const event of asList(input[RAISED_EVENTS]) ?? []) raiseItemEvent(wc.db, type, Number(old.id), String(event));
    },
  };
}
