import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { NAV, READ, can } from '../itemtypes';
import { href } from '../router';
import { useSession } from '../session';

/** Overview: how many items of each readable type the active entities hold. */
export function Home() {
  const { info, scope } = useSession();
  const groups = NAV.slice(0, 2)
    .map((g) => ({ ...g, types: g.types.filter((t) => can(info.activeProfile, t.itemtype, READ)) }))
    .filter((g) => g.types.length);
  const [counts, setCounts] = useState<Record<string, number | null>>({});

  useEffect(() => {
    let live = true;
    setCounts({});
    for (const g of groups) {
      for (const t of g.types) {
        api
          .list(t.itemtype, { range: '0-0', only_id: true })
          .then((page) => live && setCounts((c) => ({ ...c, [t.itemtype]: page.total })))
          .catch(() => live && setCounts((c) => ({ ...c, [t.itemtype]: null })));
      }
    }
    return () => {
      live = false;
    };
  }, [scope, info.activeProfile.id]);

  return (
    <div class="page">
      <h1>Overview</h1>
      <p class="muted">
        Signed in as <strong>{info.userName}</strong> with the <strong>{info.activeProfile.name}</strong> profile.
      </p>
      {groups.map((g) => (
        <section key={g.label} class="overview" aria-labelledby={`ov-${g.label}`}>
          <h2 id={`ov-${g.label}`}>{g.label}</h2>
          <ul class="cards">
            {g.types.map((t) => (
              <li key={t.itemtype}>
                <a class="card" href={href([t.itemtype])}>
                  <span class="card-count">{counts[t.itemtype] === undefined ? '…' : (counts[t.itemtype] ?? '—')}</span>
                  <span class="card-label">{t.plural}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
