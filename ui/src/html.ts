import DOMPurify from 'dompurify';

/** Tags GLPI's rich text never needs and that could act on the page or leave it. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base', 'svg', 'math'];

/** A source the browser would fetch from elsewhere (a tracking pixel, a remote image): anything but a data: URL or this site. */
const REMOTE = /^\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
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
