import { useState } from 'preact/hooks';
import { api, type Item } from '../../data/api';
import { usePanel } from '../../data/panel';
import { useApi } from '../../data/use-api';
import { Outcome } from '../../components/Notice';
import { PickForm } from '../../components/PickForm';
import { ValueSelect } from '../../components/ValueSelect';
import { t } from '../../lib/i18n';
import { ACTOR_ROLES, typeDef } from '../../lib/itemtypes';

/** The actor link types of an ITIL type (Ticket_User, Group_Ticket, Supplier_Ticket…), from the registry. */
function actorLinks(itemtype: string): { link: string; actor: string; fk: string; parentFk: string }[] {
  const type = typeDef(itemtype).type;
  if (!type) return [];
  return type.children.flatMap((child) => {
    const link = typeDef(child).type;
    const owner = link?.owners[0];
    if (!link?.logsWith || 'poly' in link.logsWith || !owner || 'poly' in owner) return [];
    return [{ link: child, actor: link.logsWith.itemtype, fk: link.logsWith.fk, parentFk: owner.fk }];
  });
}

/** Read at each use: the labels are in the user's language. */
const roles = () => ACTOR_ROLES.map(([v, l]) => [Number(v), t(l)] as const);

const ASSIGNED = 2;
/** As GLPI 10.0's actor lists, and as the server accepts them: suppliers are assignees only. */
const offered = (actor: string, role: number) => actor !== 'Supplier' || role === ASSIGNED;

interface Actor {
  link: string;
  rowId: number;
  role: number;
  kind: string;
  name: string;
}

/** Requesters, observers and assignees of a ticket, problem or change: shown, added and removed. */
export function Actors({ itemtype, id, editable, onChange }: { itemtype: string; id: number; editable: boolean; onChange: () => Promise<void> }) {
  const links = actorLinks(itemtype);
  const { message, error: written, reload, refuse, write } = usePanel(onChange);
  const [role, setRole] = useState(2);
  const [kind, setKind] = useState('User');

  const loaded = useApi(
    () =>
      Promise.all(
        links.map((l) =>
          api.subItems(itemtype, id, l.link, { expand_dropdowns: true, range: '0-999' }).then((rows: Item[]) =>
            rows.map((r): Actor => ({ link: l.link, rowId: r.id, role: Number(r.type), kind: l.actor, name: String(r[l.fk] ?? '') })),
          ),
        ),
      ).then((lists) => lists.flat()),
    [itemtype, id, reload],
  );
  const actors = loaded.data;
  const error = written || loaded.error;


  return (
    <section class="actors" aria-label={t('Actors')}>
      <Outcome message={message} error={error} />
      {actors === null && !error && <p role="status">{t('Loading…')}</p>}
      {actors && (
        <div class="actor-roles">
          {roles().map(([value, label]) => {
            const list = actors.filter((a) => a.role === value);
            return (
              <section key={value} aria-label={String(label)} class="actor-role">
                <h3>{label}</h3>
                {!list.length && <p class="muted">{t('Nobody.')}</p>}
                <ul>
                  {list.map((a) => (
                    <li key={`${a.link}${a.rowId}`}>
                      <span class="badge">{typeDef(a.kind).label}</span> {a.name}
                      {editable && (
                        <button
                          type="button"
                          class="link"
                          aria-label={t('Remove {name} ({role})', { name: a.name, role: label })}
                          onClick={() => void write(() => api.remove(a.link, a.rowId, true), t('{name} removed.', { name: a.name }))}
                        >
                          {t('Remove')}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      {editable && (
        <PickForm
          label={t('Add an actor')}
          pickerId="actor-pick"
          pickerLabel={t('Name')}
          itemtype={kind}
          button={t('Add actor')}
          onMissing={() => refuse(t('Choose a {kind} first.', { kind: typeDef(kind).label.toLowerCase() }))}
          onAdd={(picked) => {
            const l = links.find((x) => x.actor === kind)!;
            return write(() => api.create(l.link, { [l.parentFk]: id, [l.fk]: picked.id, type: role }), t('{name} added.', { name: picked.name }));
          }}
        >
          <div class="field">
            <label for="actor-role">{t('Role')}</label>
            <ValueSelect
              id="actor-role"
              value={role}
              choices={roles()}
              onChange={(next) => {
                setRole(next);
                if (!offered(kind, next)) setKind('User');
              }}
            />
          </div>
          <div class="field">
            <label for="actor-kind">{t('Actor')}</label>
            <ValueSelect id="actor-kind" value={kind} choices={links.filter((l) => offered(l.actor, role)).map((l) => [l.actor, typeDef(l.actor).label] as const)} onChange={setKind} />
          </div>
        </PickForm>
      )}
    </section>
  );
}
