import { seededText, type ComputerText, type Lookups } from './seed';

/**
 * The search shapes the search issue lists, each as a URL maker: request `i` of a run gets its
 * own value where the shape has one (a different fragment, prefix or page), so no answer is
 * served from a cache the previous request filled.
 */
export interface Shape {
  name: string;
  url(i: number): string;
}

export interface ShapeData {
  api: string;
  lookups: Lookups;
  /** Computers a search sees (not in the trash). */
  computers: number;
  /**
   * The text of the computer request `i` looks for; by default seeded computer number
   * 1 + (i × 7919 + 13) mod `computers`. After churn, a computer as it is then.
   */
  text?: (i: number) => ComputerText;
}

export function query(criteria: Record<string, string | number>[], extra: Record<string, string | number> = {}): string {
  const parts: string[] = [];
  criteria.forEach((c, i) => {
    for (const [key, value] of Object.entries(c)) parts.push(`criteria[${i}][${key}]=${encodeURIComponent(String(value))}`);
  });
  for (const [key, value] of Object.entries(extra)) parts.push(`${key}=${encodeURIComponent(String(value))}`);
  return parts.join('&');
}

export const leaf = (field: number, searchtype: string, value: string | number, link?: string) => ({ ...(link ? { link } : {}), field, searchtype, value });

export function searchShapes({ api, lookups, computers, text = (i) => seededText(1 + ((i * 7919 + 13) % computers)) }: ShapeData): Shape[] {
  const search = (type: string, criteria: Record<string, string | number>[], extra: Record<string, string | number> = {}) =>
    `${api}/search/${type}?${query(criteria, { forcedisplay: 3, range: '0-49', ...extra })}`;
  const location = (index: number) => lookups.locations[index]!;
  const branch = (i: number) => location(1 + (i % 18));
  const manufacturer = (i: number) => lookups.manufacturers[i % lookups.manufacturers.length]!;
  const state = (i: number) => lookups.states[i % lookups.states.length]!;
  // From the middle of a name ("PC-012345"): "-01234" matches ten names at a million.
  const nameFragment = (i: number) => text(i).name.slice(2, 8);
  // Five characters from the middle of a serial ("SN0000A1B2").
  const serialFragment = (i: number) => text(i).serial.slice(4, 9);
  const commentNumber = (i: number) => /#\d+,/.exec(text(i).comment)![0];
  const deep = Math.max(0, Math.floor(computers * 0.9) - 50);
  const shapes: Shape[] = [
    { name: 'name contains (middle fragment)', url: (i) => search('Computer', [leaf(1, 'contains', nameFragment(i))]) },
    { name: 'serial contains', url: (i) => search('Computer', [leaf(5, 'contains', serialFragment(i))]) },
    { name: 'otherserial contains', url: (i) => search('Computer', [leaf(6, 'contains', text(i).otherserial.slice(5, 10))]) },
    { name: 'comment contains', url: (i) => search('Computer', [leaf(16, 'contains', commentNumber(i))]) },
    { name: 'contact contains', url: (i) => search('Computer', [leaf(7, 'contains', text(i).contact.slice(2))]) },
    { name: 'name starts with', url: (i) => search('Computer', [leaf(1, 'contains', `^${text(i).name.slice(0, 7)}`)]) },
    { name: 'serial ends with', url: (i) => search('Computer', [leaf(5, 'contains', `${text(i).serial.slice(-5)}$`)]) },
    { name: 'location equals, 0.1 % of rows', url: () => search('Computer', [leaf(3, 'equals', location(19))]) },
    { name: 'location equals, 0.55 % of rows', url: (i) => search('Computer', [leaf(3, 'equals', branch(i))]) },
    { name: 'location equals, 90 % of rows', url: () => search('Computer', [leaf(3, 'equals', location(0))]) },
    { name: 'location notequals, 10 % of rows', url: () => search('Computer', [leaf(3, 'notequals', location(0))]) },
    { name: 'location notequals, 99.9 % of rows', url: () => search('Computer', [leaf(3, 'notequals', location(19))]) },
    {
      name: 'location AND manufacturer, sorted by name DESC',
      url: (i) => search('Computer', [leaf(3, 'equals', branch(i)), leaf(23, 'equals', manufacturer(0), 'AND')], { sort: 1, order: 'DESC' }),
    },
    { name: 'name contains OR serial contains', url: (i) => search('Computer', [leaf(1, 'contains', nameFragment(i)), leaf(5, 'contains', text(i + 1).serial.slice(3, 9), 'OR')]) },
    {
      name: '(location OR state) AND NOT manufacturer, grouped',
      url: (i) =>
        `${search('Computer', [], {})}&criteria[0][criteria][0][field]=3&criteria[0][criteria][0][searchtype]=equals&criteria[0][criteria][0][value]=${branch(i)}` +
        `&criteria[0][criteria][1][link]=OR&criteria[0][criteria][1][field]=31&criteria[0][criteria][1][searchtype]=equals&criteria[0][criteria][1][value]=${state(i)}` +
        `&criteria[1][link]=AND%20NOT&criteria[1][field]=23&criteria[1][searchtype]=equals&criteria[1][value]=${manufacturer(i)}`,
    },
    ...[
      [1, 'name'],
      [5, 'serial'],
      [6, 'otherserial'],
      [7, 'contact'],
      [3, 'location'],
      [19, 'last update'],
    ].flatMap(([id, label]) =>
      (['ASC', 'DESC'] as const).map((order) => ({ name: `sort by ${label} ${order}`, url: (i: number) => search('Computer', [], { sort: id!, order, range: `${(i % 20) * 50}-${(i % 20) * 50 + 49}` }) })),
    ),
    {
      name: 'meta criterion (Location name)',
      url: () => `${search('Computer', [])}&criteria[0][meta]=1&criteria[0][itemtype]=Location&criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=Museum`,
    },
    { name: 'AllAssets name contains', url: (i) => search('AllAssets', [leaf(1, 'contains', nameFragment(i))], { forcedisplay: 1 }) },
    { name: 'Ticket status notold, sorted by date DESC', url: (i) => search('Ticket', [leaf(12, 'equals', 'notold')], { sort: 15, order: 'DESC', forcedisplay: 12, range: `${(i % 5) * 50}-${(i % 5) * 50 + 49}` }) },
    {
      name: 'Ticket opened in one month (absolute range)',
      url: (i) => search('Ticket', [leaf(15, 'morethan', `${2023 + (i % 3)}-0${1 + (i % 9)}-01 00:00:00`), leaf(15, 'lessthan', `${2023 + (i % 3)}-0${1 + (i % 9)}-28 00:00:00`, 'AND')], { forcedisplay: 12 }),
    },
    { name: 'Ticket opened in the last 6 months (relative)', url: () => search('Ticket', [leaf(15, 'morethan', -6)], { forcedisplay: 12 }) },
    { name: 'no match', url: (i) => search('Computer', [leaf(1, 'contains', `zz${i}qq`)]) },
    { name: `deep page (range ${deep}-${deep + 49})`, url: (i) => search('Computer', [], { range: `${deep + i}-${deep + i + 49}` }) },
    { name: 'list searchText[name] contains', url: (i) => `${api}/Computer/?searchText[name]=${encodeURIComponent(nameFragment(i))}&range=0-49` },
    { name: 'list searchText[serial] contains', url: (i) => `${api}/Computer/?searchText[serial]=${encodeURIComponent(serialFragment(i))}&range=0-49` },
  ];
  return shapes;
}
