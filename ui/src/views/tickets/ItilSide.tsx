import { useEffect, useRef } from 'preact/hooks';
import type { Item, SearchOption } from '../../data/api';
import { api } from '../../data/api';
import { FieldInput } from '../../components/FieldInput';
import { Outcome } from '../../components/Notice';
import { describeField } from '../../data/fields';
import { t } from '../../lib/i18n';
import { ITIL_STATUS } from '../../lib/itemtypes';
import { usePanel } from '../../data/panel';
import { showDate } from '../../lib/dates';

/** The properties edited in place in the side panel, in GLPI's order. */
export const SIDE_FIELDS = ['status', 'type', 'urgency', 'impact', 'priority', 'itilcategories_id', 'requesttypes_id'];

/** GLPI's due dates of an ITIL item: time to own and to resolve (SLA), and their internal counterparts (OLA). */
const DUE_DATES: [string, string][] = [
  ['time_to_own', 'Time to own'],
  ['time_to_resolve', 'Time to resolve'],
  ['internal_time_to_own', 'Internal time to own'],
  ['internal_time_to_resolve', 'Internal time to resolve'],
];

/** The ticket right's bit that lets a technician change the priority by hand (GLPI's CHANGEPRIORITY). */
const CHANGE_PRIORITY = 65536;

interface Props {
  itemtype: string;
  item: Item;
  /** The item's dropdowns by name (expand_dropdowns). */
  names: Item | null;
  options: Record<string, SearchOption>;
  editable: boolean;
  profile: Record<string, unknown>;
  /** The current time (`YYYY-MM-DD HH:MM:SS`, the data's zone as the server writes dates): due dates before it are late. */
  now: string;
  onChange: () => Promise<void>;
}

/**
 * A due date is late when it has passed before the item was solved (or now, while it is not):
 * GLPI's comparison of time_to_resolve with solvedate.
 */
export function isLate(due: unknown, item: Item, now: string): boolean {
  if (typeof due !== 'string' || !due) return false;
  const solved = Number(item.status) === ITIL_STATUS.SOLVED || Number(item.status) === ITIL_STATUS.CLOSED;
  const end = solved && typeof item.solvedate === 'string' && item.solvedate ? item.solvedate : now;
  return due < end;
}

/** Status, urgency, impact, priority, category… of a ticket, problem or change, each saved as it is changed; and its due dates. */
export function ItilSide({ itemtype, item, names, options, editable, profile, now, onChange }: Props) {
  const { message, error, write } = usePanel(onChange);
  const mayChange = (key: string) => editable && (key !== 'priority' || itemtype !== 'Ticket' || (Number(profile.ticket ?? 0) & CHANGE_PRIORITY) !== 0);
  // A saved field is drawn anew with its new value: the keyboard's focus goes back to it.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current) document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  }, [item]);
  const save = (key: string, label: string, value: unknown) => {
    if (String(value ?? '') === String(item[key] ?? '')) return;
    refocus.current = document.activeElement?.id === `side-${key}` ? `side-${key}` : null;
    void write(() => api.update(itemtype, item.id, { [key]: value }), t('{field} saved.', { field: label }));
  };
  const dates = DUE_DATES.filter(([key]) => typeof item[key] === 'string' && item[key]);

  return (
    <div class="itil-fields">
      <Outcome message={message} error={error} />
      <div class="side-grid">
        {SIDE_FIELDS.filter((key) => key in item).map((key) => {
          const field = describeField(itemtype, options, key, item[key]);
          const display = names?.[key];
          if (!mayChange(key)) {
            const shown = field.choices?.find(([v]) => String(v) === String(item[key]))?.[1] ?? (typeof display === 'string' ? display : String(item[key] ?? ''));
            return (
              <div key={key} class="field side-value">
                <span class="side-label">{field.label}</span>
                <span data-field={key}>{shown && shown !== '0' ? shown : '—'}</span>
              </div>
            );
          }
          // The priority is computed, unless the session may set it by hand (GLPI's CHANGEPRIORITY, checked above).
          const control = { ...field, hint: undefined, readOnly: key === 'priority' ? false : field.readOnly };
          return <FieldInput key={`${key}${String(item[key])}`} idPrefix="side" field={control} value={item[key]} display={display} onChange={(value) => save(key, field.label, value)} />;
        })}
      </div>
      {dates.length > 0 && (
        <dl class="due-dates" aria-label={t('Due dates')}>
          {dates.map(([key, label]) => {
            const late = isLate(item[key], item, now);
            return (
              <div key={key} class={late ? 'due late' : 'due'}>
                <dt>{t(label)}</dt>
                <dd>
                  <time dateTime={String(item[key])}>{showDate(item[key])}</time> {late && <span class="badge badge-late">{t('Late')}</span>}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </div>
  );
}
