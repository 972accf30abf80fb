/**
 * The requester's desk (profiles whose interface is `helpdesk`, GLPI's simplified interface): the
 * states a requester sorts their tickets by, and the API reads behind them.
 */
import { api, type Item } from './api';
import { ITIL_STATUS } from '../lib/itemtypes';

export type DeskState = 'open' | 'approval' | 'solved' | 'closed';

export const DESK_STATES: readonly { key: DeskState; label: string }[] = [
  { key: 'open', label: 'Open' },
  { key: 'approval', label: 'Waiting for my approval' },
  { key: 'solved', label: 'Solved' },
  { key: 'closed', label: 'Closed' },
];

/**
 * Where a ticket belongs for this user: a solved ticket waits for *their* approval when they are
 * one of its requesters (only requesters approve or refuse a solution); else it is just solved.
 */
export function deskState(status: number, isRequester: boolean): DeskState {
  if (status === ITIL_STATUS.CLOSED) return 'closed';
  if (status === ITIL_STATUS.SOLVED) return isRequester ? 'approval' : 'solved';
  return 'open';
}

/** Search option 4 (requester) and 2 (id) of Ticket, as in GLPI. */
const REQUESTER_FIELD = 4;
const ID_FIELD = 2;
/** The most tickets the desk lists; a requester's own tickets rarely come near it. */
const DESK_RANGE = '0-999';

export interface MyTickets {
  byState: Record<DeskState, Item[]>;
  /** My closed tickets whose satisfaction survey waits for an answer. */
  surveysWaiting: Set<number>;
}

/** The closed tickets among `closed` whose survey (GLPI's TicketSatisfaction) is not answered yet. */
async function unansweredSurveys(closed: Item[], mine: Set<number>): Promise<Set<number>> {
  const candidates = closed.filter((ticket) => mine.has(ticket.id));
  if (candidates.length === 0) return new Set();
  const page = await api.list('TicketSatisfaction', { range: DESK_RANGE }).catch(() => ({ items: [] as Item[] }));
  const waiting = new Set(page.items.filter((s) => s.date_answered === null || s.date_answered === undefined).map((s) => Number(s.tickets_id)));
  return new Set(candidates.filter((ticket) => waiting.has(ticket.id)).map((ticket) => ticket.id));
}

/** The tickets the session may read (its own, for a requester), newest change first, sorted by desk state. */
export async function loadMyTickets(): Promise<MyTickets> {
  const [page, requested] = await Promise.all([
    api.list('Ticket', { range: DESK_RANGE, sort: 'date_mod', order: 'DESC' }),
    api.search('Ticket', [{ field: REQUESTER_FIELD, searchtype: 'equals', value: 'myself' }], { range: DESK_RANGE, 'forcedisplay[0]': ID_FIELD }),
  ]);
  const mine = new Set(requested.rows.map((row) => Number(row[String(ID_FIELD)])));
  const byState: Record<DeskState, Item[]> = { open: [], approval: [], solved: [], closed: [] };
  for (const ticket of page.items) byState[deskState(Number(ticket.status), mine.has(ticket.id))].push(ticket);
  return { byState, surveysWaiting: await unansweredSurveys(byState.closed, mine) };
}

/** Is the session one of this ticket's requesters (who alone approve or refuse its solution)? */
export async function isMyRequest(ticketId: number): Promise<boolean> {
  const found = await api.search(
    'Ticket',
    [
      { field: REQUESTER_FIELD, searchtype: 'equals', value: 'myself' },
      // The id option takes `contains` only: anchored (GLPI's ^…$), it is this id and no longer one.
      { link: 'AND', field: ID_FIELD, searchtype: 'contains', value: `^${ticketId}$` },
    ],
    { range: '0-0' },
  );
  return found.total > 0;
}

/** The words of stored HTML, for searching and for short excerpts. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Does every word of `query` occur in one of the texts (case and accents ignored)? */
export function matchesWords(query: string, texts: string[]): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const haystack = fold(texts.join(' '));
  return fold(query).split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}
