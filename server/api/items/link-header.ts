/**
 * Bulk adds answer GLPI's `Link` header (the new items' URLs, comma-separated). A whole list of
 * 10 000 URLs would be half a megabyte of header: more than Node's fetch (16 KB), nginx's
 * default buffers (4–8 KB) or Python's http.client accept. The body lists every id, which is what
 * GLPI clients read, so the header keeps only the first URLs that fit in this budget.
 */
export const LINK_HEADER_BUDGET = 4096;

export function boundedLinkHeader<T>(items: readonly T[], href: (item: T) => string): string {
  let header = '';
  // Each URL is made only when the header may still take it: a bulk add names thousands of items.
  for (const item of items) {
    const next = header ? `${header},${href(item)}` : href(item);
    if (next.length > LINK_HEADER_BUDGET) break;
    header = next;
  }
  return header;
}
