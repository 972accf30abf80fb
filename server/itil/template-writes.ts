/**
 * A follow-up or a solution written from its template (content, privacy, request source; content
 * and solution type) on a ticket, problem or change, by a rule rather than a user's own write: no
 * rights are asked, `userId` signs it (0 for an automatic action). The solution solves the item as
 * a user's does (./solutions.ts). Each answers false, writing nothing, when its template is gone.
 */
import type { Db } from '../db/connection';
import { insertRow, selectOne, type Row } from '../db/rows';
import type { Itemtype } from '../registry';
import { writeRuleChanges } from './rules';
import { solutionOutcome } from './solutions';

export function followupFromTemplate(db: Db, type: Itemtype, itemId: number, templateId: number, userId: number, at: string): boolean {
  const template = selectOne(db, 'SELECT content, is_private, requesttypes_id FROM glpi_itilfollowuptemplates WHERE id = ?', templateId);
  if (!template) return false;
  insertRow(db, 'glpi_itilfollowups', {
    itemtype: type.name,
    items_id: itemId,
    content: template.content ?? '',
    is_private: Number(template.is_private ?? 0),
    requesttypes_id: Number(template.requesttypes_id ?? 0),
    users_id: userId,
    date: at,
    date_creation: at,
    date_mod: at,
  });
  return true;
}

export function solutionFromTemplate(wc: { db: Db; history: boolean; actor: string }, type: Itemtype, item: Row, templateId: number, userId: number, at: string): boolean {
  const template = selectOne(wc.db, 'SELECT content, solutiontypes_id FROM glpi_solutiontemplates WHERE id = ?', templateId);
  if (!template) return false;
  const outcome = solutionOutcome(wc.db, type, item, userId, at);
  insertRow(wc.db, 'glpi_itilsolutions', {
    itemtype: type.name,
    items_id: Number(item.id),
    content: template.content ?? '',
    solutiontypes_id: Number(template.solutiontypes_id ?? 0),
    users_id: userId,
    ...outcome.solution,
    date_creation: at,
    date_mod: at,
  });
  writeRuleChanges(wc, type, item, outcome.item);
  return true;
}
