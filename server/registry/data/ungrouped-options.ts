/**
 * Options reaching several linked rows that GLPI 10.0.19's search does not group (their definition
 * has no `forcegroupby`): GLPI's SELECT takes the column of the joined row its GROUP BY keeps, so a
 * search shows one value, typed as the column, where the grouped options show the list of them.
 * By kind of base: the ITIL options of CommonITILObject (34, 35 the requester's notification
 * address and flag, 400 the pending reason), of its tasks (175 task template) and of projects (450);
 * a ticket's satisfaction (31, 60–63) and contract (193, 194), from Ticket's own list.
 */
export const UNGROUPED_OPTIONS: Readonly<Record<string, readonly number[]>> = {
  itil: [34, 35, 175, 400, 450],
  Ticket: [31, 60, 61, 62, 63, 193, 194],
};
