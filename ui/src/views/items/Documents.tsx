import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../../data/api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { href, navigate } from '../../lib/router';

const PREVIEWABLE = /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf)$/;

/** Saves a blob under a name, as a browser download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A document's file: download, and an inline preview of images and PDFs (read with the session). */
export function DocumentLink({ id, name }: { id: number; name: string }) {
  const [preview, setPreview] = useState<{ url: string; type: string } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => () => preview && URL.revokeObjectURL(preview.url), [preview]);

  const fetchFile = async (then: (blob: Blob) => void) => {
    setError('');
    try {
      then(await api.download(id));
    } catch (e) {
      setError(errorText(e));
    }
  };
  const show = () =>
    void fetchFile((blob) => {
      if (!PREVIEWABLE.test(blob.type)) setError(t('No preview for this kind of file: download it.'));
      else setPreview({ url: URL.createObjectURL(blob), type: blob.type });
    });

  return (
    <div class="document">
      <span class="document-name">{name || t('Document #{id}', { id })}</span>{' '}
      <button type="button" class="link" onClick={() => void fetchFile((blob) => saveFile(blob, name || `document-${id}`))}>
        {t('Download')}
      </button>{' '}
      {!preview && (
        <button type="button" class="link" onClick={show}>
          {t('Preview')}
        </button>
      )}
      {error && <span class="muted"> {error}</span>}
      {preview &&
        (preview.type === 'application/pdf' ? (
          <iframe class="preview" title={t('Preview of {name}', { name })} src={preview.url} />
        ) : (
          <img class="preview" alt={t('Preview of {name}', { name })} src={preview.url} />
        ))}
    </div>
  );
}

/** A new document is a file: upload it (multipart, as GLPI's clients do), then open its page. */
export function DocumentUpload() {
  const [files, setFiles] = useState<File[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!files.length) return setError(t('Choose a file first.'));
    setBusy(true);
    setError('');
    try {
      const id = await api.upload(files, undefined, name.trim() || undefined);
      navigate(['Document', id]);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="page">
      <p class="crumbs">
        <a href={href(['Document'])}>{t('Documents')}</a>
      </p>
      <h1>{t('New {type}', { type: t('Document').toLowerCase() })}</h1>
      {error && <Notice kind="error">{error}</Notice>}
      <form class="item-form" onSubmit={submit} aria-label={t('Upload a document')}>
        <div class="form-grid">
          <div class="field">
            <label for="doc-file">{t('File')}</label>
            <input id="doc-file" type="file" onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])} />
          </div>
          <div class="field">
            <label for="doc-name">{t('Name (the file\'s name when empty)')}</label>
            <input id="doc-name" type="text" value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </div>
        </div>
        <div class="form-actions">
          <button type="submit" disabled={busy}>
            {t('Upload')}
          </button>
        </div>
      </form>
    </div>
  );
}
