/**
 * Solutions as GLPI runs them: adding one solves the item and waits for the requester's answer;
 * the requester approves it with a followup carrying `add_close` (the item closes) or refuses it
 * with `add_reopen` (both as GLPI's API takes them) (the item reopens, see the followup rules in ./rules.ts).
 */
import { nowString } from '../core/clock';
import { findById, run, selectOne, type Row } from '../db/rows';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { itemtype, type Itemtype } from '../registry';
import { ITIL_STATUS, SOLUTION_STATUS } from '../registry/values';
import { involved, writeRuleChanges } from './rules';


/** GLPI's clients send these flags as 1, "1" or true. */
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

function parentOf(wc: WriteContext, row: Row): { type: Itemtype; row: Row } {
  const type = itemtype(String(row.itemtype ?? ''));
  const parent = type?.kind === 'itil' ? findById(wc.db, type.table, Number(row.items_id ?? 0)) : undefined;
  if (!type || !parent) throw new ItemError('itemtype and items_id must name an existing ticket, problem or change');
  return { type, row: parent };
}

function waitingSolution(wc: WriteContext, type: Itemtype, id: number): Row | null {
  return selectOne(wc.db, 'SELECT * FROM glpi_itilsolutions WHERE itemtype = ? AND items_id = ? AND status = ? ORDER BY id DESC LIMIT 1', type.name, id, SOLUTION_STATUS.WAITING);
}

/** Adding a solution solves its item; one solution at a time waits for approval. */
export const solutionHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    if (typeof row.content !== 'string' || row.content.trim() === '') throw new ItemError("You can't add a solution without description");
    const parent = parentOf(wc, row);
    const status = Number(parent.row.status);
    if (status === ITIL_STATUS.CLOSED) throw new ItemError('A closed item cannot receive a solution');
    if (waitingSolution(wc, parent.type, Number(parent.row.id))) throw new ItemError('The item is already solved: a solution waits for approval');
    row.users_id = Number(wc.scope.user.id);
    row.status = SOLUTION_STATUS.WAITING;
  },
  afterAdd(wc, _type, row) {
    const parent = parentOf(wc, row);
    writeRuleChanges(wc, parent.type, parent.row, { status: ITIL_STATUS.SOLVED, solvedate: nowString(), closedate: null, date_mod: nowString() });
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
      'UPDATE glpi_itilsolutions SET status = ?, users_id_approval = ?, date_approval = ?, itilfollowups_id = ? WHERE id = ?',
      accept ? SOLUTION_STATUS.ACCEPTED : SOLUTION_STATUS.REFUSED,
      Number(wc.scope.user.id),
      nowString(),
      Number(row.id),
      Number(solution.id),
    );
    if (accept) writeRuleChanges(wc, parent.type, parent.row, { status: ITIL_STATUS.CLOSED, closedate: nowString() });
  },
};
