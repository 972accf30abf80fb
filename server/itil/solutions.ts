/**
 * Solutions as GLPI runs them: whoever may solve the item (its update right, or assigned to it)
 * adds one, and it solves the item. A ticket's solution waits for the requester's answer, who
 * approves it with a followup carrying `add_close` (the item closes) or refuses it with
 * `add_reopen` (the item reopens, see the followup rules in ./rules.ts); in an entity that closes
 * solved tickets at once (`autoclose_delay` 0) it is accepted and the ticket closes. A problem's or
 * a change's solution is accepted on the spot.
 */
import { UPDATE } from '../auth/rights';
import { hasRight, type Scope } from '../auth/scope';
import { nowString } from '../core/clock';
import type { Db } from '../db/connection';
import { findById, run, selectOne, type Row } from '../db/rows';
import { RIGHT_MISSING_MESSAGE } from '../core/errors';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { itemtype, type Itemtype } from '../registry';
import { ITIL_STATUS, ITIL_STATUS_GROUPS, SOLUTION_STATUS, type ItilTypeName } from '../registry/values';
import { decidingEntity } from './entity-settings';
import { assignedToMe, canSee, flag, involved, statusBeforeUpdate, writeRuleChanges } from './rules';
import { takeIntoAccountQuietly } from './durations';



function parentOf(wc: WriteContext, row: Row): { type: Itemtype; row: Row } {
  const type = itemtype(String(row.itemtype ?? ''));
  const parent = type?.kind === 'itil' ? findById(wc.db, type.table, Number(row.items_id ?? 0)) : undefined;
  if (!type || !parent) throw new ItemError('itemtype and items_id must name an existing ticket, problem or change');
  return { type, row: parent };
}

function waitingSolution(wc: WriteContext, type: Itemtype, id: number): Row | null {
  return selectOne(wc.db, 'SELECT * FROM glpi_itilsolutions WHERE itemtype = ? AND items_id = ? AND status = ? ORDER BY id DESC LIMIT 1', type.name, id, SOLUTION_STATUS.WAITING);
}

/** May the profile move an item of this type from `from` to `to` (its status matrix; a 0 forbids)? */
function statusAllowed(scope: Scope, type: Itemtype, from: number, to: number): boolean {
  const raw = scope.profile.row[`${type.name.toLowerCase()}_status`];
  if (typeof raw !== 'string' || raw === '') return true;
  try {
    const matrix = JSON.parse(raw) as Record<string, Record<string, unknown> | undefined>;
    const cell = matrix?.[String(from)]?.[String(to)];
    return cell === undefined || Number(cell) !== 0;
  } catch {
    return true;
  }
}

const statusGroups = (type: Itemtype) => ITIL_STATUS_GROUPS[type.name as ItilTypeName] ?? ITIL_STATUS_GROUPS.Ticket;

/** GLPI's maySolve: the user holds the type's update right or is assigned to the item (in person or through a group). */
function solvesThis(wc: WriteContext, type: Itemtype, parent: Row): boolean {
  return (type.right !== null && hasRight(wc.scope, type.right, UPDATE)) || assignedToMe(wc, type, parent);
}

/** GLPI's canSolve: solvesThis, the item is not closed, and the profile may move it to solved. */
export function maySolve(wc: WriteContext, type: Itemtype, parent: Row, status: number): boolean {
  if (statusGroups(type).closed.includes(status) || !statusAllowed(wc.scope, type, status, ITIL_STATUS.SOLVED)) return false;
  return solvesThis(wc, type, parent);
}

/** Does a new solution close its item at once? Only a ticket whose entity closes solved tickets after 0 days. */
function closesAtOnce(db: Db, type: Itemtype, parent: Row): boolean {
  if (type.name !== 'Ticket') return false;
  return Number(decidingEntity(db, Number(parent.entities_id), 'autoclose_delay')?.autoclose_delay) === 0;
}

/**
 * What a new solution is, and what it does to its item, as GLPI: a ticket's waits for approval
 * and solves the ticket, unless the ticket closes at once; then, as every problem's or change's,
 * it is accepted on the spot by `approver` (0 for an automatic action).
 */
export function solutionOutcome(db: Db, type: Itemtype, parent: Row, approver: number, at: string): { solution: Row; item: Row } {
  const closes = closesAtOnce(db, type, parent);
  const solution = type.name === 'Ticket' && !closes ? { status: SOLUTION_STATUS.WAITING } : { status: SOLUTION_STATUS.ACCEPTED, users_id_approval: approver, date_approval: at };
  const item = closes ? { status: ITIL_STATUS.CLOSED, solvedate: at, closedate: at, date_mod: at } : { status: ITIL_STATUS.SOLVED, solvedate: at, closedate: null, date_mod: at };
  return { solution, item };
}

const outcomeFor = (wc: WriteContext, type: Itemtype, parent: Row) => solutionOutcome(wc.db, type, parent, Number(wc.scope.user.id), nowString());

/**
 * Adding a solution solves its item; an item already solved takes none. Who may add one is
 * GLPI's canSolve, checked in prepareAdd (which knows the status before an update that also
 * solves), not the write right on the item: an Observer assigned through their group solves.
 * Who may change or remove one is GLPI's maySolve: a requester who may edit their own ticket
 * does not rewrite, accept or delete the solution given to it.
 */
export const solutionHooks: ItemHooks = {
  canWriteOwner(wc, _type, row, action) {
    const parent = parentOf(wc, row);
    if (!canSee(wc, parent.type, Number(parent.row.id))) return false;
    return action === 'create' || solvesThis(wc, parent.type, parent.row);
  },
  prepareAdd(wc, _type, row, input) {
    if (typeof row.content !== 'string' || row.content.trim() === '') throw new ItemError("You can't add a solution without description");
    const parent = parentOf(wc, row);
    const status = statusBeforeUpdate.get(input) ?? Number(parent.row.status);
    if (!maySolve(wc, parent.type, parent.row, status)) throw new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING');
    if (statusGroups(parent.type).solved.includes(status)) {
      throw new ItemError('The item is already solved, did anyone pushed a solution before you?');
    }
    row.users_id = Number(wc.scope.user.id);
    Object.assign(row, outcomeFor(wc, parent.type, parent.row).solution);
  },
  afterAdd(wc, _type, row) {
    const parent = parentOf(wc, row);
    const outcome = outcomeFor(wc, parent.type, parent.row).item;
    // The solver's update of the item, as GLPI's: its last updater (logged after the status), taken into account.
    const changes = 'status' in outcome ? { status: outcome.status, users_id_lastupdater: Number(wc.scope.user.id), ...outcome } : outcome;
    writeRuleChanges(wc, parent.type, parent.row, changes);
    if ('status' in outcome) takeIntoAccountQuietly(wc, parent.type, Number(parent.row.id));
  },
};

/** A requester's approval (add_close) or refusal (add_reopen) of the waiting solution; runs before the followup rules. */
export const approvalHooks: ItemHooks = {
  async prepareInput(_wc, _type, input) {
    // No columns: they travel as special `_` inputs.
    for (const key of ['add_close', 'add_reopen']) {
      if (key in input) input[`_${key}`] = flag(input[key]);
      delete input[key];
    }
    // An approval needs no words; GLPI writes these when the requester leaves the comment empty.
    const text = typeof input.content === 'string' ? input.content.trim() : '';
    if (!text && input._add_close) input.content = 'Solution approved';
    if (!text && input._add_reopen) input.content = 'Solution refused';
  },
  prepareAdd(wc, _type, row, input) {
    if (!input._add_close && !input._add_reopen) return;
    const parent = parentOf(wc, row);
    if (Number(parent.row.status) !== ITIL_STATUS.SOLVED || !waitingSolution(wc, parent.type, Number(parent.row.id))) {
      throw new ItemError('No solution waits for approval on this item');
    }
    if (!involved(wc, parent.type, parent.row)) throw new ItemError('Only a requester of the item approves or refuses its solution');
  },
  afterAdd(wc, _type, row, input) {
    const accept = input._add_close === true;
    if (!accept && !input._add_reopen) return;
    const parent = parentOf(wc, row);
    const solution = waitingSolution(wc, parent.type, Number(parent.row.id));
    if (!solution) return;
    run(
      wc.db,
      // GLPI leaves the solution's itilfollowups_id as it is (null).
      'UPDATE glpi_itilsolutions SET status = ?, users_id_approval = ?, date_approval = ? WHERE id = ?',
      accept ? SOLUTION_STATUS.ACCEPTED : SOLUTION_STATUS.REFUSED,
      Number(wc.scope.user.id),
      nowString(),
      Number(solution.id),
    );
    if (accept) writeRuleChanges(wc, parent.type, parent.row, { status: ITIL_STATUS.CLOSED, closedate: nowString() });
  },
};
