import { t } from '../lib/i18n';

/** GLPI's relative date values (server/search/dates.ts understands them), with their labels. */
const RELATIVE: [string, string][] = [
  ['NOW', 'now'],
  ['TODAY', 'today'],
  ['-1DAY', '1 day ago'],
  ['-1WEEK', '1 week ago'],
  ['-2WEEK', '2 weeks ago'],
  ['-1MONTH', '1 month ago'],
  ['-3MONTH', '3 months ago'],
  ['-6MONTH', '6 months ago'],
  ['-1YEAR', '1 year ago'],
  ['BEGINMONTH', 'start of this month'],
  ['BEGINYEAR', 'start of this year'],
  ['LASTMONDAY', 'last Monday'],
];
const EXACT = '';

/** A date criterion's value: a date from the picker, or a date relative to when the search runs. */
export function DateValue({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const relative = RELATIVE.some(([v]) => v === value);
  return (
    <>
      <select aria-label={t('Relative date')} value={relative ? value : EXACT} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value={EXACT}>{t('on a date…')}</option>
        {RELATIVE.map(([v, label]) => (
          <option key={v} value={v}>
            {t(label)}
          </option>
        ))}
      </select>
      {!relative && <input aria-label={t('Value')} type="date" value={value} onInput={(e) => onChange(e.currentTarget.value)} />}
    </>
  );
}
