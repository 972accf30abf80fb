/**
 * A user's own events (GLPI's User notifications): `passwordforget`, the reset token of a lost
 * password, and `passwordexpires`, GLPI's `passwordexpiration` automatic action warning local
 * accounts whose password expires within `password_expiration_notice` days (of
 * `password_expiration_delay` after its last change), once per password, at most the task's
 * parameter (100) per run. Both go through the notification engine and its queue.
 */
import { inTransaction, type Db } from '../db/connection';
import { selectAll, type Row } from '../db/rows';
import { Settings } from '../db/settings';
import { CRON_TASKS, type CronTaskSpec } from '../registry/automatic-actions';
import { AUTHTYPE } from '../registry/values';
import { addDays, ALERT, noteAlert } from './alert-dates';
import { raiseEvent } from './events';
import { mailEnabled } from './mailer';
import { taskParam } from './serial-run';
import type { TagData } from './template';

function userTags(user: Row, action: string, more: Record<string, string>): TagData {
  return {
    values: {
      'user.action': action,
      'user.name': String(user.name ?? ''),
      'user.realname': String(user.realname ?? ''),
      'user.firstname': String(user.firstname ?? ''),
      ...more,
    },
    lists: {},
  };
}

/** The console's address (url_base, else the address the request came to). */
const consoleUrl = (settings: Settings, origin: string) => `${(settings.get('url_base') || origin).replace(/\/+$/, '')}/`;

/** Queues the reset token's mail to the address it was asked for, in the caller's transaction. */
export function raisePasswordForget(db: Db, settings: Settings, user: Row, address: string, token: string, origin: string): void {
  const tags = userTags(user, 'Forgotten password?', { 'user.passwordforgettoken': token, 'user.passwordforgeturl': consoleUrl(settings, origin) });
  raiseEvent(db, settings, 'passwordforget', { itemtype: 'User', item: { ...user, _address: address }, authorId: 0 }, tags);
}

/** GLPI's `passwordexpiration` action (off by default, as in GLPI's install). */
export function warnPasswordExpiry(db: Db, at: string): void {
  const settings = new Settings(db);
  const delay = settings.number('password_expiration_delay');
  const notice = settings.number('password_expiration_notice');
  if (!mailEnabled(settings) || !(delay > 0) || !(notice >= 0)) return;
  const lockDelay = settings.number('password_expiration_lock_delay');
  const today = at.slice(0, 10);
  // Warned once per password: an alert older than the password's last change is for an earlier one.
  const users = selectAll(
    db,
    `SELECT u.* FROM glpi_users u LEFT JOIN glpi_alerts a ON a.itemtype = 'User' AND a.items_id = u.id AND a.type = ?
     WHERE u.authtype = ? AND u.is_active = 1 AND u.is_deleted = 0 AND u.password_last_update IS NOT NULL
       AND (a.date IS NULL OR a.date < u.password_last_update) ORDER BY u.password_last_update, u.id`,
    ALERT.NOTICE,
    AUTHTYPE.LOCAL,
  );
  const limit = taskParam(db, CRON_TASKS.passwordexpiration, 100);
  let warned = 0;
  inTransaction(db, () => {
    for (const user of users) {
      if (warned >= limit) break;
      const expires = addDays(String(user.password_last_update), delay);
      if (addDays(expires, -notice) > today) continue;
      const base = settings.get('url_base').replace(/\/+$/, '');
      const tags = userTags(user, 'Password expires', {
        'user.password.expiration.date': expires,
        'user.password.has_expired': expires <= today ? '1' : '0',
        'user.account.lock.date': lockDelay >= 0 ? addDays(expires, lockDelay) : '',
        'user.password.update.url': base ? `${base}/` : '',
      });
      raiseEvent(db, settings, 'passwordexpires', { itemtype: 'User', item: user, authorId: 0 }, tags);
      noteAlert(db, 'User', Number(user.id), ALERT.NOTICE, at);
      warned++;
    }
  });
}

export const USER_ACTIONS: [CronTaskSpec, (db: Db, at: string) => void][] = [[CRON_TASKS.passwordexpiration, warnPasswordExpiry]];
