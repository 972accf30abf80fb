/**
 * The rows an ITIL item's special input names by id (`_tasktemplates_id`, `_projects_id`…): a row
 * outside the session's entities does not exist for a client, as in a read, and refuses the whole
 * write; one a business rule named is taken wherever it is (rules are configured by administrators),
 * and left out when it is gone since (a rule never refuses the write).
 */
import type { Params } from '../core/params';
import { selectOne, type Row } from '../db/rows';
import { entityReachFilter } from '../auth/visibility';
import { ItemError, type WriteContext } from '../items/hooks';
import { isRuleInput } from '../items/rule-inputs';
import type { Itemtype } from '../registry';

export function namedRows(wc: WriteContext, input: Params, key: string, type: Itemtype, ids: (number | null)[]): Row[] {
  const byRule = isRuleInput(input, key);
  const reach = byRule ? { sql: '1', args: [] } : entityReachFilter(wc.scope, type);
  const reachable = `SELECT t.* FROM ${type.table} t WHERE t.id = ? AND (${reach.sql})`;
  return ids.flatMap((id) => {
    const row = id !== null && id > 0 ? selectOne(wc.db, reachable, id, ...reach.args) : null;
    if (row) return [row];
    if (byRule) return [];
    throw new ItemError(`Field ${key}: ${type.name} ${JSON.stringify(id)} does not exist`);
  });
}
