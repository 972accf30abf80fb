import { safeHtml } from '../html';

/** Markup, as opposed to plain text that merely holds a `<` (text typed in a plain textarea keeps its line breaks). */
const MARKUP = /<\/?[a-z][a-z0-9]*(?:\s[^>]*)?\/?>/i;

/** Stored HTML shown as formatted text, sanitized (see ../html.ts); plain text is shown as it is. */
export function RichText({ html, class: className = 'rich-text' }: { html: string; class?: string }) {
  if (!MARKUP.test(html)) return <div class={`${className} plain-text`}>{html}</div>;
  return <div class={`${className} is-html`} dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />;
}
