/**
 * Answering a satisfaction survey, as GLPI's TicketSatisfaction: the ticket's requester (in person
 * or through a requester group), or whoever opened it with the SURVEY right, answers it — a
 * Self-Service user included, who may not update the ticket — and may change the answer for 12
 * hours. The answer is a 0–5 rating with a comment; answering dates it. Whoever may update the
 * ticket still changes it as any row of the ticket.
 */
import { marks } from '../db/frag';
import { ACTOR, ACTOR_TABLES } from '../auth/itil-visibility';
import { TICKET } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { now, nowString, parseDate } from '../core/clock';
import { findById, selectOne, type Row } from '../db/rows';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';

const ANSWER_EDITABLE_MS = 12 * 3600_000;

function answersFor(wc: WriteContext, ticket: Row): boolean {
  const me = Number(wc.scope.user.id);
  const tables = ACTOR_TABLES.Ticket!;
  const id = Number(ticket.id);
  if (selectOne(wc.db, `SELECT id FROM ${tables.users} WHERE tickets_id = ? AND users_id = ? AND type = ?`, id, me, ACTOR.REQUESTER)) return true;
  if (Number(ticket.users_id_recipient) === me && hasRight(wc.scope, 'ticket', TICKET.SURVEY)) return true;
  if (wc.scope.groups.length === 0) return false;
  return !!selectOne(wc.db, `SELECT id FROM ${tables.groups} WHERE tickets_id = ? AND type = ? AND groups_id IN (${marks(wc.scope.groups)})`, id, ACTOR.REQUESTER, ...wc.scope.groups.map(Number));
}

function answerExpired(survey: Row): boolean {
  const answered = typeof survey.date_answered === 'string' ? parseDate(survey.date_answered) : null;
  return answered !== null && now() - answered > ANSWER_EDITABLE_MS;
}

export const satisfactionHooks: ItemHooks = {
  canWriteOwner(wc, _type, row, action) {
    if (action !== 'update') return null;
    const ticket = findById(wc.db, 'glpi_tickets', Number(row.tickets_id ?? 0));
    // Otherwise the ticket's own write rules decide, as for any of its rows (a technician's edit).
    return ticket && !answerExpired(row) && answersFor(wc, ticket) ? true : null;
  },
  prepareUpdate(_wc, _type, _old, changes) {
    if (!('satisfaction' in changes)) return;
    const rating = changes.satisfaction;
    if (rating !== null && !(Number.isInteger(rating) && Number(rating) >= 0 && Number(rating) <= 5)) {
      throw new ItemError('The satisfaction is a number from 0 to 5');
    }
    changes.date_answered = nowString();
  },
};
