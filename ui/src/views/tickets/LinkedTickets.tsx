import { useState } from 'preact/hooks';
import { api } from '../../data/api';
import { Outcome } from '../../components/Notice';
import { PickForm } from '../../components/PickForm';
import { ValueSelect } from '../../components/ValueSelect';
import { t } from '../../lib/i18n';
import { usePanel } from '../../data/panel';
import { useApi } from '../../data/use-api';
import { href } from '../../lib/router';
import { UnlinkButton } from './LinkedItems';

/** GLPI's Ticket_Ticket.link: how the first ticket of the row relates to the second. */
const LINKS: [number, string, string][] = [
  [1, 'Linked to', 'Linked to'],
  [2, 'Duplicates', 'Duplicated by'],
  [3, 'Son of', 'Parent of'],
  [4, 'Parent of', 'Son of'],
];

interface Linked {
  rowId: number;
  ticket: number;
  name: string;
  /** The relation as read from this ticket's side. */
  relation: string;
}

/** The tickets linked to a ticket (Ticket_Ticket rows on either side): listed, linked with a picker, unlinked. */
export function LinkedTickets({ id, editable }: { id: number; editable: boolean }) {
  const [link, setLink] = useState(1);
  const { message, error: written, reload, refuse, write } = usePanel();
  const loaded = useApi(async (): Promise<Linked[]> => {
    // The rows name this ticket on one side or the other (GLPI has no sub-item list of them).
    const side = (fk: string) => api.list('Ticket_Ticket', { range: '0-999', searchText: { [fk]: `^${id}$` } }).then((page) => page.items);
    const [mine, theirs] = await Promise.all([side('tickets_id_1'), side('tickets_id_2')]);
    return Promise.all(
      [...mine.map((r) => ({ r, first: true })), ...theirs.map((r) => ({ r, first: false }))].map(async ({ r, first }) => {
        const other = Number(first ? r.tickets_id_2 : r.tickets_id_1);
        const ticket = await api.get('Ticket', other).catch(() => null);
        const kind = LINKS.find(([v]) => v === Number(r.link));
        return { rowId: r.id, ticket: other, name: ticket ? String(ticket.name ?? '') : `#${other}`, relation: t(kind ? (first ? kind[1] : kind[2]) : 'Linked to') };
      }),
    );
  }, [id, reload]);
  const rows = loaded.data;
  const error = written || loaded.error;

  return (
    <section aria-label={t('Linked tickets')}>
      <Outcome message={message} error={error} />
      {rows && !rows.length && <p class="empty">{t('No linked ticket.')}</p>}
      {rows && rows.length > 0 && (
        <ul class="linked-items">
          {rows.map((r) => (
            <li key={r.rowId}>
              <span class="badge">{r.relation}</span> <a href={href(['Ticket', r.ticket])}>{r.name}</a> <span class="muted">#{r.ticket}</span>
              {editable && <UnlinkButton name={r.name} onUnlink={() => write(() => api.remove('Ticket_Ticket', r.rowId, true), t('{name} unlinked.', { name: r.name }))} />}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <PickForm
          label={t('Link a ticket')}
          pickerId="link-ticket"
          pickerLabel={t('Ticket')}
          itemtype="Ticket"
          button={t('Link ticket')}
          onMissing={() => refuse(t('Choose a ticket first.'))}
          onAdd={(picked) => write(() => api.create('Ticket_Ticket', { tickets_id_1: id, tickets_id_2: picked.id, link }), t('{name} linked.', { name: picked.name }))}
        >
          <div class="field">
            <label for="ticket-link">{t('Relation')}</label>
            <ValueSelect id="ticket-link" value={link} choices={LINKS.map(([v, l]) => [v, t(l)] as const)} onChange={setLink} />
          </div>
        </PickForm>
      )}
    </section>
  );
}
