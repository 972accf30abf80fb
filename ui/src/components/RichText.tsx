import { safeHtml } from '../html';

/** Stored HTML shown as formatted text, sanitized (see ../html.ts); line breaks of plain text are kept by CSS. */
export function RichText({ html, class: className = 'rich-text' }: { html: string; class?: string }) {
  return <div class={className} dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />;
}
