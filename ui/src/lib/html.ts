import DOMPurify from 'dompurify';

/** The attribute naming the document an inline image shows, once sanitized. */
export const INLINE_DOCUMENT = 'data-document';

/** Tags GLPI's rich text never needs and that could act on the page or leave it. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base', 'svg', 'math'];

/** A source the browser would fetch from elsewhere (a tracking pixel, a remote image): anything but a data: URL or this site. */
const REMOTE = /^\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** GLPI's address of an inline image's document (`…/front/document.send.php?docid=12&itemtype=Ticket&items_id=3`). */
const DOCUMENT_SEND = /document\.send\.php\?(?:[^"'\s]*&(?:amp;)?)?docid=(\d+)/i;

/** The document an inline image or its link shows, when it is GLPI's document address. */
export function documentOf(url: string | null): number | null {
  const m = url ? DOCUMENT_SEND.exec(url) : null;
  return m ? Number(m[1]) : null;
}

/** The documents an HTML text shows inline (GLPI lists them in the text, not as attachments). */
export function documentsIn(html: string): number[] {
  return [...html.matchAll(new RegExp(DOCUMENT_SEND.source, 'gi'))].map((m) => Number(m[1]));
}

/** GLPI's address of a document shown inline in the text of an item (what GLPI's editor writes). */
export function documentUrl(documentId: number, item?: { itemtype: string; id: number }): string {
  return `/front/document.send.php?docid=${documentId}${item ? `&itemtype=${encodeURIComponent(item.itemtype)}&items_id=${item.id}` : ''}`;
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  // An inline image's file is read with the session (../components/RichText.tsx), never by its GLPI address.
  const inline = node.tagName === 'IMG' ? documentOf(node.getAttribute('src')) : null;
  if (inline !== null) {
    node.removeAttribute('src');
    node.setAttribute(INLINE_DOCUMENT, String(inline));
  }
  if (node.tagName === 'A' && documentOf(node.getAttribute('href')) !== null) node.removeAttribute('href');
  for (const name of ['src', 'srcset', 'poster', 'background']) {
    const value = node.getAttribute(name);
    if (value !== null && REMOTE.test(value) && !/^\s*data:image\//i.test(value)) node.removeAttribute(name);
  }
  // Links open apart from the console, without telling the target where they came from.
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Stored HTML (GLPI's ticket text, followups, solutions, FAQ answers) made safe to show: no
 * script, no event attribute, no style, no remote content. Plain text comes back escaped.
 */
export function safeHtml(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style', 'class', 'id'], ALLOW_DATA_ATTR: false });
}
