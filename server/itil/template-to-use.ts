/**
 * The ticket template a new ticket is opened with, as GLPI's form chooses it: the category's
 * (for an incident, or a request), else the active profile's, else the entity's (inherited from
 * its parents when it says so) — and what it says of each field: mandatory, hidden, predefined.
 * Fields are named as the API's input names them (a column, or an actor input such as
 * `_users_id_requester`), mandatory ones with the search option's name the API's refusal gives.
 */
import type { Db } from '../db/connection';
import { findById, selectAll, type Row } from '../db/rows';
import { itemtypeOrThrow } from '../registry';
import { searchOption } from '../registry/searchoptions';
import { decidingEntity } from './entity-settings';
import { templateField } from './template-fields';

/** Ticket.type 2: a request (else an incident). */
const REQUEST = 2;

export interface TicketTemplateView {
  id: number;
  name: string;
  mandatory: { field: string; name: string }[];
  hidden: string[];
  predefined: Record<string, string>;
}

function chosenTemplate(db: Db, profile: Row, entityId: number, categoryId: number, type: number): Row | null {
  const category = categoryId ? findById(db, 'glpi_itilcategories', categoryId) : undefined;
  const candidates = [
    Number(category?.[type === REQUEST ? 'tickettemplates_id_demand' : 'tickettemplates_id_incident'] ?? 0),
    Number(profile.tickettemplates_id ?? 0),
    // The entity's own template, or its parent's when its strategy says to inherit (-2).
    Number(decidingEntity(db, entityId, 'tickettemplates_strategy')?.tickettemplates_id ?? 0),
  ];
  for (const id of candidates) {
    const template = id > 0 ? findById(db, 'glpi_tickettemplates', id) : undefined;
    if (template) return template;
  }
  return null;
}

export function ticketTemplateToUse(db: Db, profile: Row, entityId: number, categoryId: number, type: number): TicketTemplateView | null {
  const template = chosenTemplate(db, profile, entityId, categoryId, type);
  if (!template) return null;
  const ticket = itemtypeOrThrow('Ticket');
  const id = Number(template.id);
  const fieldOf = (num: number) => {
    const field = templateField(ticket, num);
    return field ? (field.kind === 'actor' ? field.input : field.column) : null;
  };
  const rows = (table: string) => selectAll(db, `SELECT * FROM ${table} WHERE tickettemplates_id = ? ORDER BY id`, id);
  const mandatory: TicketTemplateView['mandatory'] = [];
  for (const row of rows('glpi_tickettemplatemandatoryfields')) {
    const field = fieldOf(Number(row.num));
    if (field) mandatory.push({ field, name: searchOption(ticket, Number(row.num))?.name ?? field });
  }
  const hidden = rows('glpi_tickettemplatehiddenfields').flatMap((row) => fieldOf(Number(row.num)) ?? []);
  const predefined: Record<string, string> = {};
  for (const row of rows('glpi_tickettemplatepredefinedfields')) {
    const field = fieldOf(Number(row.num));
    if (field) predefined[field] = String(row.value ?? '');
  }
  return { id, name: String(template.name ?? ''), mandatory, hidden, predefined };
}
