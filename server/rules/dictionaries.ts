/**
 * GLPI's dictionaries when a name is written: a manufacturer, a model, a type or an operating
 * system's name goes through its dropdown dictionary (RuleDictionnaryManufacturer,
 * RuleDictionnaryComputerModel…), a software's name and manufacturer through the software
 * dictionary, whose rules may rename it, give it a manufacturer, a category or helpdesk
 * visibility. Each dictionary stops at its first matching rule, as GLPI's.
 */
import { findById, type Row } from '../db/rows';
import type { Params } from '../core/params';
import type { ItemHooks, WriteContext } from '../items/hooks';
import type { Itemtype } from '../registry';
import { applyRuleOutput } from './apply';
import { DROPDOWN_DICTIONARIES } from './collections';
import { runRules } from './engine';

const DICTIONARY_OF = new Map(Object.entries(DROPDOWN_DICTIONARIES).map(([subType, itemtype]) => [itemtype, subType]));

/** The dropdown types a dictionary renames. */
export const DICTIONARY_TYPES: readonly string[] = [...DICTIONARY_OF.keys()];

function renameDropdown(wc: WriteContext, type: Itemtype, target: Row): void {
  if (typeof target.name !== 'string' || target.name === '') return;
  const { output } = runRules(wc.db, DICTIONARY_OF.get(type.name)!, { name: target.name });
  if (typeof output.name === 'string' && output.name !== '') target.name = output.name;
}

/** The software dictionary's actions that a software row takes (`manufacturer` names a manufacturer's id). */
function softwareOutput(output: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof output.name === 'string' && output.name !== '') out.name = output.name;
  if (output.manufacturer !== undefined) out.manufacturers_id = output.manufacturer;
  for (const key of ['softwarecategories_id', 'is_helpdesk_visible']) if (output[key] !== undefined) out[key] = output[key];
  return out;
}

function renameSoftware(wc: WriteContext, type: Itemtype, current: Row, target: Row, input: Params): void {
  const name = target.name ?? current.name;
  if (!('name' in target) && !('manufacturers_id' in target)) return;
  if (typeof name !== 'string' || name === '') return;
  const manufacturerId = Number(target.manufacturers_id ?? current.manufacturers_id ?? 0);
  const manufacturer = manufacturerId > 0 ? String(findById(wc.db, 'glpi_manufacturers', manufacturerId)?.name ?? '') : '';
  const facts = { name, manufacturer, entities_id: target.entities_id ?? current.entities_id ?? 0 };
  const outcome = runRules(wc.db, 'RuleDictionnarySoftware', facts);
  applyRuleOutput(wc.db, type, 'RuleDictionnarySoftware', { ...outcome, output: softwareOutput(outcome.output) }, `the software ${JSON.stringify(name)}`, target, input);
}

export const dropdownDictionaryHooks: ItemHooks = {
  checksAlone: true,
  prepareAdd(wc, type, row) {
    renameDropdown(wc, type, row);
  },
  prepareUpdate(wc, type, _old, changes) {
    renameDropdown(wc, type, changes);
  },
};

export const softwareDictionaryHooks: ItemHooks = {
  checksAlone: true,
  prepareAdd(wc, type, row, input) {
    renameSoftware(wc, type, row, row, input);
  },
  prepareUpdate(wc, type, old, changes, input) {
    renameSoftware(wc, type, old, changes, input);
  },
};
