import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';
import { INVENTORIED_TYPES } from '../admin/inventoried';

/** The tabs of a stored item's page, by what its type holds: details first, history last. */
export function itemTabs(itemtype: string, sections: { key: string; label: string }[], onePage: boolean): [string, string][] {
  const tabs: [string, string][] = [['details', t('Details')]];
  tabs.push(...sections.map((s): [string, string] => [s.key, s.label]));
  if (typeDef(itemtype).type?.features.includes('ticket')) tabs.push(['tickets', t('Tickets')]);
  if (itemtype === 'User') tabs.push(['access', t('Access')]);
  if (itemtype === 'Profile') tabs.push(['rights', t('Rights')]);
  if (itemtype === 'AuthLDAP') tabs.push(['directory', t('Connection and sync')], ['import', t('Import')]);
  if (itemtype === 'Rule') tabs.push(['rule', t('Criteria and actions')]);
  if (itemtype === 'MailCollector') tabs.push(['mailbox', t('Mailbox')]);
  if (itemtype === 'NotImportedEmail') tabs.push(['mail', t('Refused email')]);
  if (itemtype === 'User') tabs.push(['notifications', t('Notifications')]);
  if (itemtype === 'Notification') tabs.push(['recipients', t('Recipients')]);
  if (itemtype === 'NotificationTemplate') tabs.push(['translations', t('Translations')]);
  if (itemtype === 'QueuedNotification') tabs.push(['delivery', t('Delivery')]);
  if (itemtype === 'Webhook') tabs.push(['deliveries', t('Deliveries')]);
  if (INVENTORIED_TYPES.includes(itemtype)) tabs.push(['inventory', t('Inventory')]);
  if (!onePage) tabs.push(['history', t('History')]);
  return tabs;
}
