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

/** What one bulk call does to each id of a chunk: change fields, link to a ticket, or delete. */
type Bulk = { kind: 'change'; change: Record<string, unknown> } | { kind: 'ticket'; ticket: number } | { kind: 'delete'; purge: boolean };

/** One bulk call for a chunk of ids; what it refused. */
async function applyChunk(itemtype: string, bulk: Bulk, chunk: number[]): Promise<Failure[]> {
  switch (bulk.kind) {
    case 'change': {
      const { data } = await api.request('PUT', `${itemtype}/`, { body: { input: chunk.map((id) => ({ id, ...bulk.change })) } });
      return refusedIds(chunk, data);
    }
    case 'ticket': {
      const { data } = await api.request('POST', 'Item_Ticket/', { body: { input: chunk.map((id) => ({ tickets_id: bulk.ticket, itemtype, items_id: id })) } });
      return refusedInputs(chunk.length, data).map(({ index, message }) => ({ id: chunk[index]!, message }));
    }
    case 'delete': {
      const { data } = await api.request('DELETE', `${itemtype}/`, { body: { input: chunk.map((id) => ({ id })) }, query: bulk.purge ? { force_purge: true } : {} });
      return refusedIds(chunk, data);
    }
  }
}

/** A bulk run chunk by chunk: how many rows are done, which were refused, and the summary line. */
function useBulkRun(onDone: () => void) {
  const [done, setDone] = useState<number | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [summary, setSummary] = useState('');
  const start = async (ids: number[], apply: (chunk: number[]) => Promise<Failure[]>) => {
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
  return { done, failures, summary, refuse: setSummary, start };
}

/** Bulk changes on the selected rows: one API call per chunk, failures of a 207 listed row by row. */
export function MassActions({ itemtype, ids, trash, options, onDone }: { itemtype: string; ids: number[]; trash: boolean; options: Record<string, SearchOption>; onDone: () => void }) {
  const def = typeDef(itemtype);
  const fields = useMemo(() => formLayout(itemtype, options, null).main.filter((f) => f.key !== 'name' && f.kind !== 'password'), [itemtype, options]);
  const groupFields = GROUP_FIELDS.filter(([key]) => def.type?.column.has(key));
  const [action, setAction] = useState<Action>(trash ? 'restore' : 'update');
  const [fieldKey, setFieldKey] = useState('');
  const [value, setValue] = useState<unknown>('');
  const [groupField, setGroupField] = useState<string>(groupFields[0]?.[0] ?? '');
  const [target, setTarget] = useState({ id: 0, name: '' });
  const bulkRun = useBulkRun(onDone);
  const field = fields.find((f) => f.key === (fieldKey || fields[0]?.key));

  const bulk = (): Bulk => {
    if (action === 'restore') return { kind: 'change', change: { is_deleted: 0 } };
    if (action === 'group') return { kind: 'change', change: { [groupField]: target.id } };
    if (action === 'update') return { kind: 'change', change: { [field!.key]: value } };
    if (action === 'ticket') return { kind: 'ticket', ticket: target.id };
    return { kind: 'delete', purge: action === 'purge' };
  };
  const run = async (e: Event) => {
    e.preventDefault();
    if ((action === 'group' || action === 'ticket') && !target.id) {
      bulkRun.refuse(action === 'group' ? t('Choose a group first.') : t('Choose a ticket first.'));
      return;
    }
    if (action === 'purge' && !confirm(t('Delete {count} item(s) permanently? This cannot be undone.', { count: ids.length }))) return;
    const chosen = bulk();
    await bulkRun.start(ids, (chunk) => applyChunk(itemtype, chosen, chunk));
  };

  return (
    <form class="mass-actions" aria-label={t('Mass actions')} onSubmit={run}>
      <strong>{t('{count} selected', { count: ids.length })}</strong>
      <ActionChoice
        itemtype={itemtype}
        trash={trash}
        groups={groupFields.length > 0}
        action={action}
        onChange={(next) => {
          setAction(next);
          setTarget({ id: 0, name: '' });
        }}
      />
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
      <button type="submit" disabled={bulkRun.done !== null && bulkRun.done < ids.length}>
        {t('Apply')}
      </button>
      <BulkProgress total={ids.length} done={bulkRun.done} summary={bulkRun.summary} failures={bulkRun.failures} />
    </form>
  );
}

/** The actions a selection offers: those of the list, or of the trash. */
function ActionChoice({ itemtype, trash, groups, action, onChange }: { itemtype: string; trash: boolean; groups: boolean; action: Action; onChange: (action: Action) => void }) {
  const def = typeDef(itemtype);
  const linksTickets = typeDef('Item_Ticket').type?.polyTargets.includes(itemtype) ?? false;
  return (
    <select aria-label={t('Action')} value={action} onChange={(e) => onChange(e.currentTarget.value as Action)}>
      {!trash && <option value="update">{t('Update a field')}</option>}
      {!trash && groups && <option value="group">{t('Link to a group')}</option>}
      {!trash && linksTickets && <option value="ticket">{t('Link to a ticket')}</option>}
      {!trash && def.trash && <option value="trash">{t('Move to the trash')}</option>}
      {trash && <option value="restore">{t('Restore')}</option>}
      {(trash || !def.trash) && <option value="purge">{t('Delete permanently')}</option>}
    </select>
  );
}

/** A bulk run's progress bar, summary and refused rows. */
function BulkProgress({ total, done, summary, failures }: { total: number; done: number | null; summary: string; failures: Failure[] }) {
  return (
    <>
      {done !== null && (
        <progress aria-label={t('Progress')} max={total} value={done}>
          {done}/{total}
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
    </>
  );
}
