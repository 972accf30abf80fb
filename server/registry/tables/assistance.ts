// Assistance and service levels: calendars, holidays, SLM/SLA/OLA and their levels, ITIL templates
// and their fields, recurrent tickets, task and follow-up templates, costs, Change/Problem tasks
// and validations, satisfaction surveys. Columns follow GLPI 10.0's install/mysql/glpi-empty.sql.
import { dependent, dropdown, PENDING_TIMELINE_INPUT, poly, treeDropdown } from '../kinds';
import type { ItemtypeSpec } from '../types';
import type { TableSpec } from './types';

const DATES = 'date_mod ts NULL =NULL; date_creation ts NULL =NULL';
const ENTITY = "entities_id uint! ='0'; is_recursive tiny! ='0'";
const COST = "actiontime int! ='0'; cost_time decimal(20,4)! ='0.0000'; cost_fixed decimal(20,4)! ='0.0000'; cost_material decimal(20,4)! ='0.0000'; budgets_id uint! ='0'";
/** ITIL task columns (Change and Problem tasks share them; Ticket's is in ./extra.ts). */
const TASK = (fk: string) =>
  `id uint! AI; uuid vc(255) =NULL; ${fk} uint! ='0'; taskcategories_id uint! ='0'; state int! ='0'; date ts NULL =NULL; begin ts NULL =NULL; end ts NULL =NULL; users_id uint! ='0'; users_id_editor uint! ='0'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'; content longtext; actiontime int! ='0'; ${DATES}; tasktemplates_id uint! ='0'; timeline_position tiny! ='0'; is_private tiny! ='0'`;
const SERVICE_LEVEL = `id uint! AI; name vc(255) =NULL; ${ENTITY}; type int! ='0'; comment text; number_time int!; use_ticket_calendar tiny! ='0'; calendars_id uint! ='0'; date_mod ts NULL =NULL; definition_time vc(255) =NULL; end_of_working_day tiny! ='0'; date_creation ts NULL =NULL; slms_id uint! ='0'`;
const LEVEL = (fk: string) => `id uint! AI; name vc(255) =NULL; ${fk} uint! ='0'; execution_time int!; is_active tiny! ='1'; ${ENTITY}; match char(10) =NULL; uuid vc(255) =NULL`;
const LEVEL_ACTION = (fk: string) => `id uint! AI; ${fk} uint! ='0'; action_type vc(255) =NULL; field vc(255) =NULL; value vc(255) =NULL`;
const LEVEL_CRITERIA = (fk: string) => `id uint! AI; ${fk} uint! ='0'; criteria vc(255) =NULL; condition int! ='0'; pattern vc(255) =NULL`;
const TEMPLATE = `id uint! AI; name vc(255) =NULL; ${ENTITY}; comment text`;
const TEMPLATE_FIELD = (fk: string, value = false) => ({
  columns: `id uint! AI; ${fk} uint! ='0'; num int! ='0'${value ? '; value text' : ''}`,
  ...(value ? {} : { unique: [[fk, 'num']] }),
});

export const assistanceTables: Record<string, TableSpec> = {
  glpi_calendars: { columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; comment text; date_mod ts NULL =NULL; cache_duration text; date_creation ts NULL =NULL` },
  glpi_calendarsegments: { columns: `id uint! AI; calendars_id uint! ='0'; ${ENTITY}; day int! ='1'; begin char(8) =NULL; end char(8) =NULL` },
  glpi_holidays: { columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; comment text; begin_date date =NULL; end_date date =NULL; is_perpetual tiny! ='0'; ${DATES}` },
  glpi_calendars_holidays: { columns: "id uint! AI; calendars_id uint! ='0'; holidays_id uint! ='0'", unique: [['calendars_id', 'holidays_id']] },
  glpi_slms: { columns: `id uint! AI; name vc(255) =NULL; ${ENTITY}; comment text; use_ticket_calendar tiny! ='0'; calendars_id uint! ='0'; ${DATES}` },
  glpi_slas: { columns: SERVICE_LEVEL },
  glpi_olas: { columns: SERVICE_LEVEL },
  glpi_slalevels: { columns: LEVEL('slas_id') },
  glpi_olalevels: { columns: LEVEL('olas_id') },
  // What an escalation level does to the ticket (as a rule's actions), and when (its criteria).
  glpi_slalevelactions: { columns: LEVEL_ACTION('slalevels_id') },
  glpi_olalevelactions: { columns: LEVEL_ACTION('olalevels_id') },
  glpi_slalevelcriterias: { columns: LEVEL_CRITERIA('slalevels_id') },
  glpi_olalevelcriterias: { columns: LEVEL_CRITERIA('olalevels_id') },
  // A ticket's escalation levels still to run, each with the date it runs.
  glpi_slalevels_tickets: { columns: "id uint! AI; tickets_id uint! ='0'; slalevels_id uint! ='0'; date ts NULL =NULL", unique: [['tickets_id', 'slalevels_id']] },
  glpi_olalevels_tickets: { columns: "id uint! AI; tickets_id uint! ='0'; olalevels_id uint! ='0'; date ts NULL =NULL", unique: [['tickets_id', 'olalevels_id']] },
  glpi_tickettemplates: { columns: TEMPLATE },
  glpi_changetemplates: { columns: TEMPLATE },
  glpi_problemtemplates: { columns: TEMPLATE },
  glpi_tickettemplatehiddenfields: TEMPLATE_FIELD('tickettemplates_id'),
  glpi_tickettemplatemandatoryfields: TEMPLATE_FIELD('tickettemplates_id'),
  glpi_tickettemplatepredefinedfields: TEMPLATE_FIELD('tickettemplates_id', true),
  glpi_changetemplatehiddenfields: TEMPLATE_FIELD('changetemplates_id'),
  glpi_changetemplatemandatoryfields: TEMPLATE_FIELD('changetemplates_id'),
  glpi_changetemplatepredefinedfields: TEMPLATE_FIELD('changetemplates_id', true),
  glpi_problemtemplatehiddenfields: TEMPLATE_FIELD('problemtemplates_id'),
  glpi_problemtemplatemandatoryfields: TEMPLATE_FIELD('problemtemplates_id'),
  glpi_problemtemplatepredefinedfields: TEMPLATE_FIELD('problemtemplates_id', true),
  glpi_ticketrecurrents: {
    columns: `id uint! AI; name vc(255) =NULL; comment text; ${ENTITY}; is_active tiny! ='0'; tickettemplates_id uint! ='0'; begin_date ts NULL =NULL; periodicity vc(255) =NULL; create_before int! ='0'; next_creation_date ts NULL =NULL; calendars_id uint! ='0'; end_date ts NULL =NULL`,
  },
  glpi_recurrentchanges: {
    columns: `id uint! AI; name vc(255) =NULL; comment text; ${ENTITY}; is_active tiny! ='0'; changetemplates_id uint! ='0'; begin_date ts NULL =NULL; periodicity vc(255) =NULL; create_before int! ='0'; next_creation_date ts NULL =NULL; calendars_id uint! ='0'; end_date ts NULL =NULL`,
  },
  glpi_taskcategories: {
    columns: `id uint! AI; ${ENTITY}; taskcategories_id uint! ='0'; name vc(255) =NULL; completename text; comment text; level int! ='0'; ancestors_cache longtext; sons_cache longtext; is_active tiny! ='1'; is_helpdeskvisible tiny! ='1'; ${DATES}; knowbaseitemcategories_id uint! ='0'`,
  },
  glpi_tasktemplates: {
    columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; content text; taskcategories_id uint! ='0'; actiontime int! ='0'; comment text; ${DATES}; state int! ='0'; is_private tiny! ='0'; users_id_tech uint! ='0'; groups_id_tech uint! ='0'`,
  },
  glpi_itilfollowuptemplates: {
    columns: `id uint! AI; date_creation ts NULL =NULL; date_mod ts NULL =NULL; ${ENTITY}; name vc(255) =NULL; content text; requesttypes_id uint! ='0'; is_private tiny! ='0'; comment text`,
  },
  glpi_solutiontemplates: { columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; content text; solutiontypes_id uint! ='0'; comment text; ${DATES}` },
  glpi_pendingreasons: {
    columns: `id uint! AI; ${ENTITY}; name vc(255) =NULL; followup_frequency int! ='0'; followups_before_resolution int! ='0'; itilfollowuptemplates_id uint! ='0'; solutiontemplates_id uint! ='0'; comment text`,
  },
  // The pending reason of an ITIL object or of the follow-up or task that set it pending, with its reminders.
  glpi_pendingreasons_items: {
    columns: "id uint! AI; pendingreasons_id uint! ='0'; items_id uint! ='0'; itemtype vc(100)!; followup_frequency int! ='0'; followups_before_resolution int! ='0'; bump_count int! ='0'; last_bump_date ts NULL =NULL; previous_status int =NULL",
    unique: [['items_id', 'itemtype']],
  },
  glpi_ticketcosts: { columns: `id uint! AI; tickets_id uint! ='0'; name vc(255) =NULL; comment text; begin_date date =NULL; end_date date =NULL; ${COST}; entities_id uint! ='0'` },
  glpi_problemcosts: { columns: `id uint! AI; problems_id uint! ='0'; name vc(255) =NULL; comment text; begin_date date =NULL; end_date date =NULL; ${COST}; entities_id uint! ='0'` },
  glpi_changecosts: { columns: `id uint! AI; changes_id uint! ='0'; name vc(255) =NULL; comment text; begin_date date =NULL; end_date date =NULL; ${COST}; ${ENTITY}` },
  glpi_changetasks: { columns: TASK('changes_id'), unique: [['uuid']] },
  glpi_problemtasks: { columns: TASK('problems_id'), unique: [['uuid']] },
  glpi_changevalidations: {
    columns: `id uint! AI; ${ENTITY}; users_id uint! ='0'; changes_id uint! ='0'; users_id_validate uint! ='0'; comment_submission text; comment_validation text; status int! ='2'; submission_date ts NULL =NULL; validation_date ts NULL =NULL; timeline_position tiny! ='0'`,
  },
  glpi_ticketsatisfactions: {
    columns: "id uint! AI; tickets_id uint! ='0'; type int! ='1'; date_begin ts NULL =NULL; date_answered ts NULL =NULL; satisfaction int =NULL; comment text",
    unique: [['tickets_id']],
  },
  glpi_tickets_tickets: { columns: "id uint! AI; tickets_id_1 uint! ='0'; tickets_id_2 uint! ='0'; link int! ='1'", unique: [['tickets_id_1', 'tickets_id_2']] },
  glpi_tickets_contracts: { columns: "id uint! AI; tickets_id uint! ='0'; contracts_id uint! ='0'", unique: [['tickets_id', 'contracts_id']] },
};

const ticket = { fk: 'tickets_id', itemtype: 'Ticket' } as const;
const change = { fk: 'changes_id', itemtype: 'Change' } as const;
const problem = { fk: 'problems_id', itemtype: 'Problem' } as const;
/** The hidden, mandatory and predefined fields of one ITIL template type. */
function templateFields(kind: 'Ticket' | 'Change' | 'Problem'): Record<string, ItemtypeSpec> {
  const lower = kind.toLowerCase();
  const owner = { fk: `${lower}templates_id`, itemtype: `${kind}Template` };
  return Object.fromEntries(
    (['HiddenField', 'MandatoryField', 'PredefinedField'] as const).map((field) => [
      `${kind}Template${field}`,
      dependent(`glpi_${lower}template${field.toLowerCase()}s`, [owner], { kind: 'child' }),
    ]),
  );
}
const template = (kind: 'Ticket' | 'Change' | 'Problem'): ItemtypeSpec => ({
  ...dropdown(`glpi_${kind.toLowerCase()}templates`, 'itiltemplate'),
});

export const assistanceItemtypes: Record<string, ItemtypeSpec> = {
  Calendar: dropdown('glpi_calendars', 'calendar'),
  CalendarSegment: dependent('glpi_calendarsegments', [{ fk: 'calendars_id', itemtype: 'Calendar' }], { kind: 'child' }),
  Holiday: dropdown('glpi_holidays', 'calendar'),
  Calendar_Holiday: dependent('glpi_calendars_holidays', [{ fk: 'calendars_id', itemtype: 'Calendar' }, { fk: 'holidays_id', itemtype: 'Holiday' }]),
  SLM: dropdown('glpi_slms', 'slm'),
  SLA: { ...dropdown('glpi_slas', 'slm'), required: ['number_time'] },
  OLA: { ...dropdown('glpi_olas', 'slm'), required: ['number_time'] },
  SlaLevel: dependent('glpi_slalevels', [{ fk: 'slas_id', itemtype: 'SLA' }], { kind: 'child' }),
  OlaLevel: dependent('glpi_olalevels', [{ fk: 'olas_id', itemtype: 'OLA' }], { kind: 'child' }),
  SlaLevelAction: dependent('glpi_slalevelactions', [{ fk: 'slalevels_id', itemtype: 'SlaLevel' }], { kind: 'child' }),
  OlaLevelAction: dependent('glpi_olalevelactions', [{ fk: 'olalevels_id', itemtype: 'OlaLevel' }], { kind: 'child' }),
  SlaLevelCriteria: dependent('glpi_slalevelcriterias', [{ fk: 'slalevels_id', itemtype: 'SlaLevel' }], { kind: 'child' }),
  OlaLevelCriteria: dependent('glpi_olalevelcriterias', [{ fk: 'olalevels_id', itemtype: 'OlaLevel' }], { kind: 'child' }),
  SlaLevel_Ticket: dependent('glpi_slalevels_tickets', [ticket, { fk: 'slalevels_id', itemtype: 'SlaLevel' }], { kind: 'child' }),
  OlaLevel_Ticket: dependent('glpi_olalevels_tickets', [ticket, { fk: 'olalevels_id', itemtype: 'OlaLevel' }], { kind: 'child' }),
  TicketTemplate: template('Ticket'),
  ChangeTemplate: template('Change'),
  ProblemTemplate: template('Problem'),
  ...templateFields('Ticket'),
  ...templateFields('Change'),
  ...templateFields('Problem'),
  TicketRecurrent: dropdown('glpi_ticketrecurrents', 'ticketrecurrent'),
  RecurrentChange: dropdown('glpi_recurrentchanges', 'recurrentchange'),
  TaskCategory: { ...treeDropdown('glpi_taskcategories', 'taskcategories_id', 'taskcategory') },
  TaskTemplate: dropdown('glpi_tasktemplates', 'taskcategory'),
  ITILFollowupTemplate: dropdown('glpi_itilfollowuptemplates'),
  SolutionTemplate: dropdown('glpi_solutiontemplates'),
  PendingReason: dropdown('glpi_pendingreasons'),
  PendingReason_Item: dependent('glpi_pendingreasons_items', [poly, { fk: 'pendingreasons_id', itemtype: 'PendingReason' }], {
    polyTargets: ['Ticket', 'Change', 'Problem', 'ITILFollowup', 'TicketTask', 'ChangeTask', 'ProblemTask'],
  }),
  TicketCost: dependent('glpi_ticketcosts', [ticket], { kind: 'child', history: true }),
  ProblemCost: dependent('glpi_problemcosts', [problem], { kind: 'child', history: true }),
  ChangeCost: dependent('glpi_changecosts', [change], { kind: 'child', history: true }),
  ChangeTask: { table: 'glpi_changetasks', kind: 'child', right: 'task', history: false, owners: [change], quietAdd: true, features: ['document'], virtualInput: PENDING_TIMELINE_INPUT },
  ProblemTask: { table: 'glpi_problemtasks', kind: 'child', right: 'task', history: false, owners: [problem], quietAdd: true, features: ['document'], virtualInput: PENDING_TIMELINE_INPUT },
  ChangeValidation: { table: 'glpi_changevalidations', kind: 'child', right: 'changevalidation', history: false, owners: [change], quietAdd: true },
  TicketSatisfaction: dependent('glpi_ticketsatisfactions', [ticket], { kind: 'child' }),
  Ticket_Ticket: dependent('glpi_tickets_tickets', [
    { fk: 'tickets_id_1', itemtype: 'Ticket' },
    { fk: 'tickets_id_2', itemtype: 'Ticket' },
  ]),
  Ticket_Contract: dependent('glpi_tickets_contracts', [ticket, { fk: 'contracts_id', itemtype: 'Contract' }]),
};
