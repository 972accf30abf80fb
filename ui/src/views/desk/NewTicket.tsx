import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../../data/api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { READ, can, enumOf } from '../../lib/itemtypes';
import { href } from '../../lib/router';
import { useSession } from '../../data/session';
import { type Attached, myAssets, textToHtml, type Asset } from './newticket';

/** GLPI's default urgency (Medium). */
const DEFAULT_URGENCY = 3;

/** Open a ticket: title, description, urgency, category and asset when the profile may pick them, several files. */
export function NewTicket() {
  const { info } = useSession();
  const profile = info.activeProfile;
  const [categories, setCategories] = useState<{ id: number; name: string }[]>([]);
  const [assets, setAssets] = useState<Asset[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ id: number; files: Attached[] } | null>(null);

  useEffect(() => {
    if (can(profile, 'ITILCategory', READ)) {
      void api.list('ITILCategory', { range: '0-999', 'searchText[is_helpdeskvisible]': 1 }).then(
        (page) => setCategories(page.items.map((c) => ({ id: c.id, name: String(c.completename ?? c.name ?? '') }))),
        () => setCategories([]),
      );
    }
    void myAssets(profile).then(setAssets, () => setAssets([]));
  }, [info.activeProfile.id]);

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const input: Record<string, unknown> = {
      name: String(data.get('name') ?? '').trim(),
      content: textToHtml(String(data.get('content') ?? '')),
      urgency: Number(data.get('urgency') ?? DEFAULT_URGENCY),
      // The requester is the user, as GLPI's simplified form sets it.
      _users_id_requester: info.userId,
    };
    const category = Number(data.get('itilcategories_id') ?? 0);
    if (category) input.itilcategories_id = category;
    const asset = String(data.get('asset') ?? '');
    if (asset) {
      const [itemtype, id] = asset.split(':');
      input.items_id = { [itemtype!]: [Number(id)] };
    }
    const files = data.getAll('files').filter((f): f is File => f instanceof File && f.name !== '');
    setBusy(true);
    setError('');
    try {
      // Files travel with the ticket (GLPI's multipart add): whoever opens a ticket attaches to it, no document right needed.
      setDone(files.length ? await api.createWithFiles('Ticket', input, files) : { id: await api.create('Ticket', input), files: [] });
      form.reset();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="page desk-new">
      <h1>{t('Open a ticket')}</h1>
      {done && <Opened id={done.id} files={done.files} />}
      {error && <Notice kind="error">{error}</Notice>}
      <form class="panel desk-form" aria-busy={busy} onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}>
        {categories.length > 0 && (
          <label class="field">
            <span>{t('Category')}</span>
            <select name="itilcategories_id">
              <option value="0">—</option>
              {categories.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
            </select>
          </label>
        )}
        <label class="field">
          <span>{t('Urgency')}</span>
          <select name="urgency" defaultValue={String(DEFAULT_URGENCY)}>
            {(enumOf('Ticket', 'urgency') ?? []).map(([v, l]) => <option key={v} value={String(v)}>{l}</option>)}
          </select>
        </label>
        <label class="field">
          <span>{t('Title')}</span>
          <input name="name" required maxLength={255} />
        </label>
        <label class="field">
          <span>{t('Description')}</span>
          <textarea name="content" rows={6} required />
        </label>
        {assets.length > 0 && (
          <label class="field">
            <span>{t('Asset concerned')}</span>
            <select name="asset">
              <option value="">—</option>
              {assets.map((a) => <option key={a.key} value={a.key}>{a.label}</option>)}
            </select>
          </label>
        )}
        <label class="field">
          <span>{t('Attachments')}</span>
          <input type="file" name="files" multiple />
        </label>
        <div class="form-actions">
          <button type="submit" disabled={busy}>{t('Open the ticket')}</button>
        </div>
      </form>
    </div>
  );
}

/** What came of the last ticket opened: its link, and each file attached or refused. */
function Opened({ id, files }: { id: number; files: Attached[] }) {
  return (
    <div class="desk-opened">
      <Notice kind="success">
        {t('Ticket #{id} opened.', { id })} <a href={href(['tickets', id])}>{t('See the ticket')}</a>
      </Notice>
      {files.map((f) =>
        f.error ? (
          <Notice key={f.name} kind="error">{t('{name} was not attached: {error}', { name: f.name, error: f.error })}</Notice>
        ) : (
          <Notice key={f.name} kind="success">{t('{name} attached.', { name: f.name })}</Notice>
        ),
      )}
    </div>
  );
}
