import { selectOne } from '../db/rows';
import type { WriteContext } from './hooks';

/** GLPI's RequestType::getDefault: the active request type flagged as the default for a source (the helpdesk, mail tickets, mail replies); 0 for none. */
export function defaultRequestType(wc: Pick<WriteContext, 'db'>, source: 'helpdesk' | 'mail' | 'mailfollowup'): number {
  return Number(selectOne(wc.db, `SELECT id FROM glpi_requesttypes WHERE is_${source}_default = 1 AND is_active = 1 ORDER BY id LIMIT 1`)?.id ?? 0);
}
