import { t } from '../lib/i18n';
import { enumOf } from '../lib/itemtypes';
import { useSession } from '../data/session';

const label = (itemtype: string, field: string, value: unknown) => enumOf(itemtype, field)?.find(([v]) => String(v) === String(value))?.[1] ?? String(value ?? '');

/** An ITIL status as GLPI marks it: its name on the status's colour (see .status-N in styles.css). */
export function StatusBadge({ itemtype, value }: { itemtype: string; value: unknown }) {
  return <span class={`badge status-badge status-${Number(value)}`}>{label(itemtype, 'status', value)}</span>;
}

/** A priority on the session's colour for it (GLPI's priority_N preferences). */
export function PriorityBadge({ itemtype, value }: { itemtype: string; value: unknown }) {
  const { info } = useSession();
  const color = info.priorityColors[Number(value) - 1];
  if (!color) return <span>{String(value ?? '')}</span>;
  return (
    <span class="badge priority-badge" style={{ background: color }}>
      {label(itemtype, 'priority', value)}
    </span>
  );
}

/** People of a list cell, one badge each. */
export function PeopleBadges({ names }: { names: string[] }) {
  return (
    <>
      {names.map((n) => (
        <span key={n} class="badge person-badge">
          {n}
        </span>
      ))}
    </>
  );
}

/** A due date that has passed. */
export function LateBadge() {
  return <span class="badge badge-late">{t('Late')}</span>;
}
