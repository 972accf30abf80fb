import { useMemo, useState } from 'preact/hooks';
import { api, errorText, type SearchOption } from '../api';
import { FieldInput } from '../components/FieldInput';
import { formLayout } from '../fields';
import { typeDef } from '../itemtypes';

/** Rows per bulk request: large selections go in several calls, with a progress bar. */
const CHUNK = 100;

type Action = 'update' | 'trash' | 'restore' | 'purge';

interface Failure {
  id: number;
  message: string;
}

/**
 * The refused elements of a bulk call: its results are `[{ "12": true }, { "13": false, "message": "…" }]`,
 * wrapped as `["ERROR_GLPI_PARTIAL_…", results]` when some were refused (207).
 */
function failuresOf(ids: number[], body: unknown): Failure[] {
  const data: unknown = Array.isArray(body) && typeof body[0] === 'string' ? body[1] : body;
  if (!Array.isArray(data)) return [];
  const results = data.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
  const failures: Failure[] = [];
  for (const id of ids) {
    const result = results.find((r) => String(id) in r);
    if (result && result[String(id)] === false) failures.push({ id, message: String(result.message ?? 'Refused') });
  }
  return failures;
}

/** Bulk changes on the selected rows: one API call per chunk, failures of a 207 listed row by row. */
export function MassActions({ itemtype, ids, trash, options, onDone }: { itemtype: string; ids: number[]; trash: boolean; options: Record<string, SearchOption>; onDone: () => void }) {
  const def = typeDef(itemtype);
  const fields = useMemo(() => formLayout(itemtype, options, null).main.filter((f) => f.key !== 'name' && f.kind !== 'password'), [itemtype, options]);
  const [action, setAction] = useState<Action>(trash ? 'restore' : 'update');
  const [fieldKey, setFieldKey] = useState('');
  const [value, setValue] = useState<unknown>('');
  const [done, setDone] = useState<number | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [summary, setSummary] = useState('');
  const field = fields.find((f) => f.key === (fieldKey || fields[0]?.key));

  const run = async (e: Event) => {
    e.preventDefault();
    if (action === 'purge' && !confirm(`Delete ${ids.length} item(s) permanently? This cannot be undone.`)) return;
    setFailures([]);
    setSummary('');
    setDone(0);
    const failed: Failure[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      try {
        const { data } =
          action === 'update' || action === 'restore'
            ? await api.request('PUT', `${itemtype}/`, { body: { input: chunk.map((id) => ({ id, ...(action === 'restore' ? { is_deleted: 0 } : { [field!.key]: value }) })) } })
            : await api.request('DELETE', `${itemtype}/`, { body: { input: chunk.map((id) => ({ id })) }, query: action === 'purge' ? { force_purge: true } : {} });
        failed.push(...failuresOf(chunk, data));
      } catch (err) {
        failed.push(...chunk.map((id) => ({ id, message: errorText(err) })));
      }
      setDone(Math.min(i + CHUNK, ids.length));
    }
    setFailures(failed);
    setSummary(`${ids.length - failed.length} of ${ids.length} done${failed.length ? `, ${failed.length} refused` : ''}.`);
    onDone();
  };

  return (
    <form class="mass-actions" aria-label="Mass actions" onSubmit={run}>
      <strong>{ids.length} selected</strong>
      <select aria-label="Action" value={action} onChange={(e) => setAction(e.currentTarget.value as Action)}>
        {!trash && <option value="update">Update a field</option>}
        {!trash && def.trash && <option value="trash">Move to the trash</option>}
        {trash && <option value="restore">Restore</option>}
        {(trash || !def.trash) && <option value="purge">Delete permanently</option>}
      </select>
      {action === 'update' && (
        <>
          <select aria-label="Field to update" value={field?.key ?? ''} onChange={(e) => { setFieldKey(e.currentTarget.value); setValue(''); }}>
            {fields.map((f) => (
              <option key={f.key} value={f.key}>
                {f.label}
              </option>
            ))}
          </select>
          {field && <FieldInput key={field.key} field={{ ...field, label: 'New value' }} value={value} onChange={setValue} idPrefix="mass" />}
        </>
      )}
      <button type="submit" disabled={done !== null && done < ids.length}>
        Apply
      </button>
      {done !== null && (
        <progress aria-label="Progress" max={ids.length} value={done}>
          {done}/{ids.length}
        </progress>
      )}
      {summary && (
        <p role="status" class="mass-summary">
          {summary}
        </p>
      )}
      {failures.length > 0 && (
        <ul class="mass-failures" aria-label="Refused rows">
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
