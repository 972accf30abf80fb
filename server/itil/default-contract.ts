/**
 * GLPI links a new ticket to its entity's default contract (`contracts_id_default`, inherited
 * through -2 as `contracts_strategy_default`) unless the input names one (`_contracts_id` not 0)
 * or asks `_skip_default_contract`. The strategy -1 takes the first contract of the ticket's own
 * entity still running (GLPI's: renewed tacitly, or begun and not past its duration in months).
 * It is set before the business rules, which see it as GLPI's do, and linked whatever the
 * session's rights: the entity's administrators chose it.
 */
import { nowString } from '../core/clock';
import type { Params } from '../core/params';
import type { Db } from '../db/connection';
import { selectOne } from '../db/rows';
import type { ItemHooks } from '../items/hooks';
import { markRuleInput } from '../items/rule-inputs';
import { decidingEntity } from './entity-settings';

/** GLPI's CONFIG_AUTO: the first running contract of the ticket's entity. */
const FIRST_RUNNING = -1;

export function defaultContract(db: Db, entityId: number, today: string): number {
  const deciding = decidingEntity(db, entityId, 'contracts_strategy_default');
  if (!deciding) return 0;
  if (Number(deciding.contracts_strategy_default) !== FIRST_RUNNING) return Number(deciding.contracts_id_default ?? 0);
  const running = selectOne(
    db,
    `SELECT id FROM glpi_contracts WHERE entities_id = ? AND is_deleted = 0 AND is_template = 0
       AND (renewal = 1 OR date(begin_date, printf('+%d months', duration)) > date(?)) ORDER BY id LIMIT 1`,
    entityId,
    today,
  );
  return Number(running?.id ?? 0);
}

const skips = (input: Params) => input._skip_default_contract !== undefined && input._skip_default_contract !== false;

export const defaultContractHooks: ItemHooks = {
  prepareAdd(wc, _type, row, input) {
    if (Number(input._contracts_id) > 0 || skips(input)) return;
    const contract = defaultContract(wc.db, Number(row.entities_id ?? 0), nowString());
    if (contract <= 0) return;
    input._contracts_id = contract;
    markRuleInput(input, '_contracts_id');
  },
};
