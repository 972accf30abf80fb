import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { SyncReportView as SyncReport } from '@server/registry/shapes/directory-sync';
import { api } from '../../data/api';
import { Outcome } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { usePanel } from '../../data/panel';
import { useApi } from '../../data/use-api';

interface ConnectionTest {
  connected: boolean;
  basedn_found: boolean;
  accounts: number | null;
  sample: { login: string; dn: string; fields: Record<string, unknown> }[];
  error: string | null;
}

const yesNo = (value: boolean) => (value ? t('Yes') : t('No'));

/** The mapped fields of a sample account, those the directory fills. */
const fieldsText = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .filter(([, value]) => value !== null)
    .map(([column, value]) => `${column}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join(' · ');

const STATUS: Record<SyncReport['status'], string> = { running: 'Running', done: 'Done', failed: 'Failed' };

/** A directory's "test connection" and its last synchronisation's report. */
export function DirectoryConnection({ id }: { id: number }) {
  const { message, error, write } = usePanel();
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<ConnectionTest | null>(null);
  const test = async () => {
    setBusy(true);
    await write(
      async () => {
        const answer = await api.directoryPost<ConnectionTest>(id, 'test');
        setFound(answer);
        if (answer.error !== null) throw new Error(answer.error);
        return answer;
      },
      (answer) => t('Connected: {count} accounts found', { count: answer.accounts ?? 0 }),
    );
    setBusy(false);
  };
  return (
    <>
      <section class="panel" aria-label={t('Connection')}>
        <p class="actions">
          <button type="button" disabled={busy} onClick={test}>
            {t('Test connection')}
          </button>
        </p>
        <Outcome message={message} error={error} />
        {found && (
          <dl class="facts" aria-label={t('Connection test')}>
            <dt>{t('Connected')}</dt>
            <dd>{yesNo(found.connected)}</dd>
            <dt>{t('Base DN found')}</dt>
            <dd>{yesNo(found.basedn_found)}</dd>
            <dt>{t('Accounts found')}</dt>
            <dd>{found.accounts === null ? '—' : String(found.accounts)}</dd>
          </dl>
        )}
        {found && found.sample.length > 0 && (
          <table class="list" aria-label={t('Sample of mapped fields')}>
            <thead>
              <tr>
                <th>{t('Login')}</th>
                <th>{t('DN')}</th>
                <th>{t('Mapped fields')}</th>
              </tr>
            </thead>
            <tbody translate={false}>
              {found.sample.map((account) => (
                <tr key={account.dn}>
                  <td>{account.login}</td>
                  <td>{account.dn}</td>
                  <td>{fieldsText(account.fields)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <LastSync id={id} />
    </>
  );
}

/** The last synchronisation (the ldapsync automatic action, the command or one asked for here), its progress while it runs. */
function LastSync({ id }: { id: number }) {
  const { message, error: written, reload, write } = usePanel();
  // Wrapped: null is an answer (never synchronised), not a load under way.
  const loaded = useApi(async () => ({ report: await api.directoryGet<SyncReport | null>(id, 'sync') }), [id, reload]);
  const report = loaded.data?.report;
  const error = written || loaded.error;
  return (
    <section class="panel" aria-label={t('Last synchronisation')}>
      <h2>{t('Last synchronisation')}</h2>
      {report === null && <p>{t('Never synchronised')}</p>}
      {report && (
        <dl class="facts">
          <dt>{t('Status')}</dt>
          <dd>{t(STATUS[report.status])}</dd>
          <dt>{t('Started by')}</dt>
          <dd translate={false}>{report.started_by}</dd>
          <dt>{t('Started')}</dt>
          <dd>{report.date_creation}</dd>
          <dt>{t('Finished')}</dt>
          <dd>{report.date_done ?? '—'}</dd>
          <dt>{t('Progress')}</dt>
          <dd>{t('{done} of {accounts} accounts', { done: report.done, accounts: report.accounts })}</dd>
          <dt>{t('Users')}</dt>
          <dd>{t('{updated} updated, {restored} back, {gone} gone, {groups} with other groups', { updated: report.updated, restored: report.restored, gone: report.gone, groups: report.groups })}</dd>
          <dt>{t('Error')}</dt>
          <dd translate={false}>{report.error ?? t('None')}</dd>
        </dl>
      )}
      <p class="actions">
        <button type="button" disabled={report?.status === 'running'} onClick={() => void write(() => api.directoryPost(id, 'sync'), t('Synchronisation started.'))}>
          {t('Synchronise now')}
        </button>
        <button type="button" onClick={() => void write(async () => undefined, '')}>
          {t('Refresh')}
        </button>
      </p>
      <Outcome message={message} error={error} />
    </section>
  );
}

const PAGE = 20;

interface Entry {
  /** What the import names it by: the login of an account, the DN of a group. */
  key: string;
  label: string;
  dn: string;
}

interface ImportOutcome {
  imported: unknown[];
  existing: string[];
  not_found: string[];
}

/**
 * A list of directory entries not yet imported, narrowed by a name fragment and an LDAP filter,
 * paged; the checked ones are imported together.
 */
function ImportList(props: {
  title: string;
  list: (query: { name: string; filter: string; start: number }) => Promise<{ total: number; entries: Entry[] }>;
  importKeys: (keys: string[]) => Promise<ImportOutcome>;
  extra?: ComponentChildren;
}) {
  const { message, error, reload, failed, write } = usePanel();
  const [name, setName] = useState('');
  const [filter, setFilter] = useState('');
  const [query, setQuery] = useState({ name: '', filter: '', start: 0 });
  const [page, setPage] = useState<{ total: number; entries: Entry[] } | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  useEffect(() => {
    setChecked(new Set());
    props.list(query).then(setPage, (e) => {
      setPage(null);
      failed(e);
    });
  }, [query, reload]);
  const toggle = (key: string) =>
    setChecked((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const allChecked = page !== null && page.entries.length > 0 && page.entries.every((e) => checked.has(e.key));
  const importChecked = () =>
    write(
      () => props.importKeys([...checked]),
      (outcome) => t('{imported} imported, {existing} already there, {missing} not found', { imported: outcome.imported.length, existing: outcome.existing.length, missing: outcome.not_found.length }),
    );
  return (
    <section class="panel" aria-label={props.title}>
      <h2>{props.title}</h2>
      <form
        class="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ name, filter, start: 0 });
        }}
      >
        <label>
          {t('Name contains')} <input value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          {t('LDAP filter')} <input value={filter} placeholder="(department=Sales)" onInput={(e) => setFilter(e.currentTarget.value)} />
        </label>
        <button type="submit">{t('Search')}</button>
      </form>
      {page && (
        <>
          <p role="status">{t('{count} not imported yet', { count: page.total })}</p>
          <table class="list">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label={t('Select all')}
                    checked={allChecked}
                    onChange={() => setChecked(allChecked ? new Set() : new Set(page.entries.map((e) => e.key)))}
                  />
                </th>
                <th>{t('Name')}</th>
                <th>{t('DN')}</th>
              </tr>
            </thead>
            <tbody translate={false}>
              {page.entries.map((entry) => (
                <tr key={entry.key}>
                  <td>
                    <input type="checkbox" aria-label={entry.label} checked={checked.has(entry.key)} onChange={() => toggle(entry.key)} />
                  </td>
                  <td>{entry.label}</td>
                  <td>{entry.dn}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="actions">
            <button type="button" disabled={query.start === 0} onClick={() => setQuery((q) => ({ ...q, start: Math.max(0, q.start - PAGE) }))}>
              {t('Previous')}
            </button>
            <button type="button" disabled={query.start + PAGE >= page.total} onClick={() => setQuery((q) => ({ ...q, start: q.start + PAGE }))}>
              {t('Next')}
            </button>
          </p>
        </>
      )}
      {props.extra}
      <p class="actions">
        <button type="button" disabled={checked.size === 0} onClick={() => void importChecked()}>
          {t('Import the selected ({count})', { count: checked.size })}
        </button>
      </p>
      <Outcome message={message} error={error} />
    </section>
  );
}

/** GLPI's import of a directory's users and groups not yet in Deskbase. */
export function DirectoryImport({ id }: { id: number }) {
  const [entity, setEntity] = useState('0');
  const query = (q: { name: string; filter: string; start: number }) => ({ ...q, limit: PAGE });
  return (
    <>
      <ImportList
        title={t('Users to import')}
        list={async (q) => {
          const page = await api.directoryGet<{ total: number; accounts: { login: string; dn: string }[] }>(id, 'users', query(q));
          return { total: page.total, entries: page.accounts.map((a) => ({ key: a.login, label: a.login, dn: a.dn })) };
        }}
        importKeys={(logins) => api.directoryPost<ImportOutcome>(id, 'import', { logins })}
      />
      <ImportList
        title={t('Groups to import')}
        list={async (q) => {
          const page = await api.directoryGet<{ total: number; groups: { name: string; dn: string }[] }>(id, 'groups', query(q));
          return { total: page.total, entries: page.groups.map((g) => ({ key: g.dn, label: g.name, dn: g.dn })) };
        }}
        importKeys={(dns) => api.directoryPost<ImportOutcome>(id, 'importgroups', { dns, entities_id: Number(entity) })}
        extra={
          <p>
            <label>
              {t('Entity ID of the new groups')} <input type="number" min="0" value={entity} onInput={(e) => setEntity(e.currentTarget.value)} />
            </label>
          </p>
        }
      />
    </>
  );
}
