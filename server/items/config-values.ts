import { isAbsolute } from 'node:path';
import { ItemError, type ItemHooks } from './hooks';
import type { Row } from '../db/rows';
import { isZoneName } from '../core/zone';

/**
 * The settings Deskbase itself reads as numbers, flags or paths (context `core`): a value it could
 * not use is refused when written, instead of silently counting as "off" when read.
 */
const whole = (min: number) => (v: string) => /^\d+$/.test(v) && Number(v) >= min ? null : `a whole number of at least ${min}`;
const flag = (v: string) => (v === '0' || v === '1' ? null : '0 or 1');
const RULES: Record<string, (value: string) => string | null> = {
  session_idle_timeout: whole(1),
  max_bulk_items: whole(1),
  list_limit: whole(1),
  list_limit_max: whole(1),
  document_max_size: whole(0),
  password_min_length: whole(0),
  purge_requires_trash: flag,
  use_password_security: flag,
  keep_tickets_on_delete: flag,
  backup_interval_hours: (v) => (/^\d+(\.\d+)?$/.test(v) ? null : 'a number of hours (0: no scheduled backups)'),
  backup_keep: whole(1),
  url_base: (v) => (v === '' || /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i.test(v) ? null : 'an http:// or https:// URL without query or fragment (such as https://desk.example.org), or empty for the address the server is bound to'),
  timezone: (v) => (v === '' || isZoneName(v) ? null : 'a time zone name such as Europe/Paris, or empty for the zone of the stored dates'),
  data_timezone: () => 'left as it is: it is the zone the stored dates were written in, and changing it would convert none of them',
  backup_folder: (v) => (v === '' || isAbsolute(v) ? null : 'an absolute path, or empty for the folder beside the data folder'),
};

function check(row: Row): void {
  if (String(row.context ?? '') !== 'core') return;
  const name = String(row.name ?? '');
  const rule = RULES[name];
  const problem = rule?.(String(row.value ?? '').trim());
  if (problem) throw new ItemError(`Setting ${name} must be ${problem}`);
}

export const configValueHooks: ItemHooks = {
  prepareAdd(_wc, _type, row) {
    check(row);
  },
  prepareUpdate(_wc, _type, old, changes) {
    if ('value' in changes || 'name' in changes || 'context' in changes) check({ ...old, ...changes });
  },
};
