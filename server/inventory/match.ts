/**
 * Which asset (a computer, or a printer, network equipment… for a network inventory) an inventory is about, as GLPI 10's RuleImportAsset decides: its rules (GLPI's
 * defaults, seeded with their ids, and any written or imported since) run in ranking order on
 * the inventory's itemtype, name, serial, UUID, MACs…; a rule's `find` criteria (10) together
 * look up the live computers having all those values ("is empty" (30) narrowing them to those
 * with that column empty, as "Computer update (by serial + uuid is empty in GLPI)"), in the
 * inventory's entity alone when the rule says "restrict search in defined entity" (202); the first
 * matching rule links the inventory to the first computer found, imports a new one when it found
 * none, or refuses it. No matching rule: a new computer, as GLPI.
 */
import type { Db } from '../db/connection';
import { selectAll } from '../db/rows';
import { itemtypeOrThrow } from '../registry';
import { runRules } from '../rules/engine';
import type { Inventory } from './inventory';

/** RuleImportAsset's `_inventory` values (GLPI's RULE_ACTION_LINK_OR_IMPORT, …_LINK_OR_NO_IMPORT, …_DENIED). */
const LINK_OR_IMPORT = 0;
const LINK_OR_NO_IMPORT = 1;
const DENIED = 2;
const FIND = 10;
const IS_EMPTY = 30;
const ENTITY_RESTRICT = 202;

/** Why an inventory is not imported: the rule that refused it, in its words. */
export type Refusal = { refusedBy: { id: number; name: string }; reason: string };
export type Match = { computerId: number | null; ruleId: number | null } | Refusal;

const LIVE = 'c.is_deleted = 0 AND c.is_template = 0';
/** The asset columns a find or an "is empty" criterion reads ('mac': a port's). */
const FINDABLE = new Set(['serial', 'uuid', 'name', 'mac', 'otherserial']);

const values = (raw: unknown) => (Array.isArray(raw) ? raw : [raw]).map((v) => String(v ?? '')).filter((v) => v !== '');

/** The live assets of `itemtype` with every finding criterion's value and the "is empty" columns empty. */
function assetsFound(db: Db, itemtype: string, rule: { criteria: readonly { criteria: string; condition: number }[] }, input: Record<string, unknown>): number[] {
  const type = itemtypeOrThrow(itemtype);
  const where: string[] = [];
  const args: (string | number)[] = [];
  for (const { criteria, condition } of rule.criteria) {
    if (!FINDABLE.has(criteria) || (criteria !== 'mac' && !type.column.has(criteria)) || (condition !== FIND && condition !== IS_EMPTY)) continue;
    if (condition === IS_EMPTY) {
      where.push(criteria === 'mac' ? `NOT EXISTS (SELECT 1 FROM glpi_networkports p WHERE p.itemtype = ? AND p.items_id = c.id AND p.mac <> '')` : `COALESCE(c.${criteria}, '') = ''`);
      if (criteria === 'mac') args.push(itemtype);
      continue;
    }
    const wanted = values(input[criteria]);
    if (wanted.length === 0) return [];
    const marks = wanted.map(() => '?').join(', ');
    where.push(criteria === 'mac' ? `EXISTS (SELECT 1 FROM glpi_networkports p WHERE p.itemtype = ? AND p.items_id = c.id AND p.is_deleted = 0 AND lower(p.mac) IN (${marks}))` : `c.${criteria} IN (${marks})`);
    args.push(...(criteria === 'mac' ? [itemtype, ...wanted.map((mac) => mac.toLowerCase())] : wanted));
  }
  if (where.length === 0) return [];
  // "Restrict search in defined entity" (202): only the assets of the inventory's entity.
  if (rule.criteria.some((c) => c.condition === ENTITY_RESTRICT)) {
    where.push('c.entities_id = ?');
    args.push(Number(input.entities_id ?? 0));
  }
  return selectAll(db, `SELECT c.id FROM ${type.table} c WHERE ${LIVE} AND ${where.join(' AND ')} ORDER BY c.id`, ...args).map((r) => Number(r.id));
}

/** What RuleImportAsset reads of an inventory (with the entity RuleImportEntity gave). */
function ruleInput(inv: Inventory): Record<string, unknown> & { itemtype: string } {
  const macs = inv.ports.map((p) => p.mac).filter((mac) => mac !== '');
  return { itemtype: inv.itemtype, name: inv.name, serial: inv.serial, uuid: inv.uuid, mac: macs, device_id: inv.deviceid, tag: inv.tag, osname: inv.os?.name ?? '' };
}

/** The computer this inventory updates (null: a new one) and the rule that decided, or why it is refused. */
export function matchComputer(db: Db, inv: Inventory, entityId: number): Match {
  return matchAsset(db, ruleInput(inv), entityId);
}

/**
 * The asset of `input.itemtype` an inventory updates (null: a new one) and the rule that decided,
 * or why it is refused; `input` is what RuleImportAsset reads (itemtype, name, serial, uuid, mac…).
 */
export function matchAsset(db: Db, input: Record<string, unknown> & { itemtype: string }, entityId: number): Match {
  const found = new Map<number, number[]>();
  const foundBy = (rule: { id: number; criteria: readonly { criteria: string; condition: number }[] }, values: Record<string, unknown>) => {
    if (!found.has(rule.id)) found.set(rule.id, assetsFound(db, input.itemtype, rule, values));
    return found.get(rule.id)!;
  };
  const outcome = runRules(db, 'RuleImportAsset', { ...input, entities_id: entityId }, { entityId, find: (_criterion, values, rule) => foundBy(rule, values).length > 0 });
  const rule = outcome.rules.find((r) => r.matched);
  if (!rule) return { computerId: null, ruleId: null };
  const refused = { refusedBy: { id: rule.id, name: rule.name } };
  if (Number(outcome.output._ignore_import) === 1) return { ...refused, reason: 'ignored by the rule' };
  const action = Number(outcome.output._inventory ?? LINK_OR_IMPORT);
  if (action === DENIED) return { ...refused, reason: 'import denied by the rule' };
  const computerId = found.get(rule.id)?.[0] ?? null;
  if (computerId === null && action === LINK_OR_NO_IMPORT) return { ...refused, reason: 'no computer to link and the rule imports none' };
  return { computerId, ruleId: rule.id };
}
