import type { ComponentChildren } from 'preact';
import type { Item, SearchOption } from '../../data/api';
import { useSession } from '../../data/session';
import { t } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { flashOnNextView } from './item-message';
import { lazy } from '../../components/Lazy';
import { History } from './History';
import { ItilLinks } from '../asset/ItilLinks';

// The tabs of one kind of item only (a ticket's page, an asset's sections, the admin screens):
// chunks of their own, fetched when a tab first shows.
const ItilPage = lazy(() => import('../tickets/ItilPage').then((m) => m.ItilPage), 'panel');
const AssetSectionView = lazy(() => import('../asset/AssetSectionView').then((m) => m.AssetSectionView), 'panel');
const Access = lazy(() => import('../admin/Access').then((m) => m.Access), 'panel');
const ProfileRights = lazy(() => import('../admin/ProfileRights').then((m) => m.ProfileRights), 'panel');
const RuleParts = lazy(() => import('../rules/RuleParts').then((m) => m.RuleParts), 'panel');
const Mailbox = lazy(() => import('../admin/Mail').then((m) => m.Mailbox), 'panel');
const RefusedMail = lazy(() => import('../admin/Mail').then((m) => m.RefusedMail), 'panel');
const DirectoryConnection = lazy(() => import('../admin/Directory').then((m) => m.DirectoryConnection), 'panel');
const DirectoryImport = lazy(() => import('../admin/Directory').then((m) => m.DirectoryImport), 'panel');
const NotificationPreferences = lazy(() => import('../admin/Notifications').then((m) => m.NotificationPreferences), 'panel');
const NotificationTargets = lazy(() => import('../admin/Notifications').then((m) => m.NotificationTargets), 'panel');
const TemplateTranslations = lazy(() => import('../admin/Notifications').then((m) => m.TemplateTranslations), 'panel');
const QueuedMail = lazy(() => import('../admin/Notifications').then((m) => m.QueuedMail), 'panel');
const WebhookDeliveries = lazy(() => import('../admin/Notifications').then((m) => m.WebhookDeliveries), 'panel');
const AssetInventory = lazy(() => import('../admin/Inventory').then((m) => m.AssetInventory), 'panel');

interface Props {
  tab: string;
  itemtype: string;
  id: number;
  item: Item;
  names: Item | null;
  options: Record<string, SearchOption>;
  editable: boolean;
  deleted: boolean;
  /** A ticket, problem or change: one page around the form, no tabs. */
  onePage: boolean;
  sections: { key: string }[];
  locked: Set<string>;
  changes: number;
  changedElsewhere: number;
  refresh: () => Promise<void>;
  /** The item's form, the details tab. */
  children: ComponentChildren;
}

/** What a stored item's current tab shows; the details tab is the form. */
export function ItemTabPanel(p: Props) {
  const { tab, itemtype, id, item, editable, refresh } = p;
  const { info } = useSession();
  /** A refused mail imported as this ticket: its page says so. */
  const imported = (ticket: number) => {
    flashOnNextView({ kind: 'success', text: t('Imported as ticket {id}.', { id: ticket }) });
    navigate(['Ticket', ticket]);
  };
  if (p.onePage)
    return (
      <ItilPage itemtype={itemtype} item={item} names={p.names} options={p.options} profile={info.activeProfile} editable={editable && !p.deleted} open={!p.deleted} changes={p.changes} changedElsewhere={p.changedElsewhere} onChange={refresh}>
        {p.children}
      </ItilPage>
    );
  switch (tab) {
    case 'history':
      return <History itemtype={itemtype} id={id} options={p.options} reload={p.changes} />;
    case 'access':
      return <Access userId={id} user={item} editable={editable} onChange={refresh} />;
    case 'rights':
      return <ProfileRights profileId={id} editable={editable} />;
    case 'rule':
      return <RuleParts rule={item} editable={editable} onMoved={refresh} />;
    case 'mailbox':
      return <Mailbox id={id} item={item} onChange={refresh} />;
    case 'directory':
      return <DirectoryConnection id={id} />;
    case 'import':
      return <DirectoryImport id={id} />;
    case 'mail':
      return <RefusedMail id={id} item={item} onImported={imported} />;
    case 'notifications':
      return <NotificationPreferences id={id} item={item} editable={editable || id === info.userId} onChange={refresh} />;
    case 'recipients':
      return <NotificationTargets id={id} editable={editable} />;
    case 'translations':
      return <TemplateTranslations id={id} item={item} editable={editable} />;
    case 'delivery':
      return <QueuedMail id={id} item={item} onChange={refresh} />;
    case 'deliveries':
      return <WebhookDeliveries id={id} editable={editable} />;
    case 'inventory':
      return <AssetInventory itemtype={itemtype} id={id} item={item} locked={p.locked} />;
    case 'tickets':
      return <ItilLinks itemtype={itemtype} id={id} />;
  }
  if (p.sections.some((s) => s.key === tab)) return <AssetSectionView section={tab} itemtype={itemtype} id={id} editable={editable && !p.deleted} onChange={refresh} />;
  return <>{p.children}</>;
}
