/**
 * GLPI's business rules for assets (RuleAsset), as GLPI runs them on the asset types' add and
 * update: on what the write gives, with `_itemtype` (the asset's type) and `_auto` (1 when an
 * inventory writes, 0 by hand); what the matching rules set is written with it (a user found
 * from the contact by the default "Domain user assignation" rule, a location, a state…).
 */
import type { Row } from '../db/rows';
import type { Params } from '../core/params';
import type { ItemHooks, WriteContext } from '../items/hooks';
import type { Itemtype } from '../registry';
import { applyRuleOutput } from './apply';
import { ON } from './collections';
import { anyRuleCouldMatch, runRules } from './engine';

function apply(wc: WriteContext, type: Itemtype, given: Row, input: Params, target: Row, entityId: number, event: number, what: string): void {
  const auto = input._auto ?? 0;
  // A hand-made add fails every default rule on `_auto`: skip gathering the facts a rule could not use.
  if ((typeof auto === 'number' || typeof auto === 'string') && !anyRuleCouldMatch(wc.db, 'RuleAsset', { _itemtype: type.name, _auto: auto }, event)) return;
  const facts = { ...input, ...given, _itemtype: type.name, _auto: auto };
  const ancestors = wc.services.directory.entities().ancestors(entityId);
  const outcome = runRules(wc.db, 'RuleAsset', facts, { entityId, ancestors, event });
  if (Object.keys(outcome.output).length > 0) applyRuleOutput(wc.db, type, 'RuleAsset', outcome, what, target, input);
}

export const assetRuleHooks: ItemHooks = {
  // Reads only the rules and the rows they name, writes nothing: a bulk add may still check its elements together.
  checksAlone: true,
  prepareAdd(wc, type, row, input) {
    apply(wc, type, row, input, row, Number(row.entities_id ?? 0), ON.ADD, `a new ${type.name}`);
  },
  prepareUpdate(wc, type, old, changes, input) {
    apply(wc, type, changes, input, changes, Number(changes.entities_id ?? old.entities_id ?? 0), ON.UPDATE, `${type.name} ${Number(old.id)}`);
  },
};
