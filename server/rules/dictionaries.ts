/**
 * GLPI's dictionaries when a name is written: a manufacturer, a model, a type or an operating
 * system's name goes through its dropdown dictionary (RuleDictionnaryManufacturer,
 * RuleDictionnaryComputerModel…), a software's name and manufacturer through the software
 * dictionary, whose rules may rename it, give it a manufacturer, a category or helpdesk
 * visibility. Each dictionary stops at its first matching rule, as GLPI's. The same decides what
 * a replay on the rows already there changes (./replay.ts).
 */
import type { Db } from '../db/connection';
import { findById, type Row } from '../db/rows';
import type { Params } from '../core/params';
import type { ItemHooks, WriteContext } from '../items/hooks';
import type { Itemtype } from '../registry';
import { applyRuleOutput } from './apply';
import { DROPDOWN_DICTIONARIES } from './collections';
import { runRules, type Outcome } from './engine';

const DICTIONARY_OF = new Map(Object.entries(DROPDOWN_DICTIONARIES).map(([subType, itemtype]) => [itemtype, subType]));

/** The dropdown types a dictionary renames. */
export const DICTIONARY_TYPES: readonly string[] = [...DICTIONARY_OF.keys()];

/** The name a dropdown dictionary gives `name` (itself when no rule renames it). */
function dictionaryName(db: Db, type: Itemtype, name: string): string {
  const { output } = runRules(db, DICTIONARY_OF.get(type.name)!, { name });
  return typeof output.name === 'string' && output.name !== '' ? output.name : name;
}

/**
 * The software dictionary on a software's name, manufacturer and entity, its output as the
 * software's columns (`manufacturer` names a manufacturer's id).
 */
function softwareOutcome(db: Db, name: string, manufacturerId: number, entityId: unknown): Outcome {
  const manufacturer = manufacturerId > 0 ? String(findById(db, 'glpi_manufacturers', manufacturerId)?.name ?? '') : '';
  const outcome = runRules(db, 'RuleDictionnarySoftware', { name, manufacturer, entities_id: entityId ?? 0 });
  const out: Record<string, unknown> = {};
  if (typeof outcome.output.name === 'string' && outcome.output.name !== '') out.name = outcome.output.name;
  if (outcome.output.manufacturer !== undefined) out.manufacturers_id = outcome.output.manufacturer;
  for (const key of ['softwarecategories_id', 'is_helpdesk_visible']) if (outcome.output[key] !== undefined) out[key] = outcome.output[key];
  return { ...outcome, output: out };
}

function renameDropdown(wc: WriteContext, type: Itemtype, target: Row): void {
  if (typeof target.name === 'string' && target.name !== '') target.name = dictionaryName(wc.db, type, target.name);
}

function renameSoftware(wc: WriteContext, type: Itemtype, current: Row, target: Row, input: Params): void {
  if (!('name' in target) && !('manufacturers_id' in target)) return;
  const name = target.name ?? current.name;
  if (typeof name !== 'string' || name === '') return;
  const outcome = softwareOutcome(wc.db, name, Number(target.manufacturers_id ?? current.manufacturers_id ?? 0), target.entities_id ?? current.entities_id);
  applyRuleOutput(wc.db, type, 'RuleDictionnarySoftware', outcome, `the software ${JSON.stringify(name)}`, target, input);
}

/** What the dictionary of `type` changes on a stored row now, without writing: the columns that differ. */
export function dictionaryChanges(db: Db, type: Itemtype, row: Row): Row {
  const target: Row = { name: row.name };
  if (typeof row.name !== 'string' || row.name === '') return {};
  if (type.name === 'Software') {
    target.manufacturers_id = row.manufacturers_id;
    const outcome = softwareOutcome(db, row.name, Number(row.manufacturers_id ?? 0), row.entities_id);
    applyRuleOutput(db, type, 'RuleDictionnarySoftware', outcome, `Software ${Number(row.id)}`, target, {});
  } else target.name = dictionaryName(db, type, row.name);
  return Object.fromEntries(Object.entries(target).filter(([column, value]) => String(value ?? '') !== String(row[column] ?? '')));
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
