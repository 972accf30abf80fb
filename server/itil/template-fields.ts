/**
 * What the fields of an ITIL template (its mandatory and predefined fields, named by search
 * option id as GLPI stores them) are on a ticket, problem or change: an actor input
 * (`_users_id_assign`…), an agreement (`slas_id_ttr`…: their options do not go through the
 * agreement's usual key), or a column of the item.
 */
import type { Itemtype } from '../registry';
import { optionColumn } from '../registry/searchoptions';

export type TemplateField = { kind: 'actor'; input: string } | { kind: 'agreement'; column: string } | { kind: 'column'; column: string };

const ACTOR_OPTIONS: Record<number, string> = {
  4: '_users_id_requester',
  71: '_groups_id_requester',
  66: '_users_id_observer',
  65: '_groups_id_observer',
  5: '_users_id_assign',
  8: '_groups_id_assign',
  6: '_suppliers_id_assign',
};
const AGREEMENT_OPTIONS: Record<number, string> = { 37: 'slas_id_tto', 30: 'slas_id_ttr', 190: 'olas_id_tto', 191: 'olas_id_ttr' };

/** The field option `num` stands for on `type`; null for one that sets nothing there. */
export function templateField(type: Itemtype, num: number): TemplateField | null {
  const input = ACTOR_OPTIONS[num];
  if (input) return { kind: 'actor', input };
  const agreement = AGREEMENT_OPTIONS[num];
  if (agreement) return type.column.has(agreement) ? { kind: 'agreement', column: agreement } : null;
  const column = optionColumn(type, num);
  return column && column !== 'id' && !type.computed.includes(column) && type.column.has(column) ? { kind: 'column', column } : null;
}
