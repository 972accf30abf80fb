import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { checkTotal, type Client } from './api';
import { shuffled } from './sample';
import { batches, bulkAdd, inputBody, locationIndex, pick, seededText, type ComputerText, type Lookups } from './seed';
import { leaf, query, searchShapes, type Shape } from './shapes';

/**
 * The churn phase: after the seed, the database also grows by updates and deletes, through the
 * API only, in bulk requests of `batchSize`. Computers get new text (so the trigram index loses
 * and regains entries), locations and states (so do the dropdown indexes); some go to the trash,
 * some come back, some are purged and replaced by new ones; Tickets are reworded, solved and
 * closed. Which rows is drawn with a fixed seed, so every run churns the same way.
 */

/** Shares of the seeded rows at `--churn-share 1`. */
const SHARES = {
  update: 0.5,
  /** Half of the trashed computers were updated first. */
  trash: 0.2,
  /** Of the trashed: restored, purged (and as many new ones added), the rest left in the trash. */
  restore: 0.05,
  purge: 0.1,
  ticketUpdate: 0.3,
  /**
   * Drawn among the open tickets (a third of the seed); few, so the open ones still fill the
   * pages the `notold` shape reads (up to 250).
   */
  ticketSolve: 0.05,
  /** Drawn among the solved tickets, in the seed's or just solved. */
  ticketClose: 0.08,
};
const SEED = 1010;

export interface ChurnMix {
  update: number;
  trash: number;
  restore: number;
  purge: number;
  add: number;
  ticketUpdate: number;
  ticketSolve: number;
  ticketClose: number;
}

export function churnMix(computers: number, tickets: number, share: number): ChurnMix {
  const of = (total: number, fraction: number) => Math.round(total * fraction * share);
  const purge = of(computers, SHARES.purge);
  return {
    update: of(computers, SHARES.update),
    trash: of(computers, SHARES.trash),
    restore: of(computers, SHARES.restore),
    purge,
    add: purge,
    ticketUpdate: of(tickets, SHARES.ticketUpdate),
    ticketSolve: of(tickets, SHARES.ticketSolve),
    ticketClose: of(tickets, SHARES.ticketClose),
  };
}

export function describeMix(mix: ChurnMix, computers: number, tickets: number, batchSize: number): string {
  const pct = (n: number, total: number) => `${n.toLocaleString('en-US')} (${((100 * n) / total).toFixed(1)} %)`;
  return (
    `Churn after the seed, through the API in bulk requests of ${batchSize.toLocaleString('en-US')}, rows drawn with a fixed seed (${SEED}): ` +
    `Computers: ${pct(mix.update, computers)} updated (name, serial, otherserial, comment, contact, location, state), ` +
    `${pct(mix.trash, computers)} trashed (half of them among the updated), ${pct(mix.restore, computers)} of those restored, ` +
    `${pct(mix.purge, computers)} purged, ${mix.add.toLocaleString('en-US')} new ones added in their place, ${pct(mix.trash - mix.restore - mix.purge, computers)} left in the trash; ` +
    `Tickets: ${pct(mix.ticketUpdate, tickets)} reworded, ${pct(mix.ticketSolve, tickets)} open ones solved, then ${pct(mix.ticketClose, tickets)} solved ones closed (the newly solved first).`
  );
}

/** Computer number `n`'s text once churned: other prefixes, same lengths (search shapes cut them alike). */
function churnedText(n: number): ComputerText {
  return {
    name: `WS-${String(n).padStart(6, '0')}`,
    serial: `SX${n.toString(36).toUpperCase().padStart(8, '0')}`,
    otherserial: `AST-${String(n).padStart(7, '0')}`,
    comment: `Reassigned workstation #${n}, floor ${n % 9}, desk ${n % 89}`,
    contact: `owner${n % 4000}`,
  };
}

export function churnedComputer(n: number, lookups: Lookups): Record<string, string | number> {
  return { ...churnedText(n), locations_id: lookups.locations[locationIndex(n)]!, states_id: pick(lookups.states, n * 3) };
}

/** Elements of a bulk PUT or DELETE must all succeed: `[{"<id>": true, "message": ""}, …]`. */
async function bulkSend(client: Client, method: 'PUT' | 'DELETE', itemtype: string, bodies: string[]): Promise<void> {
  for (const body of bodies) {
    const results = await client.send(method, `${itemtype}/`, body);
    // A partial failure answers 207 with ["ERROR_GLPI_PARTIAL_…", results].
    const failed = !Array.isArray(results) || results.some((r: unknown) => typeof r !== 'object' || Object.entries(r as object).some(([key, value]) => key !== 'message' && value !== true));
    if (failed) throw new Error(`bulk ${method} of ${itemtype} failed: ${JSON.stringify(results).slice(0, 500)}`);
  }
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Every Ticket's id and status, a page of `batchSize` at a time. */
async function ticketStatuses(client: Client, total: number, batchSize: number): Promise<{ id: number; status: number }[]> {
  const rows: { id: number; status: number }[] = [];
  for (let start = 0; start < total; start += batchSize) {
    const { body } = await client.get(`Ticket/?range=${start}-${start + batchSize - 1}&sort=id`);
    rows.push(...(body as { id: number; status: number }[]).map(({ id, status }) => ({ id, status })));
  }
  return rows;
}

/** The computers as the churn left them: which ids a search sees and their text. */
export class Fleet {
  /** Seeded computer number of each id (its text unless renamed). */
  private readonly seeded = new Map<number, number>();
  /** Number of each renamed or added computer (its text is churnedText). */
  private readonly renamed = new Map<number, number>();
  readonly trashed = new Set<number>();
  private readonly purged = new Set<number>();
  private readonly added: number[] = [];

  constructor(seededIds: number[]) {
    seededIds.forEach((id, i) => this.seeded.set(id, i + 1));
  }

  rename(id: number, n: number): void {
    this.renamed.set(id, n);
  }

  add(id: number, n: number): void {
    this.added.push(id);
    this.renamed.set(id, n);
  }

  purge(id: number): void {
    this.trashed.delete(id);
    this.purged.add(id);
  }

  text(id: number): ComputerText {
    const n = this.renamed.get(id);
    return n === undefined ? seededText(this.seeded.get(id)!) : churnedText(n);
  }

  /** Ids a default search sees, ascending. */
  live(): number[] {
    return [...this.seeded.keys(), ...this.added].filter((id) => !this.trashed.has(id) && !this.purged.has(id));
  }
}

export interface ChurnResult {
  fleet: Fleet;
  /** Computers out of the trash. */
  live: number[];
  /** One line per phase: what it did and how fast. */
  phases: string[];
}

/** Runs the churn; `log` reports each phase. */
export async function churn(client: Client, lookups: Lookups, seededIds: number[], tickets: number, mix: ChurnMix, batchSize: number, log: (line: string) => void): Promise<ChurnResult> {
  const fleet = new Fleet(seededIds);
  const order = shuffled(seededIds, SEED);
  const updated = order.slice(0, mix.update);
  const trashFrom = Math.max(0, mix.update - Math.floor(mix.trash / 2));
  const trashed = order.slice(trashFrom, trashFrom + mix.trash);
  const restored = trashed.slice(0, mix.restore);
  const purged = trashed.slice(mix.restore, mix.restore + mix.purge);
  let next = seededIds.length; // computer numbers after the seed's
  const phases: string[] = [];
  const phase = async (what: string, count: number, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    phases.push(`${what}: ${count.toLocaleString('en-US')} in ${seconds.toFixed(2)} s (${Math.round(count / seconds).toLocaleString('en-US')} items/s)`);
    log(`churn: ${phases.at(-1)}`);
  };
  const ids = (list: number[], extra: object = {}) => chunks(list, batchSize).map((chunk) => JSON.stringify({ input: chunk.map((id) => ({ id })), ...extra }));

  await phase('Computers updated', updated.length, async () => {
    const inputs = updated.map((id) => {
      fleet.rename(id, ++next);
      return { id, ...churnedComputer(next, lookups) };
    });
    await bulkSend(client, 'PUT', 'Computer', chunks(inputs, batchSize).map(inputBody));
  });
  await phase('Computers trashed', trashed.length, async () => {
    for (const id of trashed) fleet.trashed.add(id);
    await bulkSend(client, 'DELETE', 'Computer', ids(trashed));
  });
  await phase('Computers restored', restored.length, async () => {
    for (const id of restored) fleet.trashed.delete(id);
    await bulkSend(client, 'PUT', 'Computer', chunks(restored, batchSize).map((chunk) => inputBody(chunk.map((id) => ({ id, is_deleted: 0 })))));
  });
  await phase('Computers purged', purged.length, async () => {
    for (const id of purged) fleet.purge(id);
    await bulkSend(client, 'DELETE', 'Computer', ids(purged, { force_purge: true }));
  });
  await phase('Computers added', mix.add, async () => {
    const first = next + 1;
    next += mix.add;
    const numberOf = (k: number) => first + k - 1;
    let done = 0;
    for (const body of batches(mix.add, batchSize, (k) => ({ ...churnedComputer(numberOf(k), lookups), entities_id: 0, manufacturers_id: pick(lookups.manufacturers, k * 7), computertypes_id: pick(lookups.types, k * 13) }))) {
      for (const id of await bulkAdd(client, 'Computer', body)) fleet.add(id, numberOf(++done));
    }
  });
  const ticketOrder = shuffled(await ticketStatuses(client, tickets, batchSize), SEED + 1);
  // Any ticket may be reworded; only open ones are solved, and solved ones closed (a closed
  // ticket cannot be reopened), the newly solved first.
  const reworded = ticketOrder.slice(0, mix.ticketUpdate).map((t) => t.id);
  const solved = ticketOrder.filter((t) => t.status < 5).slice(0, mix.ticketSolve).map((t) => t.id);
  const closed = [...solved, ...ticketOrder.filter((t) => t.status === 5).map((t) => t.id)].slice(0, mix.ticketClose);
  const ticketUpdate = (list: number[], make: (id: number) => object) => bulkSend(client, 'PUT', 'Ticket', chunks(list, batchSize).map((chunk) => inputBody(chunk.map(make))));
  await phase('Tickets reworded', reworded.length, () => ticketUpdate(reworded, (id) => ({ id, name: `Ticket ${id}: reworded, ${['laptop', 'VPN', 'badge', 'phone'][id % 4]} issue`, content: `Updated by agent${id % 50}` })));
  await phase('Tickets solved', solved.length, () => ticketUpdate(solved, (id) => ({ id, status: 5 })));
  await phase('Tickets closed', closed.length, () => ticketUpdate(closed, (id) => ({ id, status: 6 })));
  return { fleet, live: fleet.live(), phases };
}

/** The search shapes, looking for computers as the churn left them. */
export function churnedShapes(api: string, lookups: Lookups, { fleet, live }: ChurnResult): Shape[] {
  return searchShapes({ api, lookups, computers: live.length, text: (i) => fleet.text(live[(i * 7919 + 13) % live.length]!) });
}

interface CountCheck {
  label: string;
  itemtype: 'Computer' | 'Ticket';
  query: string;
  /** The same rows in SQL, on top of the default filters (out of the trash, no template). */
  where: string;
  args: (string | number)[];
  /** The value was taken from a live row: at least one must match. */
  found: boolean;
  /** Searches the trash instead. */
  trash?: boolean;
}

function countChecks({ fleet, live }: ChurnResult, lookups: Lookups): CountCheck[] {
  const contains = (label: string, field: number, column: string, value: string): CountCheck => ({
    label: `${label} contains "${value}"`,
    itemtype: 'Computer',
    query: query([leaf(field, 'contains', value)]),
    where: `${column} LIKE '%' || ? || '%'`,
    args: [value],
    found: true,
  });
  // Both a renamed or added computer (the last live ids) and one as seeded (the first).
  const texts = [fleet.text(live.at(-1)!), fleet.text(live[0]!)];
  return [
    ...texts.flatMap((t) => [
      contains('name', 1, 'name', t.name.slice(2, 8)),
      contains('serial', 5, 'serial', t.serial.slice(4, 9)),
      contains('contact', 7, 'contact', t.contact.slice(2)),
      contains('comment', 16, 'comment', /#\d+,/.exec(t.comment)![0]),
    ]),
    { label: 'location equals a branch', itemtype: 'Computer', query: query([leaf(3, 'equals', lookups.locations[3]!)]), where: 'locations_id = ?', args: [lookups.locations[3]!], found: true },
    { label: 'location notequals HQ', itemtype: 'Computer', query: query([leaf(3, 'notequals', lookups.locations[0]!)]), where: 'locations_id <> ?', args: [lookups.locations[0]!], found: true },
    {
      label: 'location AND manufacturer',
      itemtype: 'Computer',
      query: query([leaf(3, 'equals', lookups.locations[0]!), leaf(23, 'equals', lookups.manufacturers[1]!, 'AND')]),
      where: 'locations_id = ? AND manufacturers_id = ?',
      args: [lookups.locations[0]!, lookups.manufacturers[1]!],
      found: true,
    },
    { label: 'the trash', itemtype: 'Computer', query: 'is_deleted=1', where: '1', args: [], found: true, trash: true },
    { label: 'Ticket status notold', itemtype: 'Ticket', query: query([leaf(12, 'equals', 'notold')]), where: 'status NOT IN (5, 6)', args: [], found: true },
  ];
}

/**
 * `totalcount` must stay exact after churn: a few searches against a direct count on the
 * database file (opened read-only beside the running server), and the collection's total
 * against the bench's own account of the churn. Throws on the first difference.
 */
export async function verifyCounts(client: Client, dataDir: string, lookups: Lookups, result: ChurnResult): Promise<string> {
  await checkTotal(client, 'Computer', result.live.length);
  const checks = countChecks(result, lookups);
  const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    for (const check of checks) {
      const table = check.itemtype === 'Computer' ? 'glpi_computers' : 'glpi_tickets';
      const templates = check.itemtype === 'Computer' ? ' AND is_template = 0' : '';
      const expected = db.query<{ n: number }, (string | number)[]>(`SELECT count(*) AS n FROM ${table} WHERE is_deleted = ${check.trash ? 1 : 0}${templates} AND ${check.where}`).get(...check.args)!.n;
      const { body } = await client.get(`search/${check.itemtype}?${check.query}&range=0-0`);
      const total = (body as { totalcount?: unknown }).totalcount;
      if (total !== expected) throw new Error(`after churn, search ${check.label} answers totalcount ${total}, the database holds ${expected}`);
      if (check.found && expected === 0) throw new Error(`after churn, search ${check.label} finds nothing: the shapes' values do not come from live rows`);
    }
    const trashed = db.query<{ n: number }, []>('SELECT count(*) AS n FROM glpi_computers WHERE is_deleted = 1 AND is_template = 0').get()!.n;
    if (trashed !== result.fleet.trashed.size) throw new Error(`after churn, the trash holds ${trashed} Computers, the churn left ${result.fleet.trashed.size}`);
  } finally {
    db.close();
  }
  return `After churn, the Computer collection's total equals the churn's own account (${result.live.length.toLocaleString('en-US')}), the trash holds what it left there, and ${checks.length} searches' totalcount equals a direct SQL count on the database file (${checks.map((c) => c.label).join('; ')}).`;
}
