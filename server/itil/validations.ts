/**
 * Ticket approvals (TicketValidation) as GLPI runs them: a request names its approver and starts
 * waiting; only that approver answers it, once, accepting or refusing (a refusal gives its reason);
 * the ticket's global_validation follows its requests (any refusal refuses, all accepted accepts).
 */
import { nowString } from '../core/clock';
import { asList, toId } from '../core/params';
import { addItem, mayAttempt } from '../items/crud';
import { findById, selectAll, type Row } from '../db/rows';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { itemtypeOrThrow } from '../registry';
import { writeRuleChanges } from './rules';

/** GLPI's CommonITILValidation statuses. */
const VALIDATION = { NONE: 1, WAITING: 2, ACCEPTED: 3, REFUSED: 4 } as const;

/** Who asked, for which ticket, and when it was asked and answered: the server's, never the input's. */
const SERVER_OWNED = ['users_id', 'tickets_id', 'submission_date', 'validation_date'];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The overall approval of a set of requests: any refusal refuses, all accepted accepts, else waiting. */
function globalValidation(statuses: number[]): number {
  if (!statuses.length) return VALIDATION.NONE;
  if (statuses.includes(VALIDATION.REFUSED)) return VALIDATION.REFUSED;
  return statuses.every((s) => s === VALIDATION.ACCEPTED) ? VALIDATION.ACCEPTED : VALIDATION.WAITING;
}

function followTicket(wc: WriteContext, ticketId: number): void {
  const type = itemtypeOrThrow('Ticket');
  const ticket = findById(wc.db, type.table, ticketId);
  if (!ticket) return;
  const statuses = selectAll(wc.db, 'SELECT status FROM glpi_ticketvalidations WHERE tickets_id = ?', ticketId).map((r) => Number(r.status));
  const answered = statuses.filter((s) => s === VALIDATION.ACCEPTED || s === VALIDATION.REFUSED).length;
  writeRuleChanges(wc, type, ticket, {
    global_validation: globalValidation(statuses),
    validation_percent: statuses.length ? Math.round((answered / statuses.length) * 100) : 0,
  });
}

export const validationHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    if (!Number(row.users_id_validate)) throw new ItemError('An approval request needs its approver (users_id_validate)');
    const ticket = findById(wc.db, 'glpi_tickets', Number(row.tickets_id ?? 0));
    if (ticket) row.entities_id = Number(ticket.entities_id);
    // Who asked and when are the server's; a request starts waiting, unanswered.
    row.users_id = Number(wc.scope.user.id);
    row.submission_date = nowString();
    row.status = VALIDATION.WAITING;
    row.comment_validation = null;
    row.validation_date = null;
  },
  afterAdd(wc, _type, row) {
    followTicket(wc, Number(row.tickets_id));
  },
  prepareUpdate(wc, _type, old, changes) {
    const changed = (column: string) => column in changes && String(changes[column] ?? '') !== String(old[column] ?? '');
    const owned = SERVER_OWNED.find(changed);
    if (owned) throw new ItemError(`${owned} of an approval request is set by the server`);
    const isApprover = Number(old.users_id_validate) === Number(wc.scope.user.id);
    const waiting = Number(old.status) === VALIDATION.WAITING;
    // Whoever may answer approvals must not re-route an answered request, nor word someone else's answer.
    if (changed('users_id_validate') && !waiting) throw new ItemError('An answered approval request keeps its approver');
    if (changed('comment_validation') && !isApprover) throw new ItemError('Only the approver named in the request answers it');
    const answering = changed('status');
    if (!answering) return;
    const status = Number(changes.status);
    if (status !== VALIDATION.ACCEPTED && status !== VALIDATION.REFUSED) throw new ItemError('An approval is answered with status 3 (accepted) or 4 (refused)');
    if (!isApprover || changed('users_id_validate')) throw new ItemError('Only the approver named in the request answers it');
    if (!waiting) throw new ItemError('This approval request has already been answered');
    const comment = 'comment_validation' in changes ? text(changes.comment_validation) : text(old.comment_validation);
    if (status === VALIDATION.REFUSED && !comment) throw new ItemError('If approval is denied, specify a reason.');
    changes.validation_date = nowString();
  },
  afterUpdate(wc, _type, old: Row, changes) {
    if ('status' in changes) followTicket(wc, Number(old.tickets_id));
  },
  afterPurge(wc, _type, row) {
    followTicket(wc, Number(row.tickets_id));
  },
};

/**
 * On Ticket: `_add_validation` (an approver's user id, or a list of them) asks each for approval
 * when the ticket is opened, as GLPI's ticket form does, with `_validation_comment` as the request's
 * comment. As in GLPI, a session that may not ask for approvals opens the ticket without them.
 */
export const validationRequestHooks: ItemHooks = {
  afterAdd(wc, _type, row, input) {
    const given = input._add_validation;
    if (given === undefined || given === null || given === '' || given === 0) return;
    const approvers = new Set((asList(given) ?? [given]).map((value) => toId(value)));
    if ([...approvers].some((id) => id === null)) throw new ItemError('Field _add_validation: user ids, one or a list');
    const type = itemtypeOrThrow('TicketValidation');
    if (!mayAttempt(wc.scope, type, 'create')) return;
    const comment = typeof input._validation_comment === 'string' ? input._validation_comment : undefined;
    for (const approver of approvers) {
      if (approver! > 0) addItem(wc, type, { tickets_id: Number(row.id), users_id_validate: approver, ...(comment ? { comment_submission: comment } : {}) });
    }
  },
};
