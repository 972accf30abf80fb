import { useState } from 'preact/hooks';
import { api, errorText, type Item } from '../../data/api';
import { Outcome } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { usePanel } from '../../data/panel';
import { saveFile } from '../items/Documents';

interface RunReport {
  tickets: number;
  followups: number;
  refused: number;
  again: number;
  error: string | null;
}

/** A receiver's mailbox: its last run, "test connection" (its folders) and "collect now". */
export function Mailbox({ id, item, onChange }: { id: number; item: Item; onChange: () => Promise<void> }) {
  const { message, error, write } = usePanel(onChange);
  const [busy, setBusy] = useState(false);
  const [folders, setFolders] = useState<string[] | null>(null);
  const counts = (item.last_run_counts ?? { tickets: 0, followups: 0, refused: 0 }) as RunReport;
  const summary = (run: Pick<RunReport, 'tickets' | 'followups' | 'refused'>) => t('{tickets} tickets, {followups} followups, {refused} refused', { tickets: run.tickets, followups: run.followups, refused: run.refused });
  /** A run or a test that answers an error still changed the receiver (its error count): reloaded, then shown as a failure. */
  const act = async <T extends { error: string | null }>(action: () => Promise<T>, done: (answer: T) => string) => {
    setBusy(true);
    await write(async () => {
      const answer = await action();
      if (answer.error === null) return answer;
      await onChange();
      throw new Error(answer.error);
    }, done);
    setBusy(false);
  };
  const test = () =>
    act(
      async () => {
        const answer = await api.mailAction<{ folders: string[]; error: string | null }>('MailCollector', id, 'test');
        setFolders(answer.folders);
        return answer;
      },
      (answer) => t('Connected: {count} folders', { count: answer.folders.length }),
    );
  const collect = () => act(() => api.mailAction<RunReport>('MailCollector', id, 'collect'), summary);
  return (
    <section class="panel" aria-label={t('Mailbox')}>
      <dl class="facts">
        <dt>{t('Last run')}</dt>
        <dd>{item.last_run ? String(item.last_run) : t('Never')}</dd>
        <dt>{t('Last run counts')}</dt>
        <dd>{summary(counts)}</dd>
        <dt>{t('Errors')}</dt>
        <dd>{String(item.errors ?? 0)}</dd>
        <dt>{t('Last error')}</dt>
        <dd translate={false}>{item.last_error ? `${String(item.last_error)} (${String(item.last_error_date ?? '')})` : t('None')}</dd>
      </dl>
      <p class="actions">
        <button type="button" disabled={busy} onClick={test}>
          {t('Test connection')}
        </button>
        <button type="button" disabled={busy} onClick={collect}>
          {t('Collect now')}
        </button>
      </p>
      <Outcome message={message} error={error} />
      {folders && folders.length > 0 && (
        <ul aria-label={t('Folders')} translate={false}>
          {folders.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A refused e-mail: why, its raw message, and "import anyway" into an entity. */
export function RefusedMail({ id, item, onImported }: { id: number; item: Item; onImported: (ticket: number) => void }) {
  const [entity, setEntity] = useState('0');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const download = async () => {
    setError('');
    try {
      saveFile(await api.refusedMailSource(id), `refused-email-${id}.eml`);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const importAnyway = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const created = await api.mailAction<{ id: number }>('NotImportedEmail', id, 'import', { entities_id: Number(entity) });
      onImported(created.id);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel" aria-label={t('Refused email')}>
      <dl class="facts">
        <dt>{t('Reason')}</dt>
        <dd translate={false}>{item.reason_text ? String(item.reason_text) : String(item.reason)}</dd>
      </dl>
      <p class="actions">
        <button type="button" onClick={download}>
          {t('Download the message')}
        </button>
      </p>
      <form class="item-form" onSubmit={importAnyway} aria-label={t('Import anyway')}>
        <div class="field">
          <label for="import-entity">{t('Entity ID of the new ticket')}</label>
          <input id="import-entity" type="number" min="0" value={entity} onInput={(e) => setEntity(e.currentTarget.value)} />
        </div>
        <button type="submit" disabled={busy}>
          {t('Import anyway')}
        </button>
      </form>
      <Outcome message="" error={error} />
    </section>
  );
}
