/**
 * Puts what rules set onto a row being written: a column of the itemtype takes a value only when
 * it is valid for the column and, for a link, names a row that exists; an input key (`_…`, such
 * as actors or approval requests) goes to the input the later hooks read, with ids of users,
 * groups or suppliers that no longer exist left out. Rules are configured by administrators:
 * what they set is applied whatever the session's own rights on those fields, as in GLPI.
 * Answers what was left out and why.
 */
import type { Db } from '../db/connection';
import { findById, type Row } from '../db/rows';
import { asList, type Params } from '../core/params';
import { checkValue } from '../items/values';
import { markRuleInput } from '../items/rule-inputs';
import { itemtype, type Itemtype } from '../registry';
import { matchedRules, type Outcome } from './engine';

/** Input keys that list ids of rows of a table (actors, approvers, templates, projects). */
const LIST_TARGET: Record<string, string> = {
  _users_id_requester: 'glpi_users',
  _users_id_observer: 'glpi_users',
  _users_id_assign: 'glpi_users',
  _groups_id_requester: 'glpi_groups',
  _groups_id_observer: 'glpi_groups',
  _groups_id_assign: 'glpi_groups',
  _suppliers_id_assign: 'glpi_suppliers',
  _add_validation: 'glpi_users',
  _tasktemplates_id: 'glpi_tasktemplates',
  _itilfollowuptemplates_id: 'glpi_itilfollowuptemplates',
  _projects_id: 'glpi_projects',
};

/** Input keys that name one row of a table. */
const ONE_TARGET: Record<string, string> = {
  _solutiontemplates_id: 'glpi_solutiontemplates',
  _contracts_id: 'glpi_contracts',
};

/** Where a line goes for what rules could not apply (the server's log; set at start-up). */
let reportLeftOut: (line: string) => void = () => {};

export function reportLeftOutTo(report: (line: string) => void): void {
  reportLeftOut = report;
}

/** applyOutput, with a log line naming the collection, the matching rules and the item when something is left out. */
export function applyRuleOutput(db: Db, type: Itemtype, subType: string, outcome: Outcome, what: string, row: Row, input: Params): void {
  const skipped = applyOutput(db, type, outcome.output, row, input);
  if (skipped.length > 0) reportLeftOut(`${subType} rules ${matchedRules(outcome).join(', ')} on ${what}: left out ${skipped.join('; ')}`);
}

/** Keys the engine uses between rules and the wiring, never written. */
const INTERNAL = new Set(['_compute_priority']);
/** Keys the later hooks read from the input (the ticket's items, linked once it is written). */
const INPUT_ONLY = new Set(['items_id']);

function toInput(input: Params, key: string, value: unknown): void {
  input[key] = value;
  markRuleInput(input, key);
}

export function applyOutput(db: Db, type: Itemtype, output: Record<string, unknown>, row: Row, input: Params): string[] {
  const skipped: string[] = [];
  for (const [key, value] of Object.entries(output)) {
    if (INTERNAL.has(key)) continue;
    if (INPUT_ONLY.has(key)) {
      toInput(input, key, value);
      continue;
    }
    const target = LIST_TARGET[key] ?? ONE_TARGET[key];
    if (target) {
      const list = (asList(value) ?? [value]).map(Number).filter((id) => Number.isInteger(id) && id > 0);
      const existing = list.filter((id) => findById(db, target, id));
      if (existing.length < list.length) skipped.push(`${key}: ${list.filter((id) => !existing.includes(id)).join(', ')} no longer exist`);
      if (key in LIST_TARGET) toInput(input, key, existing);
      else if (existing.length > 0) toInput(input, key, existing[0]);
      continue;
    }
    const column = type.column.get(key);
    if (!column || key === 'id' || type.computed.includes(key)) {
      if (key.startsWith('_')) toInput(input, key, value);
      else skipped.push(`${key}: not a field of ${type.name}`);
      continue;
    }
    const checked = checkValue(column, value);
    if (!checked.ok) {
      skipped.push(`${key}: ${checked.message}`);
      continue;
    }
    const linked = type.foreignKeys.get(key);
    const table = linked && itemtype(linked)?.table;
    if (table && Number(checked.value) > 0 && !findById(db, table, Number(checked.value))) {
      skipped.push(`${key}: ${linked} ${String(checked.value)} does not exist`);
      continue;
    }
    row[key] = checked.value;
  }
  return skipped;
}
