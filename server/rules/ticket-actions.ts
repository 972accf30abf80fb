/**
 * GLPI 10's ticket rule actions that feed the ticket's special inputs rather than a column: a
 * solution template (`_solutiontemplates_id`), task and follow-up templates (lists), projects
 * (`_projects_id`, a list: GLPI's "assign" adds to it too), a contract (`_contracts_id`) and
 * appliances (added to the ticket's items). `regex_result` finds them by name: every project or
 * helpdesk-visible appliance of that name, the first contract of that name in the ticket's entity.
 */
import { asList, isObject } from '../core/params';
import type { Db } from '../db/connection';
import { selectAll } from '../db/rows';
import { withCaptures } from './regex';

type Current = (key: string) => unknown;
/** What the action set, or why nothing (actions.ts's ActionResult). */
type Result = { set: Record<string, unknown>; error?: string };

interface Target {
  key: string;
  list: boolean;
  /** The rows a name found by `regex_result` stands for. */
  byName?: string;
  /** `byName` looks in the ticket's entity alone. */
  inEntity?: boolean;
}

const TARGETS: Record<string, Target> = {
  solution_template: { key: '_solutiontemplates_id', list: false },
  task_template: { key: '_tasktemplates_id', list: true },
  itilfollowup_template: { key: '_itilfollowuptemplates_id', list: true },
  assign_project: { key: '_projects_id', list: true, byName: 'SELECT id FROM glpi_projects WHERE name = ? ORDER BY id' },
  assign_contract: { key: '_contracts_id', list: false, byName: 'SELECT id FROM glpi_contracts WHERE name = ? AND entities_id = ? ORDER BY id LIMIT 1', inEntity: true },
  assign_appliance: { key: 'items_id', list: true, byName: 'SELECT id FROM glpi_appliances WHERE name = ? AND is_helpdesk_visible = 1 ORDER BY id' },
};

export const isTicketInputAction = (subType: string, field: string): boolean => subType === 'RuleTicket' && field in TARGETS;

const idList = (value: unknown): number[] => (asList(value) ?? (value === undefined || value === null || value === '' ? [] : [value])).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** `ids` added to what the key holds so far; an appliance goes into the items map under Appliance. */
function added(target: Target, current: Current, ids: number[]): Record<string, unknown> {
  if (target.key === 'items_id') {
    const items = isObject(current('items_id')) ? { ...(current('items_id') as Record<string, unknown>) } : {};
    items.Appliance = [...new Set([...idList(items.Appliance), ...ids])];
    return { items_id: items };
  }
  if (!target.list) return { [target.key]: ids[0] };
  return { [target.key]: [...new Set([...idList(current(target.key)), ...ids])] };
}

export function runTicketInputAction(db: Db, action: { action_type: string; field: string; value: string }, captures: readonly string[], current: Current): Result {
  const target = TARGETS[action.field]!;
  if (action.action_type === 'regex_result' && target.byName) {
    const name = withCaptures(action.value, captures);
    const ids = selectAll(db, target.byName, ...(target.inEntity ? [name, Number(current('entities_id') ?? 0)] : [name])).map((r) => Number(r.id));
    return ids.length > 0 ? { set: added(target, current, ids) } : { set: {}, error: `no ${action.field.replace('assign_', '')} named ${JSON.stringify(name)}` };
  }
  if (action.action_type !== 'assign' && action.action_type !== 'append') return { set: {}, error: `action type ${JSON.stringify(action.action_type)} does not apply to ${action.field}` };
  const id = Number(action.value);
  return Number.isInteger(id) && id > 0 ? { set: added(target, current, [id]) } : { set: {}, error: `${action.field}: ${JSON.stringify(action.value)} is no id` };
}
