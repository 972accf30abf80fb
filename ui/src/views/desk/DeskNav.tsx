import { t } from '../../lib/i18n';
import { CREATE, READ, can } from '../../lib/itemtypes';
import { href } from '../../lib/router';
import { useSession } from '../../data/session';

/** The desk's menu: only what the profile may use. */
export function DeskNav({ current, open, onNavigate }: { current: string | undefined; open: boolean; onNavigate: () => void }) {
  const { activeProfile } = useSession().info;
  const links: [string | undefined, string][] = [[undefined, 'Home']];
  if (can(activeProfile, 'Ticket', CREATE)) links.push(['new', 'Open a ticket']);
  if (can(activeProfile, 'Ticket', READ)) links.push(['tickets', 'My tickets']);
  if (can(activeProfile, 'KnowbaseItem', READ)) links.push(['faq', 'FAQ']);
  if (can(activeProfile, 'ReservationItem', READ)) links.push(['reservations', 'Reservations']);
  return (
    <nav id="nav" class={open ? 'sidebar desk-nav open' : 'sidebar desk-nav'} aria-label={t('Main')}>
      {links.map(([part, label]) => (
        <a key={label} class={current === part ? 'nav-home active' : 'nav-home'} href={href(part ? [part] : [])} aria-current={current === part ? 'page' : undefined} onClick={onNavigate}>
          {t(label)}
        </a>
      ))}
    </nav>
  );
}
