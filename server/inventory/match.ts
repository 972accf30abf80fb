/**
 * Which computer an inventory is about, as GLPI 10's RuleImportAsset decides: when the collection
 * has active rules (written through the API, or imported from a GLPI database with its
 * defaults), the rules engine runs them, each `find` criterion (10) looking for computers with
 * the inventory's serial, UUID, MAC, name…; the first matching rule links the inventory to the
 * computer all its found criteria point at (a new one when it has none, "import"), or refuses it
 * (`_inventory` = 2, or `_ignore_import`). Without active rules, GLPI's default computer rules
 * run as code, in their order: "Computer update (by serial + uuid)", "(by serial)", "(by uuid)",
 * "(by mac)", "(by name)", else "Computer import (by name)" (Deskbase seeds none of them yet).
 */
import type { Db } from '../db/connection';
import { selectAll } from '../db/rows';
import { anyRuleFor, runRules } from '../rules/engine';
import type { Inventory } from './inventory';

/** RuleImportAsset's `_inventory` action values (GLPI's RULE_ACTION_LINK_OR_IMPORT, RULE_ACTION_DENIED). */
const LINK_OR_IMPORT = 1;
const DENIED = 2;
const FIND = 10;

export type Match = { computerId: number | null } | { refusedBy: { id: number; name: string } };

const LIVE = 'c.is_deleted = 0 AND c.is_template = 0';

/** The live computers whose `criteria` is one of `values` (a port's MAC for `mac`). */
function computersWith(db: Db, criteria: string, values: string[]): number[] {
  if (values.length === 0) return [];
  const marks = values.map(() => '?').join(', ');
  const sql =
    criteria === 'mac'
      ? `SELECT DISTINCT c.id FROM glpi_computers c JOIN glpi_networkports p ON p.itemtype = 'Computer' AND p.items_id = c.id WHERE ${LIVE} AND p.is_deleted = 0 AND lower(p.mac) IN (${marks})`
      : `SELECT c.id FROM glpi_computers c WHERE ${LIVE} AND c.${criteria} IN (${marks})`;
  return selectAll(db, `${sql} ORDER BY c.id`, ...values).map((r) => Number(r.id));
}

const FINDABLE = new Set(['serial', 'uuid', 'name', 'mac', 'otherserial']);

function ruleInput(inv: Inventory): Record<string, unknown> {
  const macs = inv.ports.map((p) => p.mac).filter((mac) => mac !== '');
  return { itemtype: 'Computer', entities_id: 0, name: inv.name, serial: inv.serial, uuid: inv.uuid, mac: macs, device_id: inv.deviceid, tag: inv.tag, osname: inv.os?.name ?? '' };
}

function byImportRules(db: Db, inv: Inventory): Match {
  const input = ruleInput(inv);
  const found = new Map<string, number[]>();
  const find = ({ criteria }: { criteria: string }, given: Record<string, unknown>) => {
    if (!FINDABLE.has(criteria)) return false;
    const raw = given[criteria];
    const values = (Array.isArray(raw) ? raw : [raw]).map((v) => String(v ?? '')).filter((v) => v !== '');
    const ids = computersWith(db, criteria, values);
    found.set(criteria, ids);
    return ids.length > 0;
  };
  const outcome = runRules(db, 'RuleImportAsset', input, { entityId: 0, find });
  const rule = outcome.rules.find((r) => r.matched);
  // No rule matched: GLPI's default rules end with an import by name; without it, a new computer.
  if (!rule) return { computerId: null };
  if (Number(outcome.output._inventory) === DENIED || Number(outcome.output._ignore_import) === 1) return { refusedBy: { id: rule.id, name: rule.name } };
  if (Number(outcome.output._inventory ?? LINK_OR_IMPORT) !== LINK_OR_IMPORT) return { computerId: null };
  const sets = rule.criteria.filter((c) => c.condition === FIND && c.holds).map((c) => found.get(c.criteria) ?? []);
  const both = sets.reduce<number[] | null>((acc, ids) => (acc === null ? ids : acc.filter((id) => ids.includes(id))), null);
  return { computerId: both?.[0] ?? null };
}

/** GLPI's default computer rules, as code. */
function byDefaultImportRules(db: Db, inv: Inventory): number | null {
  const first = (criteria: string, values: string[]) => computersWith(db, criteria, values)[0] ?? null;
  if (inv.serial && inv.uuid) {
    const serials = new Set(computersWith(db, 'serial', [inv.serial]));
    const both = computersWith(db, 'uuid', [inv.uuid]).find((id) => serials.has(id));
    if (both !== undefined) return both;
  }
  return (
    (inv.serial ? first('serial', [inv.serial]) : null) ??
    (inv.uuid ? first('uuid', [inv.uuid]) : null) ??
    first('mac', ruleInput(inv).mac as string[]) ??
    first('name', [inv.name])
  );
}

/** The computer this inventory updates (null: a new one), or the rule that refuses it. */
export function matchComputer(db: Db, inv: Inventory): Match {
  if (anyRuleFor(db, 'RuleImportAsset', 0)) return byImportRules(db, inv);
  return { computerId: byDefaultImportRules(db, inv) };
}
