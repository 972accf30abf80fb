/**
 * Where an inventoried computer goes, as GLPI 10's RuleImportEntity decides: its rules run on
 * the inventory's tag, domain (workgroup), addresses, subnets, name, serial and itemtype; the
 * first matching rule gives the entity (by id, or `_affect_entity_by_tag` from a captured
 * value), a location, recursion, or refuses the import (`_ignore_import`). No matching rule:
 * the default entity (the inventory configuration's).
 */
import type { Db } from '../db/connection';
import { selectOne } from '../db/rows';
import { runRules } from '../rules/engine';
import type { Inventory } from './inventory';
import type { Refusal } from './match';

export interface Placement {
  entityId: number;
  /** Whether a rule gave the entity (a known asset moves only then), or it is the default one. */
  ruled: boolean;
  /** Set by the rule only. */
  locationId?: number;
  recursive?: number;
}

export function entityInput(inv: Inventory): Record<string, unknown> {
  return {
    itemtype: inv.itemtype,
    tag: inv.tag,
    domain: inv.domain,
    ip: inv.ports.flatMap((p) => p.ips),
    subnet: inv.subnets,
    name: inv.name,
    serial: inv.serial,
  };
}

const exists = (db: Db, table: string, id: number) => !!selectOne(db, `SELECT id FROM ${table} WHERE id = ?`, id);

export function placeComputer(db: Db, inv: Inventory, defaultEntity: number): Placement | Refusal {
  return placeAsset(db, entityInput(inv), defaultEntity);
}

/** Where RuleImportEntity places an asset, from what it reads of the inventory (`entityInput`'s keys). */
export function placeAsset(db: Db, input: Record<string, unknown>, defaultEntity: number): Placement | Refusal {
  const outcome = runRules(db, 'RuleImportEntity', input);
  const rule = outcome.rules.find((r) => r.matched);
  if (!rule) return { entityId: defaultEntity, ruled: false };
  const out = outcome.output;
  if (Number(out._ignore_import) === 1) return { refusedBy: { id: rule.id, name: rule.name }, reason: 'import ignored by the entity rule' };
  const entityId = Number(out.entities_id);
  const locationId = Number(out.locations_id);
  // An entity or location that no longer exists is not given.
  const known = out.entities_id !== undefined && Number.isInteger(entityId) && exists(db, 'glpi_entities', entityId);
  return {
    entityId: known ? entityId : defaultEntity,
    ruled: known,
    ...(locationId > 0 && exists(db, 'glpi_locations', locationId) ? { locationId } : {}),
    ...(out.is_recursive !== undefined ? { recursive: Number(out.is_recursive) === 1 ? 1 : 0 } : {}),
  };
}
