/**
 * Who asked and who works on tickets (problems, changes) of a list, and whether they are late, from
 * one search: GLPI's options 4 (requesters) and 5 (assigned technicians) give users' ids, named
 * here from the users (each read once per session), 82 says the time to resolve has passed.
 */
import { useApi } from './use-api';
import { api, type Criterion } from './api';
import { itemLabel } from './options';

export interface TicketPeople {
  requesters: string[];
  assignees: string[];
  late: boolean;
}

/** Search options of ITIL objects: id, requesters, technicians, time to resolve exceeded. */
export const ITIL_COLUMNS = { id: 2, requesters: 4, assignees: 5, late: 82 } as const;

/** Names read in this session (keyed by its token: another sign-in in the tab reads them again, with its own rights). */
const names = new Map<string, Promise<string>>();

/** A user's name as lists show it ("Ann Martin (tech1)"); their id when the session may not read them. */
function userName(id: number): Promise<string> {
  const key = `${api.token ?? ''}:${id}`;
  let name = names.get(key);
  if (!name) {
    name = api.get('User', id).then(itemLabel, () => `#${id}`);
    names.set(key, name);
  }
  return name;
}

/** The ids of a multi-valued search cell (a list when several, a text when one, 0 for nobody). */
export function cellIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return list.map(Number).filter((n) => Number.isInteger(n) && n > 0);
}

/** The people of search rows holding options 4 and 5, by user name. */
export async function peopleOf(rows: Record<string, unknown>[]): Promise<Map<number, TicketPeople>> {
  const ids = new Set(rows.flatMap((r) => [...cellIds(r[ITIL_COLUMNS.requesters]), ...cellIds(r[ITIL_COLUMNS.assignees])]));
  const named = new Map(await Promise.all([...ids].map(async (id) => [id, await userName(id)] as const)));
  const map = new Map<number, TicketPeople>();
  for (const r of rows) {
    map.set(Number(r[ITIL_COLUMNS.id]), {
      requesters: cellIds(r[ITIL_COLUMNS.requesters]).map((id) => named.get(id)!),
      assignees: cellIds(r[ITIL_COLUMNS.assignees]).map((id) => named.get(id)!),
      late: Number(r[ITIL_COLUMNS.late]) === 1,
    });
  }
  return map;
}

const NO_PEOPLE = new Map<number, TicketPeople>();

/** The people of the listed items (one search for the page's ids); empty until read, or when the search is refused. */
export function useTicketPeople(itemtype: string, ids: number[]): Map<number, TicketPeople> {
  const key = ids.join(',');
  const people = useApi(async () => {
    if (!ids.length) return NO_PEOPLE;
    const criteria: Criterion[] = ids.map((id, i) => ({ ...(i ? { link: 'OR' as const } : {}), field: ITIL_COLUMNS.id, searchtype: 'equals', value: id }));
    const display = Object.fromEntries(Object.values(ITIL_COLUMNS).map((option, i) => [`forcedisplay[${i}]`, option]));
    return api
      .search(itemtype, criteria, { range: `0-${ids.length - 1}`, ...display })
      .then((r) => peopleOf(r.rows))
      .catch(() => NO_PEOPLE);
  }, [itemtype, key]);
  return people.data ?? NO_PEOPLE;
}
