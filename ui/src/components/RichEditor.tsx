import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText } from '../data/api';
import { t } from '../lib/i18n';
import { editorHtml } from '../lib/rich-html';
import { INLINE_DOCUMENT, safeHtml } from '../lib/html';
import { showInlineImages } from '../data/inline-images';

interface Props {
  id: string;
  label: string;
  /** GLPI's HTML to start from; the editor calls onChange with what is written. */
  value: string;
  onChange: (html: string) => void;
  /** The ticket, problem or change the text belongs to: pasted images are linked to it. */
  item?: { itemtype: string; id: number };
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
 * A rich-text field (contenteditable with a toolbar: bold, italic, lists, links, code) writing the
 * HTML GLPI's clients store. A pasted image is uploaded as a Document and shown inline, written as
 * GLPI's document address.
 */
export function RichEditor({ id, label, value, onChange, item, disabled }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState('');

  // The starting content only: from then on the editor holds the text (a form that empties it mounts a new editor).
  useEffect(() => {
    if (!box.current) return;
    box.current.innerHTML = value ? safeHtml(value) : '';
    return showInlineImages(box.current);
  }, []);

  const report = () => {
    if (box.current) onChange(editorHtml(box.current, item));
  };

  const command = (name: string, argument?: string) => {
    box.current?.focus();
    document.execCommand(name, false, argument);
    report();
  };

  const link = () => {
    const url = prompt(t('Address of the link (https://…)'), 'https://');
    if (url && /^(https?:|mailto:)/i.test(url.trim())) command('createLink', url.trim());
  };

  /** Puts the selection in <code> (execCommand has no command for it). */
  const code = () => {
    const selection = window.getSelection();
    if (!selection?.rangeCount || !box.current?.contains(selection.anchorNode)) return;
    const range = selection.getRangeAt(0);
    const element = document.createElement('code');
    element.append(range.extractContents());
    range.insertNode(element);
    report();
  };

  const paste = (e: ClipboardEvent) => {
    const images = [...(e.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
    if (!images.length) return;
    e.preventDefault();
    void Promise.all(images.map(insertImage));
  };

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

  return (
    <div class="rich-editor">
      <span id={`${id}-label`} class="rich-editor-label">
        {label}
      </span>
      <div class="rich-toolbar" role="toolbar" aria-label={t('Formatting')} aria-controls={id}>
        {COMMANDS.map(([name, title, text]) => (
          <button key={name} type="button" class="secondary" title={t(title)} aria-label={t(title)} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={() => command(name)}>
            {/* An icon drawn by CSS, not a text label: the button's name is the title's words. */}
            <span class="glyph" data-glyph={text} aria-hidden="true" />
          </button>
        ))}
        <button type="button" class="secondary" disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={link}>
          {t('Link')}
        </button>
        <button type="button" class="secondary" disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={code}>
          {t('Code')}
        </button>
      </div>
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
      {status && (
        <p class="muted" role="status">
          {status}
        </p>
      )}
    </div>
  );
}
