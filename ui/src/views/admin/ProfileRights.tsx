import { rightBits, rightName as englishRightName } from '@server/registry/rights';
import { useMemo, useState } from 'preact/hooks';
import { api, errorText, type Item } from '../../data/api';
import { useApi, useDraft } from '../../data/use-api';
import { Outcome } from '../../components/Notice';
import { t } from '../../lib/i18n';

/** A right's name as GLPI's profile screens show it, in the user's language. */
const rightName = (right: string) => t(englishRightName(right));

const STANDARD = ['Read', 'Update', 'Create', 'Delete', 'Purge'];

/**
 * A profile's rights as a grid: one row per right, one checkbox per bit the server knows (the
 * same table its checks read). Rights with bits of their own list them, labelled, in the last column.
 */
export function ProfileRights({ profileId, editable }: { profileId: number; editable: boolean }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [filter, setFilter] = useState('');
  const [reload, setReload] = useState(0);

  const loaded = useApi(
    () =>
      api
        .subItems('Profile', profileId, 'ProfileRight', { range: '0-999' })
        .then((list) => [...list].sort((a, b) => rightName(String(a.name)).localeCompare(rightName(String(b.name))))),
    [profileId, reload],
  );
  const rows = loaded.data;
  // The grid edits a copy of the rights, taken again at every load.
  const [values, setValues] = useDraft(rows, (loaded): Record<number, number> => Object.fromEntries((loaded ?? []).map((r) => [r.id, Number(r.rights)])));

  const changed = useMemo(() => (rows ?? []).filter((r) => values[r.id] !== Number(r.rights)), [rows, values]);
  const toggle = (id: number, bit: number, on: boolean) => setValues((v) => ({ ...v, [id]: on ? (v[id] ?? 0) | bit : (v[id] ?? 0) & ~bit }));
  const save = async (e: Event) => {
    e.preventDefault();
    setError('');
    setMessage('');
    try {
      await api.request('PUT', 'ProfileRight/', { body: { input: changed.map((r) => ({ id: r.id, rights: values[r.id] })) } });
      setReload((n) => n + 1);
      setMessage(changed.length === 1 ? t('1 right saved.') : t('{count} rights saved.', { count: changed.length }));
    } catch (err) {
      setError(errorText(err));
    }
  };

  const wanted = filter.trim().toLowerCase();
  const shown = (rows ?? []).filter((r) => String(r.name).includes(wanted) || rightName(String(r.name)).toLowerCase().includes(wanted));
  return (
    <form class="actors" aria-label={t('Rights')} onSubmit={save}>
      <Outcome message={message} error={error || loaded.error} />
      <div class="field">
        <label for="rights-filter">{t('Find a right')}</label>
        <input id="rights-filter" type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
      </div>
      {!rows && !error && !loaded.error && <p role="status">{t('Loading…')}</p>}
      <div class="table-wrap">
        <table class="list rights-grid">
          <caption class="sr-only">{t('Rights of the profile')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Right')}</th>
              {STANDARD.map((s) => (
                <th key={s} scope="col">
                  {t(s)}
                </th>
              ))}
              <th scope="col">{t('Other')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const name = rightName(String(r.name));
              const bits = rightBits(String(r.name));
              const standard = bits.every(([, label]) => STANDARD.includes(label));
              const box = (bit: number, label: string) => (
                <input
                  type="checkbox"
                  aria-label={t('{right}: {bit}', { right: name, bit: t(label) })}
                  checked={((values[r.id] ?? 0) & bit) !== 0}
                  disabled={!editable}
                  onChange={(e) => toggle(r.id, bit, e.currentTarget.checked)}
                />
              );
              return (
                <tr key={r.id} class={values[r.id] !== Number(r.rights) ? 'changed' : undefined}>
                  <th scope="row">{name}</th>
                  {STANDARD.map((s) => {
                    const bit = standard ? bits.find(([, l]) => l === s) : undefined;
                    return <td key={s}>{bit && box(bit[0], s)}</td>;
                  })}
                  <td>
                    {!standard &&
                      bits.map(([bit, label]) => (
                        <label key={bit} class="bit">
                          {box(bit, label)} {t(label)}
                        </label>
                      ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editable && (
        <div class="form-actions">
          <span class="muted">{changed.length ? t('{count} changed', { count: changed.length }) : t('No change')}</span>
          <button type="submit" disabled={!changed.length}>
            {t('Save rights')}
          </button>
        </div>
      )}
    </form>
  );
}
