import { api } from '../../data/api';

/** The ticket template a new ticket uses (the server's getTicketTemplate, a Deskbase addition). */
export interface TicketTemplate {
  id: number;
  name: string;
  /** Fields as the API's input names them, with the name the API's refusal gives. */
  mandatory: { field: string; name: string }[];
  hidden: string[];
  predefined: Record<string, string>;
}

export async function ticketTemplate(categoryId: number): Promise<TicketTemplate | null> {
  const { data } = await api.request<{ tickettemplate: TicketTemplate | null }>('GET', 'getTicketTemplate', { query: { itilcategories_id: categoryId || undefined } });
  return data.tickettemplate;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === 0 || (typeof value === 'object' && Object.keys(value).length === 0);

/**
 * The API's own refusal for a ticket missing mandatory fields (the same words, checked before
 * sending), or null. The input names the template, so the API checks the same fields again.
 */
export function mandatoryRefusal(template: TicketTemplate | null, input: Record<string, unknown>): string | null {
  const missing = (template?.mandatory ?? []).filter((m) => m.field in FORM_FIELDS && isEmpty(input[FORM_FIELDS[m.field]!])).map((m) => m.name);
  return missing.length ? `Mandatory fields are not filled. Please correct: ${missing.join(', ')}` : null;
}

/** The template's fields the desk's form holds, by the input key they fill. */
export const FORM_FIELDS: Record<string, string> = {
  name: 'name',
  content: 'content',
  urgency: 'urgency',
  itilcategories_id: 'itilcategories_id',
  items_id: 'items_id',
  _users_id_requester: '_users_id_requester',
};
