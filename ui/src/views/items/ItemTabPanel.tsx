import type { ComponentChildren } from 'preact';
import type { Item, SearchOption } from '../../data/api';
import { useSession } from '../../data/session';
import { t } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { flashOnNextView } from './item-message';
import { History } from './History';
import { Access } from '../admin/Access';
import { ProfileRights } from '../admin/ProfileRights';
import { RuleParts } from '../rules/RuleParts';
import { ItilPage } from '../tickets/ItilPage';
import { AssetSectionView } from '../asset/AssetSectionView';
import { ItilLinks } from '../asset/ItilLinks';
import { Mailbox, RefusedMail } from '../admin/Mail';
import { DirectoryConnection, DirectoryImport } from '../admin/Directory';
import { NotificationPreferences, NotificationTargets, QueuedMail, TemplateTranslations, WebhookDeliveries } from '../admin/Notifications';
import { AssetInventory } from '../admin/Inventory';

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
