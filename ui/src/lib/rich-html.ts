/**
 * The HTML the rich-text editor writes, as GLPI's clients store it: paragraphs, bold, italic,
 * lists, links, code, and inline images as GLPI's document address. Run through a DOMPurify of its
 * own (the display's hooks, ./html.ts, turn document addresses into session reads; this one keeps
 * them).
 */
import DOMPurify from 'dompurify';
import { documentUrl, INLINE_DOCUMENT } from './html';

const writer = DOMPurify(window);

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLES = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'blockquote', 'img', ...HEADINGS, ...TABLES];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'width', 'height'];

/** A link's address the editor keeps: web, mail and this site's pages, nothing that runs. */
const SAFE_HREF = /^(?:https?:|mailto:|\/|#)/i;
/** Inline elements that may stand at the top level; anything else there is a block of its own. */
const BLOCK = new Set(['P', 'UL', 'OL', 'PRE', 'BLOCKQUOTE', 'TABLE', ...HEADINGS.map((h) => h.toUpperCase())]);

/**
 * The editor's content as GLPI's HTML: pasted images as GLPI's document address (`item` names the
 * ticket, problem or change they belong to), loose text in paragraphs, nothing but the allowed
 * tags; '' when nothing is written.
 */
export function editorHtml(root: HTMLElement, item?: { itemtype: string; id: number }): string {
  const copy = root.cloneNode(true) as HTMLElement;
  // Pasted images, and those of the text being edited, carry their document (see ./html.ts).
  for (const img of copy.querySelectorAll<HTMLImageElement>(`img[${INLINE_DOCUMENT}]`)) {
    img.setAttribute('src', documentUrl(Number(img.getAttribute(INLINE_DOCUMENT)), item));
    img.removeAttribute(INLINE_DOCUMENT);
  }
  for (const a of copy.querySelectorAll('a')) if (!SAFE_HREF.test(a.getAttribute('href') ?? '')) a.removeAttribute('href');
  // Chromium's contenteditable writes <div> for a new line: GLPI's editor writes paragraphs.
  for (const div of copy.querySelectorAll('div')) {
    const p = document.createElement('p');
    p.append(...div.childNodes);
    div.replaceWith(p);
  }
  wrapLooseInline(copy);
  plainSpaces(copy);
  for (const p of copy.querySelectorAll('p')) if ((p.textContent ?? '').trim() === '' && !p.querySelector('img')) p.remove();
  const html = writer.sanitize(copy.innerHTML, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
  return copy.textContent?.trim() || /<img/i.test(html) ? html : '';
}

/** Text and inline elements at the top level go into paragraphs (GLPI's HTML has no loose text). */
function wrapLooseInline(root: HTMLElement): void {
  let paragraph: HTMLParagraphElement | null = null;
  for (const node of [...root.childNodes]) {
    if (node instanceof HTMLElement && BLOCK.has(node.tagName)) {
      paragraph = null;
      continue;
    }
    if (node instanceof HTMLBRElement && paragraph === null) {
      node.remove();
      continue;
    }
    if (!paragraph) {
      paragraph = document.createElement('p');
      root.insertBefore(paragraph, node);
    }
    paragraph.append(node);
  }
}

/** A browser types a space next to formatting as a no-break space: a lone one is a plain space. */
function plainSpaces(root: HTMLElement): void {
  const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) node.nodeValue = (node.nodeValue ?? '').replace(/(^|[^\s\u00a0])\u00a0(?![\s\u00a0])/g, '$1 ');
}
