/**
 * Approvals of tickets and changes (TicketValidation, ChangeValidation) as GLPI runs them: a request
 * names its approver and starts waiting; only that approver answers it, once, accepting or
 * refusing (a refusal gives its reason); the item's global_validation follows its requests as
 * GLPI computes it.
 */
import { nowString } from '../core/clock';
import { asList, toId } from '../core/params';
import { addItem, mayAttempt } from '../items/crud';
import { findById, selectAll, type Row } from '../db/rows';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { itemtypeOrThrow, type Itemtype } from '../registry';
import { writeRuleChanges } from './rules';
import { logApprovalUpdate } from '../items/history';

/** GLPI's CommonITILValidation statuses. */
const VALIDATION = { NONE: 1, WAITING: 2, ACCEPTED: 3, REFUSED: 4 } as const;

/** The item an approval type is about: its itemtype and the request's column naming it. */
const APPROVED: Record<string, { itemtype: string; fk: string }> = {
  TicketValidation: { itemtype: 'Ticket', fk: 'tickets_id' },
  ChangeValidation: { itemtype: 'Change', fk: 'changes_id' },
};
const approvedBy = (type: Itemtype) => APPROVED[type.name]!;

/** Who asked, for which item, and when it was asked and answered: the server's, never the input's. */
const SERVER_OWNED = ['users_id', 'tickets_id', 'changes_id', 'submission_date', 'validation_date'];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * GLPI's computeValidationStatus: the share of accepted (and refused) requests against the item's
 * `validation_percent`, the share it needs (0: one answer decides, an acceptance first).
 */
function globalValidation(statuses: number[], needed: number): number {
  const share = (status: number) => (statuses.length ? Math.round((statuses.filter((s) => s === status).length * 100) / statuses.length) : 0);
  const [accepted, refused] = [share(VALIDATION.ACCEPTED), share(VALIDATION.REFUSED)];
  if (needed > 0) {
    if (accepted >= needed) return VALIDATION.ACCEPTED;
    if (refused + needed > 100) return VALIDATION.REFUSED;
    return VALIDATION.WAITING;
  }
  if (accepted > 0) return VALIDATION.ACCEPTED;
  return refused > 0 ? VALIDATION.REFUSED : VALIDATION.WAITING;
}

/**
 * Updates the approved item as GLPI's requests do (an update of the item by the session's user:
 * its global_validation, then its last updater, each logged). `next` gives the new value from the
 * item as it stands; null leaves the item alone.
 */
function touchApprovedItem(wc: WriteContext, validationType: Itemtype, itemId: number, next: (item: Row, statuses: number[]) => number | null): void {
  const { itemtype, fk } = approvedBy(validationType);
  const type = itemtypeOrThrow(itemtype);
  const item = findById(wc.db, type.table, itemId);
  if (!item) return;
  const statuses = selectAll(wc.db, `SELECT status FROM ${validationType.table} WHERE ${fk} = ?`, itemId).map((r) => Number(r.status));
  const value = next(item, statuses);
  if (value === null) return;
  writeRuleChanges(wc, type, item, { global_validation: value, users_id_lastupdater: Number(wc.scope.user.id) });
}

export const validationHooks: ItemHooks = {
  prepareAdd(wc, type, row) {
    if (!Number(row.users_id_validate)) throw new ItemError('An approval request needs its approver (users_id_validate)');
    const { itemtype, fk } = approvedBy(type);
    const item = findById(wc.db, itemtypeOrThrow(itemtype).table, Number(row[fk] ?? 0));
    if (item) row.entities_id = Number(item.entities_id);
    // Who asked and when are the server's; a request starts waiting, unanswered.
    row.users_id = Number(wc.scope.user.id);
    row.submission_date = nowString();
    row.status = VALIDATION.WAITING;
    row.comment_validation = null;
    row.validation_date = null;
  },
  afterAdd(wc, type, row) {
    // A new request puts the item waiting, whatever the others say (GLPI's post_addItem).
    touchApprovedItem(wc, type, Number(row[approvedBy(type).fk]), (item) => (Number(item.global_validation) === VALIDATION.WAITING ? null : VALIDATION.WAITING));
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
  afterUpdate(wc, type, old: Row, changes) {
    if (!('status' in changes)) return;
    touchApprovedItem(wc, type, Number(old[approvedBy(type).fk]), (item, statuses) => globalValidation(statuses, Number(item.validation_percent ?? 0)));
    // GLPI logs the answer on the item after the item's update.
    logApprovalUpdate(wc, type, { ...old, ...changes }, { old, changes });
  },
  afterPurge(wc, type, row) {
    // A cancelled request leaves a waiting item not subject to approval; an answered one as it is.
    touchApprovedItem(wc, type, Number(row[approvedBy(type).fk]), (item) => (Number(item.global_validation) === VALIDATION.WAITING ? VALIDATION.NONE : null));
  },
};

/**
 * On Ticket and Change: `_add_validation` (an approver's user id, or a list of them) asks each for
 * approval when the item is opened, as GLPI's form does, with `_validation_comment` as the
 * request's comment. As in GLPI, a session that may not ask for approvals opens it without them.
 */
export const validationRequestHooks: ItemHooks = {
  afterAdd(wc, itemType, row, input) {
    const given = input._add_validation;
    if (given === undefined || given === null || given === '' || given === 0) return;
    const approvers = new Set((asList(given) ?? [given]).map((value) => toId(value)));
    if ([...approvers].some((id) => id === null)) throw new ItemError('Field _add_validation: user ids, one or a list');
    const type = itemtypeOrThrow(`${itemType.name}Validation`);
    if (!mayAttempt(wc.scope, type, 'create')) return;
    const comment = typeof input._validation_comment === 'string' ? input._validation_comment : undefined;
    for (const approver of approvers) {
      if (approver! > 0) addItem(wc, type, { [approvedBy(type).fk]: Number(row.id), users_id_validate: approver, ...(comment ? { comment_submission: comment } : {}) });
    }
  },
};
