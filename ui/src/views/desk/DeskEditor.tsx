import { useEffect, useRef } from 'preact/hooks';
import { safeHtml } from '../../lib/html';
import { t } from '../../lib/i18n';

/** Elements that stand as blocks at the top of GLPI's rich text; any other run is put in a paragraph. */
const BLOCKS = new Set(['P', 'UL', 'OL', 'BLOCKQUOTE', 'PRE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TABLE']);

/**
 * The HTML written, cleaned as stored HTML is shown (DOMPurify), in paragraphs as GLPI's clients
 * write it (a browser's `div` lines become `p`); empty when it holds no words.
 */
export function cleanHtml(html: string): string {
  const probe = document.createElement('div');
  probe.innerHTML = safeHtml(html);
  if ((probe.textContent ?? '').trim() === '') return '';
  const out = document.createElement('div');
  let run: HTMLParagraphElement | null = null;
  for (const node of [...probe.childNodes]) {
    const element = node instanceof HTMLElement ? node : null;
    if (element && (BLOCKS.has(element.tagName) || element.tagName === 'DIV')) {
      run = null;
      if (element.tagName !== 'DIV') out.append(element);
      else {
        const paragraph = document.createElement('p');
        paragraph.append(...element.childNodes);
        out.append(paragraph);
      }
    } else {
      if (!run) out.append((run = document.createElement('p')));
      run.append(node);
    }
  }
  // A browser types a space next to formatting as a no-break space: a lone one is a plain space.
  const texts = document.createTreeWalker(out, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) node.nodeValue = (node.nodeValue ?? '').replace(/(^|[^\s\u00a0])\u00a0(?![\s\u00a0])/g, '$1 ');
  for (const paragraph of [...out.querySelectorAll('p')]) if ((paragraph.textContent ?? '').trim() === '' && !paragraph.querySelector('img')) paragraph.remove();
  return out.innerHTML;
}

const COMMANDS: [command: string, label: string, mark: string][] = [
  ['bold', 'Bold', 'B'],
  ['italic', 'Italic', 'I'],
  ['insertUnorderedList', 'Bulleted list', '•'],
  ['insertOrderedList', 'Numbered list', '1.'],
];

/**
 * The desk's small rich-text box (bold, italic, lists, links): a contenteditable whose cleaned
 * HTML travels in a hidden input named `name`, so the form reads it as any field. Pasted text
 * comes in plain (nothing foreign is carried over); the form's reset empties it (back
 * to `initial`, a template's predefined text, which also fills it while nothing has been typed).
 */
export function DeskEditor({ name, label, initial = '' }: { name: string; label: string; initial?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const sync = () => {
    if (box.current && field.current) field.current.value = cleanHtml(box.current.innerHTML);
  };
  const run = (command: string, value?: string) => {
    box.current?.focus();
    document.execCommand(command, false, value);
    sync();
  };
  const start = useRef(initial);
  start.current = initial;
  useEffect(() => {
    const form = field.current?.form;
    const clear = () => {
      if (box.current) box.current.innerHTML = safeHtml(start.current);
      // The reset empties the hidden field after this event: copy the text once it has.
      queueMicrotask(sync);
    };
    form?.addEventListener('reset', clear);
    return () => form?.removeEventListener('reset', clear);
  }, []);
  useEffect(() => {
    if (!box.current || (box.current.textContent ?? '').trim() !== '') return;
    box.current.innerHTML = safeHtml(initial);
    sync();
  }, [initial]);
  return (
    <div class="field desk-editor">
      <span id={`${name}-label`}>{label}</span>
      <div class="desk-editor-tools" role="toolbar" aria-label={t('Formatting')}>
        {COMMANDS.map(([command, title, mark]) => (
          <button key={command} type="button" class="secondary" title={t(title)} aria-label={t(title)} onMouseDown={(e) => e.preventDefault()} onClick={() => run(command)}>
            {/* Drawn by CSS as the technician editor's: the button's name is the title's words. */}
            <span class="glyph" data-glyph={mark} aria-hidden="true" />
          </button>
        ))}
        <button type="button" class="secondary" title={t('Link')} aria-label={t('Link')} onMouseDown={(e) => e.preventDefault()} onClick={() => {
          const url = window.prompt(t('Link address'), 'https://');
          if (url && /^(https?:|mailto:)/i.test(url.trim())) run('createLink', url.trim());
        }}>
          {t('Link')}
        </button>
      </div>
      <div
        ref={box}
        class="desk-editor-box rich-text"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${name}-label`}
        data-editor={name}
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
        onInput={sync}
        onPaste={(e) => {
          e.preventDefault();
          run('insertText', e.clipboardData?.getData('text/plain') ?? '');
        }}
      />
      <input ref={field} type="hidden" name={name} />
    </div>
  );
}
