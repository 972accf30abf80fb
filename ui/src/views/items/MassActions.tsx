import { useMemo, useState } from 'preact/hooks';
import { api, errorText, type SearchOption } from '../../data/api';
import { FieldInput } from '../../components/FieldInput';
import { Picker } from '../../components/Picker';
import { refusedIds, refusedInputs } from '../../lib/bulk';
import { formLayout } from '../../data/fields';
import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';

/** Rows per bulk request: large selections go in several calls, with a progress bar. */
const CHUNK = 100;

type Action = 'update' | 'trash' | 'restore' | 'purge' | 'group' | 'ticket';

interface Failure {
  id: number;
  message: string;
}

/** The group fields of a type (GLPI 10 links an asset to its user group and its technical group by these). */
const GROUP_FIELDS = [
  ['groups_id', 'Group'],
  ['groups_id_tech', 'Group in charge'],
] as const;

/** Bulk changes on the selected rows: one API call per chunk, failures of a 207 listed row by row. */
export function MassActions({ itemtype, ids, trash, options, onDone }: { itemtype: string; ids: number[]; trash: boolean; options: Record<string, SearchOption>; onDone: () => void }) {
  const def = typeDef(itemtype);
  const fields = useMemo(() => formLayout(itemtype, options, null).main.filter((f) => f.key !== 'name' && f.kind !== 'password'), [itemtype, options]);
  const groupFields = GROUP_FIELDS.filter(([key]) => def.type?.column.has(key));
  const linksTickets = typeDef('Item_Ticket').type?.polyTargets.includes(itemtype) ?? false;
  const [action, setAction] = useState<Action>(trash ? 'restore' : 'update');
  const [fieldKey, setFieldKey] = useState('');
  const [value, setValue] = useState<unknown>('');
  const [groupField, setGroupField] = useState<string>(groupFields[0]?.[0] ?? '');
  const [target, setTarget] = useState({ id: 0, name: '' });
  const [done, setDone] = useState<number | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [summary, setSummary] = useState('');
  const field = fields.find((f) => f.key === (fieldKey || fields[0]?.key));

  /** One bulk call for a chunk of ids; what it refused. */
  const apply = async (chunk: number[]): Promise<Failure[]> => {
    switch (action) {
      case 'update':
      case 'restore':
      case 'group': {
        const change = action === 'restore' ? { is_deleted: 0 } : action === 'group' ? { [groupField]: target.id } : { [field!.key]: value };
        const { data } = await api.request('PUT', `${itemtype}/`, { body: { input: chunk.map((id) => ({ id, ...change })) } });
        return refusedIds(chunk, data);
      }
      case 'ticket': {
        const { data } = await api.request('POST', 'Item_Ticket/', { body: { input: chunk.map((id) => ({ tickets_id: target.id, itemtype, items_id: id })) } });
        return refusedInputs(chunk.length, data).map(({ index, message }) => ({ id: chunk[index]!, message }));
      }
      default: {
        const { data } = await api.request('DELETE', `${itemtype}/`, { body: { input: chunk.map((id) => ({ id })) }, query: action === 'purge' ? { force_purge: true } : {} });
        return refusedIds(chunk, data);
      }
    }
  };

  const run = async (e: Event) => {
    e.preventDefault();
    if ((action === 'group' || action === 'ticket') && !target.id) {
      setSummary(action === 'group' ? t('Choose a group first.') : t('Choose a ticket first.'));
      return;
    }
    if (action === 'purge' && !confirm(t('Delete {count} item(s) permanently? This cannot be undone.', { count: ids.length }))) return;
    setFailures([]);
    setSummary('');
    setDone(0);
    const failed: Failure[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      try {
        failed.push(...(await apply(chunk)));
      } catch (err) {
        failed.push(...chunk.map((id) => ({ id, message: errorText(err) })));
      }
      setDone(Math.min(i + CHUNK, ids.length));
    }
    setFailures(failed);
    const counts = { done: ids.length - failed.length, total: ids.length, refused: failed.length };
    setSummary(failed.length ? t('{done} of {total} done, {refused} refused.', counts) : t('{done} of {total} done.', counts));
    onDone();
  };

  const chooseAction = (next: Action) => {
    setAction(next);
    setTarget({ id: 0, name: '' });
  };

  return (
    <form class="mass-actions" aria-label={t('Mass actions')} onSubmit={run}>
      <strong>{t('{count} selected', { count: ids.length })}</strong>
      <select aria-label={t('Action')} value={action} onChange={(e) => chooseAction(e.currentTarget.value as Action)}>
        {!trash && <option value="update">{t('Update a field')}</option>}
        {!trash && groupFields.length > 0 && <option value="group">{t('Link to a group')}</option>}
        {!trash && linksTickets && <option value="ticket">{t('Link to a ticket')}</option>}
        {!trash && def.trash && <option value="trash">{t('Move to the trash')}</option>}
        {trash && <option value="restore">{t('Restore')}</option>}
        {(trash || !def.trash) && <option value="purge">{t('Delete permanently')}</option>}
      </select>
      {action === 'update' && (
        <>
          <select aria-label={t('Field to update')} value={field?.key ?? ''} onChange={(e) => { setFieldKey(e.currentTarget.value); setValue(''); }}>
            {fields.map((f) => (
              <option key={f.key} value={f.key}>
                {f.label}
              </option>
            ))}
          </select>
          {field && <FieldInput key={field.key} field={{ ...field, label: t('New value') }} value={value} onChange={setValue} idPrefix="mass" />}
        </>
      )}
      {action === 'group' && (
        <select aria-label={t('As')} value={groupField} onChange={(e) => setGroupField(e.currentTarget.value)}>
          {groupFields.map(([key, label]) => (
            <option key={key} value={key}>
              {t(label)}
            </option>
          ))}
        </select>
      )}
      {(action === 'group' || action === 'ticket') && (
        <Picker
          key={action}
          id="mass-target"
          label={action === 'group' ? t('Group') : t('Ticket')}
          itemtype={action === 'group' ? 'Group' : 'Ticket'}
          value={target.id}
          display={target.name}
          allowNone={false}
          onChange={(id, name) => setTarget({ id, name })}
        />
      )}
      <button type="submit" disabled={done !== null && done < ids.length}>
        {t('Apply')}
      </button>
      {done !== null && (
        <progress aria-label={t('Progress')} max={ids.length} value={done}>
          {done}/{ids.length}
        </progress>
      )}
      {summary && (
        <p role="status" class="mass-summary">
          {summary}
        </p>
      )}
      {failures.length > 0 && (
        <ul class="mass-failures" aria-label={t('Refused rows')}>
          {failures.map((f) => (
            <li key={f.id}>
              #{f.id}: {f.message}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
