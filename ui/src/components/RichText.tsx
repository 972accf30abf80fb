import { useEffect, useRef } from 'preact/hooks';
import { safeHtml } from '../lib/html';
import { showInlineImages } from '../data/inline-images';

/** Markup, as opposed to plain text that merely holds a `<` (text typed in a plain textarea keeps its line breaks). */
const MARKUP = /<\/?[a-z][a-z0-9]*(?:\s[^>]*)?\/?>/i;

/** Stored HTML shown as formatted text, sanitized (see ../html.ts), inline images read with the session; plain text is shown as it is. */
export function RichText({ html, class: className = 'rich-text' }: { html: string; class?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const markup = MARKUP.test(html);
  useEffect(() => (markup && box.current ? showInlineImages(box.current) : undefined), [html]);
  if (!markup) return <div class={`${className} plain-text`}>{html}</div>;
  return <div ref={box} class={`${className} is-html`} dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />;
}
