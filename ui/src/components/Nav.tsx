import { NAV, READ, UPDATE, can } from '../lib/itemtypes';
import { QUEUES, type QueueKey, queueCounts } from '../data/mywork';
import { t } from '../lib/i18n';
import { href, useRoute } from '../lib/router';
import { useSession } from '../data/session';
import { useApi } from '../data/use-api';
import { useLiveEvents } from '../data/live';

/** Open tickets per queue, reloaded on every move (so a change made elsewhere shows up). */
function useQueueCounts(enabled: boolean): Record<QueueKey, number> | null {
  const { scope } = useSession();
  const route = useRoute();
  const where = route.parts.join('/');
  const { data, reload } = useApi(() => (enabled ? queueCounts().catch(() => null) : Promise.resolve(null)), [enabled, scope, where]);
  useLiveEvents((event) => enabled && event.itemtype === 'Ticket', () => reload());
  return enabled ? data : null;
}

/** The sections the active profile may read. */
export function Nav({ current, open, onNavigate }: { current: string | undefined; open: boolean; onNavigate: () => void }) {
  const { info } = useSession();
  const profile = info.activeProfile;
  const counts = useQueueCounts(can(profile, 'Ticket', READ));
  const route = useRoute();
  const queue = route.parts[0] === 'my' ? route.parts[1] : undefined;
  return (
    <nav id="nav" class={open ? 'sidebar open' : 'sidebar'} aria-label={t('Main')}>
      <a class={current ? 'nav-home' : 'nav-home active'} href={href([])} aria-current={current ? undefined : 'page'} onClick={onNavigate}>
        {t('Overview')}
      </a>
      {counts && (
        <section role="group" aria-labelledby="nav-mywork">
          <h2 id="nav-mywork">{t('My work')}</h2>
          <ul>
            {QUEUES.map((q) => (
              <li key={q.key}>
                <a
                  href={href(['my', q.key])}
                  class={queue === q.key ? 'active' : undefined}
                  aria-current={queue === q.key ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  {t(q.label)} <span class="count">{counts[q.key]}</span>
                </a>
              </li>
            ))}
            <li>
              <a href={href(['kanban'])} class={current === 'kanban' ? 'active' : undefined} aria-current={current === 'kanban' ? 'page' : undefined} onClick={onNavigate}>
                {t('Ticket board')}
              </a>
            </li>
          </ul>
        </section>
      )}
      {NAV.map((group) => {
        const types = group.types.filter((ty) => can(profile, ty.itemtype, READ));
        if (!types.length) return null;
        const headingId = `nav-${group.label.toLowerCase()}`;
        return (
          <section key={group.label} role="group" aria-labelledby={headingId}>
            <h2 id={headingId}>{t(group.label)}</h2>
            <ul>
              {types.map((ty) => (
                <li key={ty.itemtype}>
                  <a
                    href={href([ty.itemtype])}
                    class={current === ty.itemtype ? 'active' : undefined}
                    aria-current={current === ty.itemtype ? 'page' : undefined}
                    onClick={onNavigate}
                  >
                    {t(ty.plural)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {can(profile, 'Config', UPDATE) && (
        <section role="group" aria-labelledby="nav-inventory">
          <h2 id="nav-inventory">{t('Inventory')}</h2>
          <ul>
            <li>
              <a href={href(['inventory'])} class={current === 'inventory' ? 'active' : undefined} aria-current={current === 'inventory' ? 'page' : undefined} onClick={onNavigate}>
                {t('Inventory settings')}
              </a>
            </li>
          </ul>
        </section>
      )}
    </nav>
  );
}
