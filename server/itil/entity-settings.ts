/**
 * Entity settings as GLPI reads them (Entity::getUsedConfig): a setting at -2 ("as the parent
 * entity") is the parent's, up to the first entity that sets it. The root entity inheriting has
 * nothing to inherit from: its value stays -2, which callers read as "not set".
 */
import type { Db } from '../db/connection';
import { selectOne, type Row } from '../db/rows';

/** GLPI's "same as the parent entity". */
export const INHERIT = -2;

/** The entity whose `column` decides for `entityId`, with its row; null for an entity that does not exist. */
export function decidingEntity(db: Db, entityId: number, column: string): Row | null {
  let entity = selectOne(db, `SELECT * FROM glpi_entities WHERE id = ?`, entityId);
  for (let depth = 0; entity && depth < 64; depth++) {
    if (Number(entity[column]) !== INHERIT || Number(entity.id) === 0) return entity;
    entity = selectOne(db, `SELECT * FROM glpi_entities WHERE id = ?`, Number(entity.entities_id));
  }
  return null;
}
