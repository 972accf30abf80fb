import { useLayoutEffect, useState } from 'preact/hooks';
import { api, type Item } from '../../data/api';
import { DECREASING, depreciation, LINEAR, netValue, endAfterMonths } from '../../lib/amortization';
import { Notice, Outcome } from '../../components/Notice';
import { Picker } from '../../components/Picker';
import { t } from '../../lib/i18n';
import { CREATE, UPDATE, can } from '../../lib/itemtypes';
import { usePanel } from '../../data/panel';
import { useSession } from '../../data/session';
import { DataTable, Pending } from './DataTable';
import { useApi } from '../../data/use-api';

const DATES: [string, string][] = [
  ['order_date', 'Order date'],
  ['buy_date', 'Date of purchase'],
  ['delivery_date', 'Delivery date'],
  ['use_date', 'Startup date'],
  ['warranty_date', 'Start date of warranty'],
  ['inventory_date', 'Date of last physical inventory'],
  ['decommission_date', 'Decommission date'],
];
const TEXTS: [string, string][] = [
  ['order_number', 'Order number'],
  ['bill', 'Invoice number'],
  ['delivery_number', 'Delivery form'],
  ['immo_number', 'Immobilization number'],
  ['warranty_info', 'Warranty information'],
];
const NUMBERS: [string, string][] = [
  ['value', 'Value'],
  ['warranty_value', 'Warranty extension value'],
  ['warranty_duration', 'Warranty duration (months)'],
  ['sink_time', 'Amortization duration (years)'],
  ['sink_coeff', 'Amortization coefficient'],
];
const TEXT_KEYS = new Set(TEXTS.map(([key]) => key));
const FIELDS = [...DATES, ...TEXTS, ...NUMBERS].map(([key]) => key);
/** Fields set with a select or a picker. */
const PICKED = ['sink_type', 'suppliers_id', 'budgets_id'];

type Values = Record<string, string>;

const valuesOf = (info: Item | null): Values =>
  Object.fromEntries([...FIELDS, ...PICKED].map((key) => [key, info?.[key] === null || info?.[key] === undefined ? '' : String(info[key]).slice(0, key.endsWith('_date') ? 10 : undefined)]));

const money = (n: number) => n.toFixed(2);

/**
 * Financial and administrative information (the item's Infocom): dates, warranty and its end,
 * value, supplier, order/invoice/delivery numbers, and the depreciation GLPI computes from them.
 * Saved as the Infocom row (added on first save), as rights allow.
 */
export function Financial({ itemtype, id }: { itemtype: string; id: number }) {
  const { info: session } = useSession();
  const { message, error: writeError, reload, write } = usePanel();
  const { data, error } = useApi(async () => {
    const item = await api.get(itemtype, id, { with_infocoms: true });
    const section = item._infocoms as Item | [] | { error: number };
    if ('error' in section) return { denied: true, info: null, supplier: '', budget: '' };
    const info = Array.isArray(section) ? null : section;
    const expanded = info ? await api.get('Infocom', info.id, { expand_dropdowns: true }).catch(() => null) : null;
    return { denied: false, info, supplier: String(expanded?.suppliers_id || ''), budget: String(expanded?.budgets_id || '') };
  }, [itemtype, id, reload]);
  const [values, setValues] = useState<Values>(valuesOf(null));
  useLayoutEffect(() => setValues(valuesOf(data?.info ?? null)), [data]);

  if (!data) return <Pending error={error} />;
  if (data.denied) return <Notice kind="info">{t('You may not read financial information.')}</Notice>;
  const editable = can(session.activeProfile, 'Infocom', data.info ? UPDATE : CREATE);
  const set = (key: string) => (e: Event) => {
    const value = (e.currentTarget as HTMLInputElement).value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  const num = (key: string) => Number(values[key] || 0);
  const schedule = depreciation({ type: num('sink_type'), value: num('value'), years: num('sink_time'), coeff: num('sink_coeff'), buyDate: values.buy_date || null, useDate: values.use_date || null });
  const end = endAfterMonths(values.warranty_date || null, num('warranty_duration'));

  const save = (e: Event) => {
    e.preventDefault();
    const input: Record<string, unknown> = {};
    for (const key of [...FIELDS, ...PICKED]) {
      const isDate = DATES.some(([date]) => date === key);
      input[key] = values[key] === '' ? (isDate ? null : TEXT_KEYS.has(key) ? '' : 0) : values[key];
    }
    void write(
      async () => {
        if (data.info) await api.update('Infocom', data.info.id, input);
        else await api.create('Infocom', { ...input, itemtype, items_id: id });
      },
      t('Financial information saved.'),
    );
  };

  return (
    <section aria-label={t('Financial and administrative information')} class="asset-section">
      <Outcome message={message} error={writeError} />
      <form class="item-form" onSubmit={save} aria-label={t('Financial and administrative information')}>
        <fieldset disabled={!editable}>
          <legend class="sr-only">{t('Financial and administrative information')}</legend>
          <div class="form-grid">
            {DATES.map(([key, label]) => (
              <div class="field" key={key}>
                <label for={`infocom-${key}`}>{t(label)}</label>
                <input id={`infocom-${key}`} type="date" value={values[key]} onInput={set(key)} />
              </div>
            ))}
            {NUMBERS.map(([key, label]) => (
              <div class="field" key={key}>
                <label for={`infocom-${key}`}>{t(label)}</label>
                <input id={`infocom-${key}`} type="number" step="any" value={values[key]} onInput={set(key)} />
              </div>
            ))}
            <div class="field">
              <label for="infocom-sink_type">{t('Amortization type')}</label>
              <select id="infocom-sink_type" value={values.sink_type || '0'} onChange={set('sink_type')}>
                <option value="0">{t('None')}</option>
                <option value={String(DECREASING)}>{t('Decreasing')}</option>
                <option value={String(LINEAR)}>{t('Linear')}</option>
              </select>
            </div>
            <div class="field">
              <label for="infocom-supplier">{t('Supplier')}</label>
              <Picker id="infocom-supplier" itemtype="Supplier" value={Number(values.suppliers_id || 0)} display={data.supplier} onChange={(picked) => setValues((v) => ({ ...v, suppliers_id: String(picked) }))} />
            </div>
            <div class="field">
              <label for="infocom-budget">{t('Budget')}</label>
              <Picker id="infocom-budget" itemtype="Budget" value={Number(values.budgets_id || 0)} display={data.budget} onChange={(picked) => setValues((v) => ({ ...v, budgets_id: String(picked) }))} />
            </div>
            {TEXTS.map(([key, label]) => (
              <div class="field" key={key}>
                <label for={`infocom-${key}`}>{t(label)}</label>
                <input id={`infocom-${key}`} value={values[key]} onInput={set(key)} />
              </div>
            ))}
          </div>
        </fieldset>
        <dl class="inline-fields" aria-label={t('Computed')}>
          <div>
            <dt>{t('Warranty expiration date')}</dt>
            <dd data-testid="warranty-end">{end === 'lifelong' ? t('Lifelong') : (end ?? '—')}</dd>
          </div>
          <div>
            <dt>{t('Net book value today')}</dt>
            <dd data-testid="net-value">{schedule ? money(netValue(schedule, new Date().toISOString().slice(0, 10))) : '—'}</dd>
          </div>
        </dl>
        {editable && (
          <div class="form-actions">
            <button type="submit">{t('Save')}</button>
          </div>
        )}
      </form>
      {schedule && (
        <DataTable
          label={t('Depreciation')}
          caption
          headers={[t('Year'), t('Net value at start'), t('Annuity'), t('Net value at end')]}
          rows={schedule.map((row) => ({ key: row.year, cells: [row.year, money(row.start), money(row.annuity), money(row.end)] }))}
        />
      )}
    </section>
  );
}
