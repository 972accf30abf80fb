import Papa from 'papaparse';
import { useMemo, useState } from 'preact/hooks';
import { api, errorText } from '../../data/api';
import { Notice } from '../../components/Notice';
import { useApi } from '../../data/use-api';
import { refusedInputs } from '../../lib/bulk';
import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';
import { href } from '../../lib/router';
import { type FieldDef, formLayout } from '../../data/fields';
import { norm, prepareRows, type Prepared } from './import-rows';

const CHUNK = 100;

/** A row the server refused (or that was not ready): its CSV line and why. */
interface Refused {
  line: number;
  message: string;
}

/** Creates the ready rows chunk by chunk (`onProgress` after each); how many were created, which were refused. */
async function createRows(itemtype: string, good: Prepared[], onProgress: (done: number) => void): Promise<{ created: number; refused: Refused[] }> {
  let created = 0;
  const refused: Refused[] = [];
  for (let i = 0; i < good.length; i += CHUNK) {
    const chunk = good.slice(i, i + CHUNK);
    try {
      const { data } = await api.request<unknown>('POST', `${itemtype}/`, { body: { input: chunk.map((p) => p.input) } });
      const answer = refusedInputs(chunk.length, data);
      created += chunk.length - answer.length;
      refused.push(...answer.map(({ index, message }) => ({ line: chunk[index]!.line, message })));
    } catch (e) {
      refused.push(...chunk.map((p) => ({ line: p.line, message: errorText(e) })));
    }
    onProgress(Math.min(i + CHUNK, good.length));
  }
  return { created, refused };
}

/** CSV import into any itemtype: column mapping, dropdown names resolved, a dry run with per-row errors, bulk creation with progress. */
export function Import({ itemtype }: { itemtype: string }) {
  const def = typeDef(itemtype);
  const [headers, setHeaders] = useState<string[]>([]);
  const [rows, setRows] = useState<Record<string, string>[]>([]);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [createMissing, setCreateMissing] = useState(false);
  const [prepared, setPrepared] = useState<Prepared[] | null>(null);
  const [progress, setProgress] = useState<[number, number] | null>(null);
  const [failures, setFailures] = useState<Refused[]>([]);
  const [summary, setSummary] = useState('');
  const [error, setError] = useState('');

  const described = useApi(() => api.searchOptions(itemtype), [itemtype]);
  const options = described.data;
  const fields: FieldDef[] = useMemo(() => (options ? formLayout(itemtype, options, null).main : []), [itemtype, options]);

  const read = (file: File) => {
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: true,
      complete: (result) => {
        const names = result.meta.fields ?? [];
        setHeaders(names);
        setRows(result.data);
        setPrepared(null);
        setSummary('');
        setFailures([]);
        // A column maps to the field it names (by label or by key).
        setMapping(Object.fromEntries(names.map((h) => [h, fields.find((f) => norm(f.label) === norm(h) || f.key === norm(h))?.key ?? ''])));
        setError(result.errors.length ? t('Line {line}: {message}', { line: (result.errors[0]!.row ?? 0) + 2, message: result.errors[0]!.message }) : '');
      },
    });
  };

  const prepare = (create: boolean) => prepareRows(rows, mapping, fields, def.type?.required ?? [], createMissing, create);
  const dryRun = async () => {
    setError('');
    setPrepared(await prepare(false));
  };
  const run = async () => {
    setError('');
    setFailures([]);
    const ready = await prepare(createMissing);
    setPrepared(ready);
    const good = ready.filter((p) => !p.errors.length);
    setProgress([0, good.length]);
    const { created, refused } = await createRows(itemtype, good, (done) => setProgress([done, good.length]));
    const failed = [...ready.filter((p) => p.errors.length).map((p) => ({ line: p.line, message: p.errors.join('; ') })), ...refused];
    setFailures(failed.sort((a, b) => a.line - b.line));
    const counts = { created, total: rows.length, refused: failed.length };
    setSummary(failed.length ? t('{created} of {total} rows imported, {refused} refused.', counts) : t('{created} of {total} rows imported.', counts));
  };

  return (
    <div class="page">
      <p class="crumbs">
        <a href={href([itemtype])}>{def.plural}</a>
      </p>
      <h1>{t('Import {types} from CSV', { types: def.plural.toLowerCase() })}</h1>
      {(error || described.error) && <Notice kind="error">{error || described.error}</Notice>}
      {/* A file read before the fields are known could map none of its columns. */}
      {!options && !described.error && <p role="status">{t('Loading…')}</p>}
      {options && (
        <div class="item-form">
          <div class="field">
            <label for="import-file">{t('CSV file (first line: column names)')}</label>
            <input id="import-file" type="file" accept=".csv,text/csv" onChange={(e) => e.currentTarget.files?.[0] && read(e.currentTarget.files[0])} />
          </div>
          {headers.length > 0 && (
            <>
              <ImportColumns headers={headers} fields={fields} mapping={mapping} onMap={(h, key) => setMapping((m) => ({ ...m, [h]: key }))} />
              <div class="form-actions">
                <div class="field field-check">
                  <input id="import-create" type="checkbox" checked={createMissing} onChange={(e) => setCreateMissing(e.currentTarget.checked)} />
                  <label for="import-create">{t('Create missing dropdown values')}</label>
                </div>
                <button type="button" class="secondary" onClick={() => void dryRun()}>
                  {t('Dry run')}
                </button>
                <button type="button" onClick={() => void run()}>
                  {t('Import {count} rows', { count: rows.length })}
                </button>
              </div>
            </>
          )}
          {prepared && !summary && <DryRunReport prepared={prepared} />}
          {progress && <progress aria-label={t('Import progress')} max={progress[1] || 1} value={progress[0]} />}
          {summary && <p role="status">{summary}</p>}
          {failures.length > 0 && (
            <ul class="mass-failures" aria-label={t('Refused rows')}>
              {failures.map((f) => (
                <li key={f.line}>
                  {t('Line {line}: {message}', { line: f.line, message: f.message })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** What a dry run found: how many rows are ready, the dropdown values it would create, each row's errors. */
function DryRunReport({ prepared }: { prepared: Prepared[] }) {
  const bad = prepared.filter((p) => p.errors.length);
  const toCreate = new Set(prepared.flatMap((p) => p.creates)).size;
  return (
    <>
      <p role="status">
        {bad.length
          ? t('Dry run: {ready} of {total} rows ready, {bad} with errors.', { ready: prepared.length - bad.length, total: prepared.length, bad: bad.length })
          : t('Dry run: {ready} of {total} rows ready.', { ready: prepared.length, total: prepared.length })}
        {toCreate > 0 && ` ${t('{count} missing dropdown values will be created.', { count: toCreate })}`}
      </p>
      {bad.length > 0 && (
        <ul class="mass-failures" aria-label={t('Rows with errors')}>
          {bad.map((p) => (
            <li key={p.line}>
              {t('Line {line}: {message}', { line: p.line, message: p.errors.join('; ') })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Which field each CSV column fills (or none). */
function ImportColumns({ headers, fields, mapping, onMap }: { headers: string[]; fields: FieldDef[]; mapping: Record<string, string>; onMap: (header: string, key: string) => void }) {
  return (
    <>
      <h2>{t('Columns')}</h2>
      <div class="form-grid">
        {headers.map((h) => (
          <div class="field" key={h}>
            <label for={`map-${h}`}>{h}</label>
            <select id={`map-${h}`} value={mapping[h] ?? ''} onChange={(e) => onMap(h, e.currentTarget.value)}>
              <option value="">{t('— ignore —')}</option>
              {fields.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </>
  );
}
