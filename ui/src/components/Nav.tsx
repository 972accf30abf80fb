import { NAV, READ, can } from '../itemtypes';
import { href } from '../router';
import { useSession } from '../session';

/** The sections the active profile may read. */
export function Nav({ current, open, onNavigate }: { current: string | undefined; open: boolean; onNavigate: () => void }) {
  const { info } = useSession();
  const profile = info.activeProfile;
  return (
    <nav id="nav" class={open ? 'sidebar open' : 'sidebar'} aria-label="Main">
      <a class={current ? 'nav-home' : 'nav-home active'} href={href([])} aria-current={current ? undefined : 'page'} onClick={onNavigate}>
        Overview
      </a>
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
