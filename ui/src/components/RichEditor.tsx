import { useEffect, useRef, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import { api, errorText } from '../data/api';
import { t } from '../lib/i18n';
import { editorHtml } from '../lib/rich-html';
import { INLINE_DOCUMENT, safeHtml } from '../lib/html';
import { showInlineImages } from '../data/inline-images';

/** The ticket, problem or change a text belongs to. */
type Item = { itemtype: string; id: number };
type Box = RefObject<HTMLDivElement | null>;

interface Props {
  /** The text box's id (its label is `${id}-label`). */
  id: string;
  label: string;
  /** GLPI's HTML to start from. */
  value?: string;
  /** Called with the HTML written, as it is written. */
  onChange?: (html: string) => void;
  /**
   * For a plain form: the HTML also travels in a hidden input of this name, the form's reset
   * brings `value` back, and a new `value` fills the box while nothing is typed (a template's text).
   */
  name?: string;
  /**
   * The item the text belongs to: a pasted image becomes its Document, shown inline, and other
   * pastes keep their formatting (cleaned on the way out). Without it a paste comes in as plain text.
   */
  item?: Item;
  /** Adds the Code button (technicians quote commands and logs). */
  code?: boolean;
  disabled?: boolean;
}

/** execCommand's commands behind the toolbar (the browser's own editing, then sanitized on the way out). */
const COMMANDS = [
  ['bold', 'Bold', 'B'],
  ['italic', 'Italic', 'I'],
  ['insertUnorderedList', 'Bulleted list', '•'],
  ['insertOrderedList', 'Numbered list', '1.'],
] as const;

/**
 * The console's rich-text field (contenteditable with a toolbar: bold, italic, lists, links, and
 * code on request) writing the HTML GLPI's clients store, for the technician's answers and
 * descriptions as for the requester's desk.
 */
export function RichEditor({ id, label, value = '', onChange, name, item, code, disabled }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const report = () => {
    if (!box.current) return;
    const html = editorHtml(box.current, item);
    if (field.current) field.current.value = html;
    onChange?.(html);
  };
  useContent(box, field, name !== undefined, value, report);
  const { status, paste } = usePastedImages(box, item, report);

  const command = (commandName: string, argument?: string) => {
    box.current?.focus();
    document.execCommand(commandName, false, argument);
    report();
  };

  return (
    <div class="rich-editor">
      <span id={`${id}-label`} class="rich-editor-label">
        {label}
      </span>
      <Toolbar id={id} code={code} disabled={disabled} command={command} report={report} box={box} />
      <div
        ref={box}
        id={id}
        class="rich-text rich-editor-box"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        contentEditable={!disabled}
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
        onInput={report}
        onPaste={paste}
      />
      {name !== undefined && <input ref={field} type="hidden" name={name} />}
      {status && (
        <p class="muted" role="status">
          {status}
        </p>
      )}
    </div>
  );
}

/** The formatting buttons; a mouse press keeps the box's selection. */
function Toolbar({ id, code, disabled, command, report, box }: { id: string; code?: boolean; disabled?: boolean; command: (name: string, argument?: string) => void; report: () => void; box: Box }) {
  const keepSelection = (e: MouseEvent) => e.preventDefault();
  const link = () => {
    const url = prompt(t('Address of the link (https://…)'), 'https://');
    if (url && /^(https?:|mailto:)/i.test(url.trim())) command('createLink', url.trim());
  };
  /** Puts the selection in <code> (execCommand has no command for it). */
  const toCode = () => {
    const selection = window.getSelection();
    if (!selection?.rangeCount || !box.current?.contains(selection.anchorNode)) return;
    const range = selection.getRangeAt(0);
    const element = document.createElement('code');
    element.append(range.extractContents());
    range.insertNode(element);
    report();
  };
  return (
    <div class="rich-toolbar" role="toolbar" aria-label={t('Formatting')} aria-controls={id}>
      {COMMANDS.map(([name, title, text]) => (
        <button key={name} type="button" class="secondary" title={t(title)} aria-label={t(title)} disabled={disabled} onMouseDown={keepSelection} onClick={() => command(name)}>
          {/* An icon drawn by CSS, not a text label: the button's name is the title's words. */}
          <span class="glyph" data-glyph={text} aria-hidden="true" />
        </button>
      ))}
      <button type="button" class="secondary" disabled={disabled} onMouseDown={keepSelection} onClick={link}>
        {t('Link')}
      </button>
      {code && (
        <button type="button" class="secondary" disabled={disabled} onMouseDown={keepSelection} onClick={toCode}>
          {t('Code')}
        </button>
      )}
    </div>
  );
}

/**
 * Fills the box with stored HTML (cleaned as it is shown, inline images read with the session):
 * `value` at first; in a form (`inForm`) again on the form's reset, and whenever `value` changes
 * while nothing is typed. Outside a form the editor then holds the text (a form that empties it
 * mounts a new editor).
 */
function useContent(box: Box, field: RefObject<HTMLInputElement | null>, inForm: boolean, value: string, report: () => void) {
  const start = useRef(value);
  start.current = value;
  const images = useRef<(() => void) | undefined>(undefined);
  const fill = (html: string) => {
    if (!box.current) return;
    images.current?.();
    box.current.innerHTML = html ? safeHtml(html) : '';
    images.current = showInlineImages(box.current);
  };
  useEffect(() => {
    // A form's box is filled by the effect below.
    if (!inForm) fill(start.current);
    const form = field.current?.form;
    const reset = () => {
      fill(start.current);
      // The reset empties the hidden field after this event: copy the text once it has.
      queueMicrotask(report);
    };
    form?.addEventListener('reset', reset);
    return () => {
      form?.removeEventListener('reset', reset);
      images.current?.();
    };
  }, []);
  useEffect(() => {
    if (!inForm || !box.current || (box.current.textContent ?? '').trim() !== '') return;
    fill(value);
    report();
  }, [value]);
}

/** A paste: images uploaded as Documents of `item` and put inline; without an item, plain text only. */
function usePastedImages(box: Box, item: Item | undefined, report: () => void) {
  const [status, setStatus] = useState('');

  const insertImage = async (file: File) => {
    setStatus(t('Uploading {name}…', { name: file.name || 'image' }));
    try {
      const name = file.name || `image.${file.type.split('/')[1] ?? 'png'}`;
      const documentId = await api.upload([new File([file], name, { type: file.type })], item ? { itemtype: item.itemtype, items_id: item.id } : undefined, name);
      const img = document.createElement('img');
      img.src = URL.createObjectURL(file);
      img.alt = name;
      img.setAttribute(INLINE_DOCUMENT, String(documentId));
      const selection = window.getSelection();
      if (selection?.rangeCount && box.current?.contains(selection.anchorNode)) {
        const range = selection.getRangeAt(0);
        range.deleteContents();
        range.insertNode(img);
        range.setStartAfter(img);
      } else box.current?.append(img);
      setStatus(t('{name} inserted.', { name }));
      report();
    } catch (error) {
      setStatus(t('The image was not inserted: {error}', { error: errorText(error) }));
    }
  };

  const paste = (e: ClipboardEvent) => {
    if (!item) {
      // Nothing foreign is carried over: the text alone, typed in.
      e.preventDefault();
      box.current?.focus();
      document.execCommand('insertText', false, e.clipboardData?.getData('text/plain') ?? '');
      report();
      return;
    }
    const images = [...(e.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
    if (!images.length) return;
    e.preventDefault();
    void Promise.all(images.map(insertImage));
  };
  return { status, paste };
}
