import { api, type Criterion, type Item } from './api';
import { t } from '../lib/i18n';
import { enumOf } from '../lib/itemtypes';

/** Search option ids of Ticket (GLPI's): status, priority, opening date, solve date. */
const STATUS = 12;
const PRIORITY = 3;
const OPENED = 15;
const SOLVED = 17;
/** How many weeks the opened/solved chart goes back. */
export const WEEKS = 8;

/** Only the count: range=0-0 and the search's totalcount, never the rows. */
const count = (criteria: Criterion[]) => api.search('Ticket', criteria, { range: '0-0' }).then((r) => r.total);

export interface Breakdown {
  labels: string[];
  values: number[];
}

/** Tickets per value of a fixed-list field (status, priority). */
async function breakdown(field: 'status' | 'priority', option: number): Promise<Breakdown> {
  const values = enumOf('Ticket', field) ?? [];
  const counts = await Promise.all(values.map(([value]) => count([{ field: option, searchtype: 'equals', value }])));
  return { labels: values.map(([, label]) => label), values: counts };
}

export const ticketsByStatus = () => breakdown('status', STATUS);
export const ticketsByPriority = () => breakdown('priority', PRIORITY);

/**
 * Rolling week `ago` (0 = the last 7 days) as GLPI's relative date values. The current week has no
 * upper bound: `lessthan NOW` is strict and would miss what was opened this very second.
 */
function inWeek(option: number, ago: number): Criterion[] {
  const since: Criterion = { field: option, searchtype: 'morethan', value: `-${ago + 1}WEEK` };
  return ago === 0 ? [since] : [since, { link: 'AND', field: option, searchtype: 'lessthan', value: `-${ago}WEEK` }];
}

export interface Weekly {
  labels: string[];
  opened: number[];
  solved: number[];
}

/** Tickets opened and solved in each of the last WEEKS rolling weeks, oldest first. */
export async function ticketsPerWeek(): Promise<Weekly> {
  const weeks = Array.from({ length: WEEKS }, (_, i) => WEEKS - 1 - i);
  const [opened, solved] = await Promise.all(
    [OPENED, SOLVED].map((option) => Promise.all(weeks.map((ago) => count(inWeek(option, ago))))),
  );
  return { labels: weeks.map((ago) => (ago === 0 ? t('this week') : t('{weeks} wk ago', { weeks: ago }))), opened: opened!, solved: solved! };
}

/** Asset types whose recent changes the overview lists. */
const ASSETS = ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer'];

export interface ChangedAsset {
  itemtype: string;
  item: Item;
}

/** The `limit` assets changed last, over the asset types the profile can read. */
export async function recentlyChangedAssets(readable: (itemtype: string) => boolean, limit = 8): Promise<ChangedAsset[]> {
  const pages = await Promise.all(
    ASSETS.filter(readable).map((itemtype) =>
      api
        .list(itemtype, { range: `0-${limit - 1}`, sort: 'date_mod', order: 'DESC' })
        .then((page) => page.items.map((item) => ({ itemtype, item }))),
    ),
  );
  return pages
    .flat()
    .sort((a, b) => String(b.item.date_mod ?? '').localeCompare(String(a.item.date_mod ?? '')))
    .slice(0, limit);
}
