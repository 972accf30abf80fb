import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type SearchResult } from '../../data/api';
import { PriorityBadge } from '../../components/Badges';
import { Outcome } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { UPDATE, can, enumOf } from '../../lib/itemtypes';
import { usePanel } from '../../data/panel';
import { useApi } from '../../data/use-api';
import { href } from '../../lib/router';
import { useSession } from '../../data/session';

/** Cards per column (the newest changed first). */
const CARDS = 50;
/** Ticket search options: title, id, priority, status. */
const DISPLAY = { 'forcedisplay[0]': 1, 'forcedisplay[1]': 2, 'forcedisplay[2]': 3, 'forcedisplay[3]': 12 };

/** Tickets in one column per status; a card dragged to another column (or moved with its menu) changes the ticket's status. */
export function Kanban() {
  const { info, scope } = useSession();
  const statuses = (enumOf('Ticket', 'status') ?? []).map(([v, label]) => [Number(v), label] as const);
  const movable = can(info.activeProfile, 'Ticket', UPDATE);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const { message, error: written, reload, write } = usePanel();
  const loaded = useApi(
    () =>
      Promise.all(
        statuses.map(([status]) =>
          api.search('Ticket', [{ field: 12, searchtype: 'equals', value: status }], { range: `0-${CARDS - 1}`, sort: 19, order: 'DESC', ...DISPLAY }).then((r) => [status, r] as const),
        ),
      ).then((list): Map<number, SearchResult> => new Map(list)),
    [scope, reload],
  );
  const columns = loaded.data;
  const error = written || loaded.error;

  // A card moved with its menu is drawn anew in its new column: the keyboard's focus follows it there.
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    if (refocus.current !== null) document.querySelector<HTMLSelectElement>(`.kanban-card[data-id="${refocus.current}"] select`)?.focus();
    refocus.current = null;
  }, [columns]);

  const move = (id: number, name: string, status: number) => {
    const label = statuses.find(([s]) => s === status)?.[1] ?? String(status);
    void write(() => api.update('Ticket', id, { status }), t('{name} moved to {status}.', { name, status: label }));
  };

  return (
    <div class="page page-wide">
      <h1>{t('Ticket board')}</h1>
      <Outcome message={message} error={error} />
      {!columns && !error && <p role="status">{t('Loading…')}</p>}
      {columns && (
        <div class="kanban">
          {statuses.map(([status, label]) => {
            const column = columns.get(status);
            return (
              <section
                key={status}
                class={over === status ? 'kanban-column drop-target' : 'kanban-column'}
                aria-label={label}
                data-status={status}
                onDragOver={(e) => {
                  if (dragged === null) return;
                  e.preventDefault();
                  setOver(status);
                }}
                onDragLeave={() => setOver((s) => (s === status ? null : s))}
                onDrop={(e) => {
                  e.preventDefault();
                  setOver(null);
                  const id = Number(e.dataTransfer?.getData('text/plain'));
                  const row = [...columns.values()].flatMap((c) => c.rows).find((r) => Number(r['2']) === id);
                  if (row && Number(row['12']) !== status) move(id, String(row['1'] ?? ''), status);
                  setDragged(null);
                }}
              >
                <h2>
                  {label} <span class="count">{column?.total ?? 0}</span>
                </h2>
                <ul>
                  {column?.rows.map((row) => {
                    const id = Number(row['2']);
                    const name = String(row['1'] ?? '');
                    return (
                      <li
                        key={id}
                        class="kanban-card"
                        draggable={movable}
                        data-id={id}
                        onDragStart={(e) => {
                          e.dataTransfer?.setData('text/plain', String(id));
                          setDragged(id);
                        }}
                        onDragEnd={() => setDragged(null)}
                      >
                        <a href={href(['Ticket', id])}>{name}</a> <span class="muted">#{id}</span>
                        <div class="kanban-card-foot">
                          <PriorityBadge itemtype="Ticket" value={row['3']} />
                          {movable && (
                            <select aria-label={t('Status of {name}', { name })} value={String(status)} onChange={(e) => {
                                refocus.current = id;
                                move(id, name, Number(e.currentTarget.value));
                              }}
                            >
                              {statuses.map(([s, l]) => (
                                <option key={s} value={String(s)}>
                                  {l}
                                </option>
                              ))}
                            </select>
                          )}
                        </div>
                      </li>
                    );
                  })}
                </ul>
                {column && column.total > column.rows.length && <p class="muted">{t('{count} more', { count: column.total - column.rows.length })}</p>}
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
