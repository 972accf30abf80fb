/**
 * What GLPI 10 does with a ticket's special inputs once the ticket is written, in its order: a
 * follow-up from each follow-up template (`_itilfollowuptemplates_id`), a solution from the
 * solution template (`_solutiontemplates_id`; none on a ticket already solved or closed), a link
 * to each project (`_projects_id`) and, on add only, to the contract (`_contracts_id`).
 * Set by a business rule, they are written whatever the session's rights (rules are configured by
 * administrators); sent by a client, what they name must lie in the session's entities (else the
 * write is refused) and each is written only when the session may add that follow-up, link, or
 * solve the ticket (GLPI's canSolve) itself. Either way they are signed by the session's user, as GLPI's.
 */
import { nowString } from '../core/clock';
import { asList, type Params } from '../core/params';
import { findById, insertRow, selectOne, type Row } from '../db/rows';
import { HISTORY, logRelation } from '../items/history';
import type { ItemHooks, WriteContext } from '../items/hooks';
import { rowWritable } from '../items/crud';
import { isRuleInput } from '../items/rule-inputs';
import { itemtypeOrThrow, type Itemtype } from '../registry';
import { ITIL_STATUS_GROUPS, type ItilTypeName } from '../registry/values';
import { namedRows } from './named-rows';
import { maySolve } from './solutions';
import { followupFromTemplate, solutionFromTemplate } from './template-writes';

const ids = (value: unknown): number[] => (asList(value) ?? [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** Adds the link row unless it is there, with the history GLPI's link add writes. */
function link(wc: WriteContext, linkType: string, row: Row): void {
  const type = itemtypeOrThrow(linkType);
  const keys = Object.keys(row);
  if (selectOne(wc.db, `SELECT id FROM ${type.table} WHERE ${keys.map((k) => `${k} = ?`).join(' AND ')}`, ...keys.map((k) => row[k] as string | number))) return;
  const id = insertRow(wc.db, type.table, row);
  logRelation(wc, type, { ...row, id }, HISTORY.ADD_RELATION);
}

/**
 * The ids a key names: those a rule set, or the client's, checked against the session's entities
 * and kept only when the session `may` write what the id gives.
 */
function named(wc: WriteContext, input: Params, key: string, target: string, may: (id: number) => boolean): number[] {
  const given = ids(input[key]);
  if (given.length === 0) return [];
  const found = namedRows(wc, input, key, itemtypeOrThrow(target), given).map((row) => Number(row.id));
  return isRuleInput(input, key) ? found : found.filter(may);
}

function apply(wc: WriteContext, type: Itemtype, id: number, input: Params, adding: boolean): void {
  const me = Number(wc.scope.user.id);
  const at = nowString();
  const onItem = { itemtype: type.name, items_id: id };
  const writable = (writes: string, row: Row) => rowWritable(wc, itemtypeOrThrow(writes), row, 'create');
  for (const template of named(wc, input, '_itilfollowuptemplates_id', 'ITILFollowupTemplate', () => writable('ITILFollowup', { ...onItem, users_id: me }))) {
    followupFromTemplate(wc.db, type, id, template, me, at);
  }
  const item = () => findById(wc.db, type.table, id)!;
  for (const template of named(wc, input, '_solutiontemplates_id', 'SolutionTemplate', () => maySolve(wc, type, item(), Number(item().status))).slice(0, 1)) {
    const groups = ITIL_STATUS_GROUPS[type.name as ItilTypeName];
    const done = [...groups.solved, ...groups.closed].includes(Number(item().status));
    if (!done) solutionFromTemplate(wc, type, item(), template, me, at);
  }
  for (const project of named(wc, input, '_projects_id', 'Project', (projects_id) => writable('Itil_Project', { ...onItem, projects_id }))) link(wc, 'Itil_Project', { ...onItem, projects_id: project });
  // GLPI links a client's contract on add only; a rule's on update too.
  if (!adding && !isRuleInput(input, '_contracts_id')) return;
  for (const contract of named(wc, input, '_contracts_id', 'Contract', (contracts_id) => writable('Ticket_Contract', { tickets_id: id, contracts_id }))) {
    link(wc, 'Ticket_Contract', { tickets_id: id, contracts_id: contract });
  }
}

export const ruleInputHooks: ItemHooks = {
  afterAdd(wc, type, row, input) {
    apply(wc, type, Number(row.id), input, true);
  },
  afterUpdate(wc, type, old, _changes, input) {
    apply(wc, type, Number(old.id), input, false);
  },
};
