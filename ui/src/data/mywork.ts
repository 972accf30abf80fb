import { api, type Criterion } from './api';

/** The service desk's queues: open tickets by who should act on them (GLPI's search criteria). */
export const QUEUES = [
  { key: 'assigned', label: 'Assigned to me', criteria: [{ field: 5, searchtype: 'equals', value: 'myself' }] },
  { key: 'groups', label: 'To my groups', criteria: [{ field: 8, searchtype: 'equals', value: 'mygroups' }] },
  {
    key: 'unassigned',
    label: 'Unassigned',
    criteria: [
      { field: 5, searchtype: 'equals', value: 0 },
      { link: 'AND', field: 8, searchtype: 'equals', value: 0 },
    ],
  },
  { key: 'requests', label: 'My requests', criteria: [{ field: 4, searchtype: 'equals', value: 'myself' }] },
  // A task of mine still to do (95: a task's technician, 33: its state, 1 = to do).
  {
    key: 'tasks',
    label: 'My tasks to do',
    criteria: [
      { field: 95, searchtype: 'equals', value: 'myself' },
      { link: 'AND', field: 33, searchtype: 'equals', value: 1 },
    ],
  },
  // An approval asked of me and not answered yet (59: the approver, 55: its status, 2 = waiting).
  {
    key: 'approvals',
    label: 'My approvals to give',
    criteria: [
      { field: 59, searchtype: 'equals', value: 'myself' },
      { link: 'AND', field: 55, searchtype: 'equals', value: 2 },
    ],
  },
] as const satisfies readonly { key: string; label: string; criteria: Criterion[] }[];

export type QueueKey = (typeof QUEUES)[number]['key'];

/** A queue's criteria, limited to tickets not solved or closed. */
export function queueCriteria(key: QueueKey): Criterion[] {
  const queue = QUEUES.find((q) => q.key === key)!;
  return [{ field: 12, searchtype: 'equals', value: 'notold' }, ...queue.criteria.map((c) => ({ link: 'AND' as const, ...c }))];
}

/** How many open tickets each queue holds (the navigation shows them). */
export async function queueCounts(): Promise<Record<QueueKey, number>> {
  const counts = await Promise.all(QUEUES.map((q) => api.search('Ticket', queueCriteria(q.key), { range: '0-0' }).then((r) => r.total)));
  return Object.fromEntries(QUEUES.map((q, i) => [q.key, counts[i]!])) as Record<QueueKey, number>;
}
