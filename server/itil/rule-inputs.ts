/**
 * What GLPI 10's ticket business rules ask of a ticket beyond its fields, done once the ticket is
 * written (added or updated), in GLPI's order: a follow-up from each follow-up template
 * (`_itilfollowuptemplates_id`), a solution from the solution template (`_solutiontemplates_id`;
 * none on a ticket already solved or closed), a link to each project (`_projects_id`) and to the
 * contract (`_contracts_id`). Rules are configured by administrators, so these are written
 * whatever the session's rights, signed by its user, as GLPI's; the same keys sent by a client
 * are not taken (a follow-up, solution or link of its own goes through its endpoint and rights).
 */
import { nowString } from '../core/clock';
import { asList, type Params } from '../core/params';
import { findById, insertRow, selectOne, type Row } from '../db/rows';
import { HISTORY, logRelation } from '../items/history';
import type { ItemHooks, WriteContext } from '../items/hooks';
import { isRuleInput } from '../items/rule-inputs';
import { itemtypeOrThrow, type Itemtype } from '../registry';
import { ITIL_STATUS_GROUPS, type ItilTypeName } from '../registry/values';
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

function apply(wc: WriteContext, type: Itemtype, id: number, input: Params): void {
  const me = Number(wc.scope.user.id);
  const at = nowString();
  if (isRuleInput(input, '_itilfollowuptemplates_id')) for (const template of ids(input._itilfollowuptemplates_id)) followupFromTemplate(wc.db, type, id, template, me, at);
  if (isRuleInput(input, '_solutiontemplates_id')) {
    const item = findById(wc.db, type.table, id)!;
    const groups = ITIL_STATUS_GROUPS[type.name as ItilTypeName];
    const done = [...groups.solved, ...groups.closed].includes(Number(item.status));
    if (!done) solutionFromTemplate(wc, type, item, Number(input._solutiontemplates_id), me, at);
  }
  if (isRuleInput(input, '_projects_id')) for (const project of ids(input._projects_id)) link(wc, 'Itil_Project', { itemtype: type.name, items_id: id, projects_id: project });
  if (isRuleInput(input, '_contracts_id')) for (const contract of ids(input._contracts_id)) link(wc, 'Ticket_Contract', { tickets_id: id, contracts_id: contract });
}

export const ruleInputHooks: ItemHooks = {
  afterAdd(wc, type, row, input) {
    apply(wc, type, Number(row.id), input);
  },
  afterUpdate(wc, type, old, _changes, input) {
    apply(wc, type, Number(old.id), input);
  },
};
