import { useEffect, useState } from 'preact/hooks';
import { NAV, READ, can } from '../itemtypes';
import { QUEUES, type QueueKey, queueCounts } from '../mywork';
import { href, useRoute } from '../router';
import { useSession } from '../session';

/** Open tickets per queue, reloaded on every move (so a change made elsewhere shows up). */
function useQueueCounts(enabled: boolean): Record<QueueKey, number> | null {
  const { scope } = useSession();
  const route = useRoute();
  const [counts, setCounts] = useState<Record<QueueKey, number> | null>(null);
  const where = route.parts.join('/');
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    queueCounts()
      .then((c) => live && setCounts(c))
      .catch(() => live && setCounts(null));
    return () => {
      live = false;
    };
  }, [enabled, scope, where]);
  return enabled ? counts : null;
}

/** The sections the active profile may read. */
export function Nav({ current, open, onNavigate }: { current: string | undefined; open: boolean; onNavigate: () => void }) {
  const { info } = useSession();
  const profile = info.activeProfile;
  const counts = useQueueCounts(can(profile, 'Ticket', READ));
  const route = useRoute();
  const queue = route.parts[0] === 'my' ? route.parts[1] : undefined;
  return (
    <nav id="nav" class={open ? 'sidebar open' : 'sidebar'} aria-label="Main">
      <a class={current ? 'nav-home' : 'nav-home active'} href={href([])} aria-current={current ? undefined : 'page'} onClick={onNavigate}>
        Overview
      </a>
      {counts && (
        <section aria-labelledby="nav-mywork">
          <h2 id="nav-mywork">My work</h2>
          <ul>
            {QUEUES.map((q) => (
              <li key={q.key}>
                <a
                  href={href(['my', q.key])}
                  class={queue === q.key ? 'active' : undefined}
                  aria-current={queue === q.key ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  {q.label} <span class="count">{counts[q.key]}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {NAV.map((group) => {
        const types = group.types.filter((t) => can(profile, t.itemtype, READ));
        if (!types.length) return null;
        const headingId = `nav-${group.label.toLowerCase()}`;
        return (
          <section key={group.label} aria-labelledby={headingId}>
            <h2 id={headingId}>{group.label}</h2>
            <ul>
              {types.map((t) => (
                <li key={t.itemtype}>
                  <a
                    href={href([t.itemtype])}
                    class={current === t.itemtype ? 'active' : undefined}
                    aria-current={current === t.itemtype ? 'page' : undefined}
                    onClick={onNavigate}
                  >
                    {t.plural}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
