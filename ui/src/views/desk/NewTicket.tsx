import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../../data/api';
import { useApi } from '../../data/use-api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { READ, can, enumOf } from '../../lib/itemtypes';
import { href } from '../../lib/router';
import { useSession } from '../../data/session';
import { RichEditor } from '../../components/RichEditor';
import { type Attached, myAssets, type Asset } from './newticket';
import { Suggestions } from './Suggestions';
import { mandatoryRefusal, ticketTemplate, type TicketTemplate } from './template';

/** GLPI's default urgency (Medium). */
const DEFAULT_URGENCY = 3;

/** The ticket a filled form asks for: its fields, the template's predefined values where the form has none. */
function ticketInput(data: FormData, template: TicketTemplate | null, requester: number): Record<string, unknown> {
  const predefined = template?.predefined ?? {};
  const input: Record<string, unknown> = {
    name: String(data.get('name') ?? '').trim(),
    content: String(data.get('content') ?? ''),
    urgency: Number(data.get('urgency') ?? predefined.urgency ?? DEFAULT_URGENCY),
    // The requester is the user, as GLPI's simplified form sets it.
    _users_id_requester: requester,
  };
  const chosen = Number(data.get('itilcategories_id') ?? predefined.itilcategories_id ?? 0);
  if (chosen) input.itilcategories_id = chosen;
  if (template) input._tickettemplates_id = template.id;
  const asset = String(data.get('asset') ?? '');
  if (asset) {
    const [itemtype, id] = asset.split(':');
    input.items_id = { [itemtype!]: [Number(id)] };
  }
  return input;
}

/** Open a ticket: title, description, urgency, category and asset when the profile may pick them, several files. */
export function NewTicket() {
  const { info } = useSession();
  const profile = info.activeProfile;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ id: number; files: Attached[] } | null>(null);
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState(0);

  const categories =
    useApi(
      () =>
        can(profile, 'ITILCategory', READ)
          ? api.list('ITILCategory', { range: '0-999', 'searchText[is_helpdeskvisible]': 1 }).then((page) => page.items.map((c) => ({ id: c.id, name: String(c.completename ?? c.name ?? '') })))
          : Promise.resolve([]),
      [profile.id],
    ).data ?? [];
  const assets = useApi(() => myAssets().catch((): Asset[] => []), [profile.id]).data ?? [];
  // The category decides the template (else the profile's, else the entity's), as GLPI's form.
  const template = useApi(() => ticketTemplate(category).catch(() => null), [profile.id, category]).data;
  const hidden = new Set(template?.hidden ?? []);
  const predefined = template?.predefined ?? {};
  // A template's predefined title fills the title while none has been typed, as GLPI's form.
  useEffect(() => {
    if (predefined.name) setTitle((typed) => typed || predefined.name!);
  }, [template?.id, predefined.name, done]);
  const required = new Set((template?.mandatory ?? []).map((m) => m.field));
  const mark = (field: string, label: string) => (required.has(field) ? `${label} *` : label);

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const input = ticketInput(data, template, info.userId);
    const refusal = mandatoryRefusal(template, input);
    if (refusal || !input.content) {
      setError(refusal ?? t('Describe the request.'));
      return;
    }
    const files = data.getAll('files').filter((f): f is File => f instanceof File && f.name !== '');
    setBusy(true);
    setError('');
    try {
      // Files travel with the ticket (GLPI's multipart add): whoever opens a ticket attaches to it, no document right needed.
      setDone(files.length ? await api.createWithFiles('Ticket', input, files) : { id: await api.create('Ticket', input), files: [] });
      form.reset();
      setTitle('');
      setCategory(0);
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
        {categories.length > 0 && !hidden.has('itilcategories_id') && (
          <label class="field">
            <span>{mark('itilcategories_id', t('Category'))}</span>
            <select name="itilcategories_id" aria-required={required.has('itilcategories_id')} value={String(category || Number(template?.predefined.itilcategories_id ?? 0))} onChange={(e) => setCategory(Number(e.currentTarget.value))}>
              <option value="0">—</option>
              {categories.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
            </select>
          </label>
        )}
        {!hidden.has('urgency') && (
          <label class="field">
            <span>{mark('urgency', t('Urgency'))}</span>
            <select key={`urgency-${template?.id ?? 0}`} name="urgency" defaultValue={String(template?.predefined.urgency ?? DEFAULT_URGENCY)}>
              {(enumOf('Ticket', 'urgency') ?? []).map(([v, l]) => <option key={v} value={String(v)}>{l}</option>)}
            </select>
          </label>
        )}
        <label class="field">
          <span>{mark('name', t('Title'))}</span>
          <input name="name" required maxLength={255} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <Suggestions title={title} />
        <RichEditor id="new-ticket-content" name="content" label={mark('content', t('Description'))} value={predefined.content ?? ''} />
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
