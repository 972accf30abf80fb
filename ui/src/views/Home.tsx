import { api, type SearchResult } from '../data/api';
import { useApi } from '../data/use-api';
import { Chart } from '../components/Chart';
import { Notice } from '../components/Notice';
import { NAV, READ, can, enumOf, typeDef } from '../lib/itemtypes';
import { queueCriteria } from '../data/mywork';
import {
  recentlyChangedAssets,
  ticketsByPriority,
  ticketsByStatus,
  ticketsPerWeek,
  type Breakdown,
  type ChangedAsset,
  type Weekly,
} from '../data/overview';
import { t } from '../lib/i18n';
import { href } from '../lib/router';
import { useSession } from '../data/session';

/** Overview: counts per type, the service desk in charts, my open tickets, assets changed last. */
export function Home() {
  const { info, scope } = useSession();
  const profile = info.activeProfile;
  const readable = (itemtype: string) => can(profile, itemtype, READ);
  const groups = NAV.slice(0, 2)
    .map((g) => ({ ...g, types: g.types.filter((t) => readable(t.itemtype)) }))
    .filter((g) => g.types.length);
  const deps = [scope, profile.id];
  return (
    <div class="page">
      <h1>{t('Overview')}</h1>
      <p class="muted">
        {t('Signed in as {user} with the {profile} profile.', { user: info.userName, profile: profile.name })}
      </p>
      {groups.map((g) => (
        <section key={g.label} class="overview" aria-labelledby={`ov-${g.label}`}>
          <h2 id={`ov-${g.label}`}>{t(g.label)}</h2>
          <ul class="cards">
            {g.types.map((ty) => (
              <TypeCard key={ty.itemtype} itemtype={ty.itemtype} plural={ty.plural} deps={deps} />
            ))}
          </ul>
        </section>
      ))}
      {readable('Ticket') && <TicketCharts deps={deps} />}
      {readable('Ticket') && <MyTickets deps={deps} />}
      <RecentAssets readable={readable} deps={deps} />
    </div>
  );
}

/** A type's card: how many items of it the session reads ('…' while counting, '—' when the count failed). */
function TypeCard({ itemtype, plural, deps }: { itemtype: string; plural: string; deps: unknown[] }) {
  const count = useApi(() => api.list(itemtype, { range: '0-0', only_id: true }).then((page): number | null => page.total, () => null), [itemtype, ...deps]);
  return (
    <li>
      <a class="card" href={href([itemtype])}>
        <span class="card-count">{count.loading ? '…' : (count.data ?? '—')}</span>
        <span class="card-label">{t(plural)}</span>
      </a>
    </li>
  );
}

function TicketCharts({ deps }: { deps: unknown[] }) {
  const status = useApi<Breakdown>(ticketsByStatus, deps);
  const priority = useApi<Breakdown>(ticketsByPriority, deps);
  const weekly = useApi<Weekly>(ticketsPerWeek, deps);
  const error = status.error || priority.error || weekly.error;
  return (
    <section class="overview" aria-labelledby="ov-tickets">
      <h2 id="ov-tickets">{t('Tickets')}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      <div class="charts">
        {status.data && <Chart kind="bar" title={t('Tickets by status')} labels={status.data.labels} series={[{ label: t('Tickets'), values: status.data.values, color: '#3b6fd1' }]} />}
        {priority.data && <Chart kind="bar" title={t('Tickets by priority')} labels={priority.data.labels} series={[{ label: t('Tickets'), values: priority.data.values, color: '#c9752b' }]} />}
        {weekly.data && (
          <Chart
            kind="line"
            title={t('Opened and solved per week')}
            labels={weekly.data.labels}
            series={[
              { label: t('Opened tickets'), values: weekly.data.opened, color: '#3b6fd1' },
              { label: t('Solved tickets'), values: weekly.data.solved, color: '#2e9d57' },
            ]}
          />
        )}
      </div>
    </section>
  );
}

/** Ticket search options: title, id, status, last update. */
const MY_COLUMNS = Object.fromEntries(['1', '2', '12', '19'].map((id, i) => [`forcedisplay[${i}]`, id]));

function MyTickets({ deps }: { deps: unknown[] }) {
  const mine = useApi<SearchResult>(() => api.search('Ticket', queueCriteria('assigned'), { range: '0-9', sort: 19, order: 'DESC', ...MY_COLUMNS }), deps);
  const statusName = (value: unknown) => enumOf('Ticket', 'status')?.find(([v]) => String(v) === String(value))?.[1] ?? String(value ?? '');
  return (
    <section class="overview" aria-labelledby="ov-mine">
      <h2 id="ov-mine">
        {t('My open tickets')} {mine.data && <a href={href(['my', 'assigned'])} class="muted">({mine.data.total})</a>}
      </h2>
      {mine.error && <Notice kind="error">{mine.error}</Notice>}
      {mine.data && !mine.data.rows.length && <p class="empty">{t('No open ticket is assigned to you.')}</p>}
      {mine.data && mine.data.rows.length > 0 && (
        <ul class="recent" aria-label={t('My open tickets')}>
          {mine.data.rows.map((row) => (
            <li key={String(row['2'])}>
              <a href={href(['Ticket', Number(row['2'])])}>{String(row['1'] ?? '')}</a> <span class="muted">{statusName(row['12'])}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentAssets({ readable, deps }: { readable: (itemtype: string) => boolean; deps: unknown[] }) {
  const recent = useApi<ChangedAsset[]>(() => recentlyChangedAssets(readable), deps);
  if (!recent.error && recent.data?.length === 0) return null;
  return (
    <section class="overview" aria-labelledby="ov-recent">
      <h2 id="ov-recent">{t('Recently changed assets')}</h2>
      {recent.error && <Notice kind="error">{recent.error}</Notice>}
      {recent.data && (
        <ul class="recent" aria-label={t('Recently changed assets')}>
          {recent.data.map(({ itemtype, item }) => (
            <li key={`${itemtype}/${item.id}`}>
              <a href={href([itemtype, item.id])}>{String(item.name || `#${item.id}`)}</a>{' '}
              <span class="muted">
                {typeDef(itemtype).label} · {String(item.date_mod ?? '')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
