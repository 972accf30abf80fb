import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Item } from '../../data/api';
import { Outcome } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { usePanel } from '../../data/panel';
import { useApi } from '../../data/use-api';

interface Preview {
  subject: string;
  text: string;
  html: string;
  unknown_tags: string[];
}

const TEXTS = ['subject', 'content_text', 'content_html'] as const;
type Texts = Record<(typeof TEXTS)[number], string>;
const textsOf = (row: Item): Texts => ({ subject: String(row.subject ?? ''), content_text: String(row.content_text ?? ''), content_html: String(row.content_html ?? '') });

/**
 * A template's translations: each edited (subject, text, HTML) and previewed, saved or not, on a
 * real ticket, problem or change chosen by id, with the tags its data lacks flagged.
 */
export function TemplateTranslations({ id, item, editable }: { id: number; item: Item; editable: boolean }) {
  const { message, error, reload, failed, write, refuse } = usePanel();
  const [rows, setRows] = useState<Item[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [texts, setTexts] = useState<Texts>({ subject: '', content_text: '', content_html: '' });
  const [itemId, setItemId] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const shown = useRef(false);

  useEffect(() => {
    api
      .subItems('NotificationTemplate', id, 'NotificationTemplateTranslation')
      .then((found) => {
        setRows(found);
        // The first load shows the first translation; a reload after a write keeps what is being edited.
        if (!shown.current && found[0]) {
          shown.current = true;
          setChosen(Number(found[0].id));
          setTexts(textsOf(found[0]));
        }
      })
      .catch(failed);
  }, [id, reload]);

  const choose = (row: Item) => {
    setChosen(Number(row.id));
    setTexts(textsOf(row));
    setPreview(null);
  };
  const language = String(rows?.find((r) => Number(r.id) === chosen)?.language ?? '');
  const save = () => chosen !== null && write(() => api.update('NotificationTemplateTranslation', chosen, texts), t('Translation saved.'));
  const show = async () => {
    if (!/^\d+$/.test(itemId.trim())) return refuse(t('Give the id of a {type} to preview with.', { type: t(String(item.itemtype ?? 'Ticket')) }));
    await write(async () => {
      const { data } = await api.request<Preview>('POST', 'previewNotification', { body: { notificationtemplates_id: id, items_id: Number(itemId), language, ...texts } });
      setPreview(data);
      return data;
    }, (answer) => (answer.unknown_tags.length ? t('Rendered; {count} unknown tags.', { count: answer.unknown_tags.length }) : t('Rendered.')));
  };

  if (!rows) return <p role="status">{t('Loading…')}</p>;
  return (
    <section class="panel" aria-label={t('Translations')}>
      {rows.length === 0 ? (
        <p>{t('This template has no translation.')}</p>
      ) : (
        <ul class="inline-list" aria-label={t('Languages')}>
          {rows.map((row) => (
            <li key={String(row.id)}>
              <button type="button" class={Number(row.id) === chosen ? '' : 'secondary'} aria-pressed={Number(row.id) === chosen} onClick={() => choose(row)}>
                {row.language ? String(row.language) : t('All languages')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen !== null && (
        <form
          class="item-form"
          aria-label={t('Translation')}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <fieldset disabled={!editable}>
            <label>
              {t('Subject')}
              <input value={texts.subject} onInput={(e) => setTexts((s) => ({ ...s, subject: e.currentTarget.value }))} />
            </label>
            <label>
              {t('Text')}
              <textarea rows={10} value={texts.content_text} onInput={(e) => setTexts((s) => ({ ...s, content_text: e.currentTarget.value }))} />
            </label>
            <label>
              {t('HTML')}
              <textarea rows={10} value={texts.content_html} onInput={(e) => setTexts((s) => ({ ...s, content_html: e.currentTarget.value }))} />
            </label>
            <p class="actions">
              <button type="submit">{t('Save')}</button>
            </p>
          </fieldset>
          <p class="actions">
            <label>
              {t('Preview with item id')}
              <input inputMode="numeric" value={itemId} onInput={(e) => setItemId(e.currentTarget.value)} />
            </label>
            <button type="button" class="secondary" onClick={() => void show()}>
              {t('Preview')}
            </button>
          </p>
        </form>
      )}
      <Outcome message={message} error={error} />
      {preview && (
        <div aria-label={t('Preview')} role="region">
          {preview.unknown_tags.length > 0 && (
            <div class="notice notice-error" role="alert">
              {t('Unknown tags (rendered empty):')}{' '}
              <span translate={false}>{preview.unknown_tags.map((tag) => `##${tag}##`).join(', ')}</span>
            </div>
          )}
          <dl class="facts" translate={false}>
            <dt>{t('Subject')}</dt>
            <dd data-preview="subject">{preview.subject}</dd>
          </dl>
          <pre data-preview="text">{preview.text}</pre>
          {/* The HTML part as a mail client shows it, isolated from the console. */}
          <iframe title={t('HTML part')} sandbox="" srcdoc={preview.html} class="mail-preview" />
        </div>
      )}
    </section>
  );
}

/** A queued mail: whether it left, its tries and last error, and "retry now". */
export function QueuedMail({ id, item, onChange }: { id: number; item: Item; onChange: () => Promise<void> }) {
  const { message, error, write } = usePanel(onChange);
  const sent = item.sent_time !== null && item.sent_time !== undefined;
  const givenUp = !sent && Number(item.is_deleted) === 1;
  const state = sent ? t('Sent on {date}', { date: String(item.sent_time) }) : givenUp ? t('Given up') : t('Waiting; next attempt {date}', { date: String(item.send_time ?? '') });
  const retry = () => write(() => api.request('POST', 'retryNotification', { body: { queuednotifications_id: id } }), t('Due now: the sender is trying it.'));
  return (
    <section class="panel" aria-label={t('Delivery')}>
      <dl class="facts">
        <dt>{t('State')}</dt>
        <dd>{state}</dd>
        <dt>{t('Failed attempts')}</dt>
        <dd>{String(item.sent_try ?? 0)}</dd>
        <dt>{t('Last error')}</dt>
        <dd translate={false}>{item.last_error ? String(item.last_error) : t('None')}</dd>
      </dl>
      {!sent && (
        <p class="actions">
          <button type="button" onClick={() => void retry()}>
            {t('Retry now')}
          </button>
        </p>
      )}
      <Outcome message={message} error={error} />
    </section>
  );
}

interface TestOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** A webhook's delivery log (newest first) and "send a test". */
export function WebhookDeliveries({ id, editable }: { id: number; editable: boolean }) {
  const { message, error: written, reload, write } = usePanel();
  const loaded = useApi(async () => {
    // Deliveries done or given up are GLPI's deleted rows: both kinds, newest first.
    const page = (deleted: boolean) => api.list('QueuedWebhook', { is_deleted: deleted, searchText: { webhooks_id: `^${id}$` }, range: '0-49', sort: 'id', order: 'DESC' });
    const [waiting, done] = await Promise.all([page(false), page(true)]);
    return [...waiting.items, ...done.items].sort((a, b) => Number(b.id) - Number(a.id));
  }, [id, reload]);
  const rows = loaded.data;
  const error = written || loaded.error;
  const test = () =>
    write(
      async () => (await api.request<TestOutcome>('POST', 'testWebhook', { body: { webhooks_id: id } })).data,
      (answer) => (answer.ok ? t('Test delivered: HTTP {status}.', { status: answer.status ?? '' }) : t('Test failed: {reason}', { reason: answer.error ?? `HTTP ${answer.status ?? ''}` })),
    );
  return (
    <section class="panel" aria-label={t('Deliveries')}>
      {editable && (
        <p class="actions">
          <button type="button" onClick={() => void test()}>
            {t('Send a test')}
          </button>
        </p>
      )}
      <Outcome message={message} error={error} />
      {!rows ? (
        <p role="status">{t('Loading…')}</p>
      ) : rows.length === 0 ? (
        <p>{t('No delivery yet.')}</p>
      ) : (
        <table aria-label={t('Delivery log')}>
          <thead>
            <tr>
              <th>{t('Event')}</th>
              <th>{t('State')}</th>
              <th>{t('HTTP status')}</th>
              <th>{t('Duration (ms)')}</th>
              <th>{t('Answer or error')}</th>
              <th>{t('Date')}</th>
            </tr>
          </thead>
          <tbody translate={false}>
            {rows.map((row) => (
              <tr key={String(row.id)}>
                <td>{String(row.event ?? '')}</td>
                <td>{String(row.status ?? '')}</td>
                <td>{row.last_status_code === null ? '' : String(row.last_status_code)}</td>
                <td>{row.last_duration_ms === null ? '' : String(row.last_duration_ms)}</td>
                <td>{String(row.last_error ?? row.last_response ?? '')}</td>
                <td>{String(row.sent_time ?? row.send_time ?? '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const MYSELF_CHOICES: [string, string][] = [
  ['', 'As the global setting'],
  ['1', 'Yes'],
  ['0', 'No'],
];

/** A user's notification preferences: mail about their own changes (GLPI's notification_to_myself; empty follows the global setting). */
export function NotificationPreferences({ id, item, editable, onChange }: { id: number; item: Item; editable: boolean; onChange: () => Promise<void> }) {
  const { message, error, write } = usePanel(onChange);
  const current = item.notification_to_myself === null || item.notification_to_myself === undefined ? '' : String(item.notification_to_myself);
  const choose = (value: string) => write(() => api.update('User', id, { notification_to_myself: value === '' ? null : Number(value) }), t('Preferences saved.'));
  return (
    <section class="panel" aria-label={t('Notifications')}>
      <label>
        {t('Mail me about my own changes')}
        <select value={current} disabled={!editable} onChange={(e) => void choose(e.currentTarget.value)}>
          {MYSELF_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </label>
      <Outcome message={message} error={error} />
    </section>
  );
}

/** GLPI's target kinds (NotificationTarget.type) and the users they name (items_id of kind 1). */
const TARGET_KINDS: [number, string][] = [
  [1, 'Person or role'],
  [2, 'Profile'],
  [3, 'Group'],
  [5, 'Group supervisor'],
  [6, 'Group without supervisor'],
];
const ROLES: [number, string][] = [
  [1, 'Administrator'],
  [11, 'Entity administrator'],
  [3, 'Requester'],
  [7, 'Writer'],
  [13, 'Requester group'],
  [12, 'Requester group supervisor'],
  [25, 'Requester group without supervisor'],
  [21, 'Observer'],
  [20, 'Observer group'],
  [22, 'Observer group supervisor'],
  [26, 'Observer group without supervisor'],
  [2, 'Assigned technician'],
  [9, 'Assigned group'],
  [10, 'Assigned group supervisor'],
  [24, 'Assigned group without supervisor'],
  [8, 'Assigned supplier'],
  [4, 'Former technician in charge'],
  [14, 'Approver'],
  [15, 'Approval requester'],
  [16, 'Technician of the task'],
  [37, 'Group in charge of the task'],
  [17, 'Author of the task'],
  [18, 'Author of the followup'],
  [39, 'Mentioned user'],
  [5, 'Technician in charge of the item'],
  [23, 'Group in charge of the item'],
  [6, 'User of the item'],
  [19, 'The user concerned'],
];
const labelOf = (list: [number, string][], value: number) => list.find(([v]) => v === value)?.[1];

/** Who a notification goes to: its targets (GLPI's kinds, roles, profiles and groups by id), added and removed. */
export function NotificationTargets({ id, editable }: { id: number; editable: boolean }) {
  const { message, error: written, reload, write, refuse } = usePanel();
  const loaded = useApi(() => api.subItems('Notification', id, 'NotificationTarget', { range: '0-199' }), [id, reload]);
  const rows = loaded.data;
  const error = written || loaded.error;
  const [kind, setKind] = useState(1);
  const [role, setRole] = useState(1);
  const [itemId, setItemId] = useState('');
  const describe = (row: Item) => {
    const type = Number(row.type);
    const value = Number(row.items_id);
    return type === 1 ? t(labelOf(ROLES, value) ?? 'Person or role') : `${t(labelOf(TARGET_KINDS, type) ?? 'Group')} #${value}`;
  };
  const add = () => {
    const value = kind === 1 ? role : Number(itemId);
    if (!(value > 0)) return refuse(t('Give the id of the profile or group.'));
    return write(() => api.create('NotificationTarget', { notifications_id: id, type: kind, items_id: value }), t('Target added.'));
  };
  if (!rows) return <p role="status">{t('Loading…')}</p>;
  return (
    <section class="panel" aria-label={t('Recipients')}>
      {rows.length === 0 ? (
        <p>{t('No recipient: this notification sends nothing.')}</p>
      ) : (
        <ul aria-label={t('Recipients')}>
          {rows.map((row) => (
            <li key={String(row.id)}>
              {describe(row)}{' '}
              {editable && (
                <button type="button" class="link" onClick={() => void write(() => api.remove('NotificationTarget', Number(row.id), true), t('Target removed.'))}>
                  {t('Remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <p class="actions">
          <label for="target-kind">{t('Kind')}</label>
          <select id="target-kind" value={kind} onChange={(e) => setKind(Number(e.currentTarget.value))}>
            {TARGET_KINDS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
          {kind === 1 ? (
            <>
              <label for="target-role">{t('Role')}</label>
              <select id="target-role" value={role} onChange={(e) => setRole(Number(e.currentTarget.value))}>
                {ROLES.map(([value, label]) => (
                  <option key={`${value}-${label}`} value={value}>
                    {t(label)}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <label>
              {t('ID')}
              <input inputMode="numeric" value={itemId} onInput={(e) => setItemId(e.currentTarget.value)} />
            </label>
          )}
          <button type="button" onClick={() => void add()}>
            {t('Add recipient')}
          </button>
        </p>
      )}
      <Outcome message={message} error={error} />
    </section>
  );
}
