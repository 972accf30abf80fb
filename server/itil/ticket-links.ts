/**
 * Links between tickets as GLPI keeps them (Ticket_Ticket; `link` 1 linked to, 2 duplicates,
 * 3 child of, 4 parent of):
 * - a ticket is never linked to itself; no kind given means 1; "parent of" is stored as the other
 *   ticket's "child of" (the two ids swapped);
 * - whoever links two tickets may change the first and sees both (a requester cannot mark their
 *   ticket a duplicate of one they do not see, which would then be solved with theirs);
 * - one link per pair of tickets, whichever way round: a pair already linked is refused, except
 *   that a duplicate replaces a plain link;
 * - a ticket opened or updated with `_link` (`{"link": 2, "tickets_id_2": 7}`) gets that link;
 * - a solution added to a ticket goes to its duplicates not yet solved or closed, and theirs,
 *   which it solves (GLPI's manageLinkedTicketsOnSolved).
 */
import { nowString } from '../core/clock';
import { RIGHT_MISSING_MESSAGE } from '../core/errors';
import { isObject, toId } from '../core/params';
import { findById, insertRow, run, selectAll, selectOne, type Row } from '../db/rows';
import { addItem } from '../items/crud';
import { HISTORY, logRelation } from '../items/history';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { itemtypeOrThrow } from '../registry';
import { ITIL_STATUS } from '../registry/values';
import { solutionOutcome } from './solutions';
import { canSee, writeRuleChanges } from './rules';

const LINK = { TO: 1, DUPLICATE: 2, CHILD_OF: 3, PARENT_OF: 4 } as const;
const LINK_KINDS = new Set<number>(Object.values(LINK));

/** The link between two tickets, either way round. */
const linkBetween = (wc: WriteContext, a: number, b: number): Row | null =>
  selectOne(wc.db, 'SELECT * FROM glpi_tickets_tickets WHERE (tickets_id_1 = ?1 AND tickets_id_2 = ?2) OR (tickets_id_1 = ?2 AND tickets_id_2 = ?1)', a, b);

/** On Ticket_Ticket. */
export const ticketLinkHooks: ItemHooks = {
  prepareAdd(wc, type, row) {
    row.link ??= LINK.TO;
    const link = Number(row.link);
    if (!LINK_KINDS.has(link)) throw new ItemError('Field link: 1 (linked to), 2 (duplicates), 3 (child of) or 4 (parent of)');
    if (link === LINK.PARENT_OF) [row.tickets_id_1, row.tickets_id_2, row.link] = [row.tickets_id_2, row.tickets_id_1, LINK.CHILD_OF];
    if (Number(row.tickets_id_1) === Number(row.tickets_id_2)) throw new ItemError('A ticket cannot be linked to itself');
    // The generic rule asks for a change right on the first ticket and an entity on the second; a
    // link also needs to see both. A missing or unknown ticket is left to the generic checks' errors.
    const ticket = itemtypeOrThrow('Ticket');
    const hidden = (id: number) => findById(wc.db, ticket.table, id) !== null && !canSee(wc, ticket, id);
    if (hidden(Number(row.tickets_id_1 ?? 0)) || hidden(Number(row.tickets_id_2 ?? 0))) throw new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING', 403);
    const existing = linkBetween(wc, Number(row.tickets_id_1), Number(row.tickets_id_2));
    if (!existing) return;
    if (Number(row.link) !== LINK.DUPLICATE || Number(existing.link) !== LINK.TO) throw new ItemError(`Tickets ${Number(row.tickets_id_1)} and ${Number(row.tickets_id_2)} are already linked`);
    run(wc.db, 'DELETE FROM glpi_tickets_tickets WHERE id = ?', Number(existing.id));
    logRelation(wc, type, existing, HISTORY.DEL_RELATION);
  },
};

/** On Ticket: the `_link` input links the ticket to another. */
export const ticketLinkInputHooks: ItemHooks = {
  afterAdd(wc, _type, row, input) {
    linkFromInput(wc, Number(row.id), input._link);
  },
  afterUpdate(wc, _type, old, _changes, input) {
    linkFromInput(wc, Number(old.id), input._link);
  },
};

function linkFromInput(wc: WriteContext, ticketId: number, given: unknown): void {
  if (given === undefined || given === null || given === '') return;
  if (!isObject(given)) throw new ItemError('Field _link: an object such as {"link": 1, "tickets_id_2": 7}');
  const other = toId(given.tickets_id_2);
  // GLPI's form sends an empty link when none is chosen.
  if (other === null || other <= 0) return;
  addItem(wc, itemtypeOrThrow('Ticket_Ticket'), { tickets_id_1: ticketId, tickets_id_2: other, link: given.link ?? LINK.TO });
}

/** The tickets duplicating `ticketId`, and theirs, that are neither solved nor closed. */
function openDuplicates(wc: WriteContext, ticketId: number): Row[] {
  const seen = new Set([ticketId]);
  const found: Row[] = [];
  for (let queue = [ticketId]; queue.length > 0; ) {
    const id = queue.shift()!;
    const rows = selectAll(
      wc.db,
      `SELECT t.* FROM glpi_tickets_tickets l JOIN glpi_tickets t ON t.id = CASE WHEN l.tickets_id_1 = ?1 THEN l.tickets_id_2 ELSE l.tickets_id_1 END
        WHERE l.link = ?2 AND (l.tickets_id_1 = ?1 OR l.tickets_id_2 = ?1)`,
      id,
      LINK.DUPLICATE,
    );
    for (const row of rows) {
      if (seen.has(Number(row.id))) continue;
      seen.add(Number(row.id));
      queue.push(Number(row.id));
      const status = Number(row.status);
      if (status !== ITIL_STATUS.SOLVED && status !== ITIL_STATUS.CLOSED) found.push(row);
    }
  }
  return found;
}

/** On ITILSolution, after the solution rules solved its item. */
export const duplicateSolutionHooks: ItemHooks = {
  afterAdd(wc, _type, row) {
    if (row.itemtype !== 'Ticket') return;
    const ticketType = itemtypeOrThrow('Ticket');
    const now = nowString();
    for (const duplicate of openDuplicates(wc, Number(row.items_id))) {
      const outcome = solutionOutcome(wc.db, ticketType, duplicate, Number(wc.scope.user.id), now);
      insertRow(wc.db, 'glpi_itilsolutions', {
        itemtype: 'Ticket',
        items_id: Number(duplicate.id),
        content: row.content ?? '',
        solutiontypes_id: Number(row.solutiontypes_id ?? 0),
        users_id: Number(row.users_id ?? 0),
        ...outcome.solution,
        date_creation: now,
        date_mod: now,
      });
      writeRuleChanges(wc, ticketType, duplicate, outcome.item);
    }
  },
};
