import { showDate } from '../../lib/dates';
import { t } from '../../lib/i18n';
import { enumOf, fkTarget } from '../../lib/itemtypes';

/** The display text of a list cell (dropdowns come expanded to names). */
export function cellText(itemtype: string, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const choices = enumOf(itemtype, key);
  if (choices) return choices.find(([v]) => String(v) === String(value))?.[1] ?? String(value);
  if (/^(is|have|use)_/.test(key)) return Number(value) ? t('Yes') : t('No');
  if (fkTarget(key, itemtype) && (value === 0 || value === '0')) return '';
  return showDate(value);
}
