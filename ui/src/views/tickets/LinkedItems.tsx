import { useState } from 'preact/hooks';
import { api, errorText, type Item } from '../../data/api';
import { Notice, Outcome } from '../../components/Notice';
import { PickForm } from '../../components/PickForm';
import { ValueSelect } from '../../components/ValueSelect';
import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';
import { usePanel } from '../../data/panel';
import { useApi } from '../../data/use-api';
import { itemLabel } from '../../data/options';
import { href } from '../../lib/router';

/** The item link type of an ITIL type (Item_Ticket, Item_Problem, Change_Item) and what it may link, from the registry. */
function itemLink(itemtype: string): { link: string; parentFk: string; targets: string[] } | null {
  for (const child of typeDef(itemtype).type?.children ?? []) {
    const link = typeDef(child).type;
    const owner = link?.owners[0];
    if (link?.polymorphic && owner && !('poly' in owner) && owner.itemtype === itemtype) return { link: child, parentFk: owner.fk, targets: link.polyTargets };
  }
  return null;
}

interface Linked {
  rowId: number;
  itemtype: string;
  id: number;
  name: string;
}

/** Assets linked to a ticket, problem or change: listed, added with a picker, removed. */
export function LinkedItems({ itemtype, id, editable }: { itemtype: string; id: number; editable: boolean }) {
  const spec = itemLink(itemtype);
  const { message, error: written, reload, refuse, write } = usePanel();
  const [target, setTarget] = useState(spec?.targets.includes('Computer') ? 'Computer' : (spec?.targets[0] ?? ''));

  const loaded = useApi(async (): Promise<Linked[] | null> => {
    if (!spec) return null;
    const links = await api.subItems(itemtype, id, spec.link, { range: '0-999' });
    return Promise.all(
      links.map(async (l) => {
        const type = String(l.itemtype);
        const item = await api.get(type, Number(l.items_id)).catch(() => null);
        return { rowId: l.id, itemtype: type, id: Number(l.items_id), name: item ? itemLabel(item) : `#${String(l.items_id)}` };
      }),
    );
  }, [itemtype, id, reload]);
  const rows = loaded.data;
  const error = written || loaded.error;

  if (!spec) return null;

  return (
    <section aria-label={t('Linked items')}>
      <Outcome message={message} error={error} />
      {rows && !rows.length && <p class="empty">{t('No item is linked.')}</p>}
      {rows && rows.length > 0 && (
        <ul class="linked-items">
          {rows.map((r) => (
            <li key={r.rowId}>
              <span class="badge">{typeDef(r.itemtype).label}</span> <a href={href([r.itemtype, r.id])}>{r.name}</a>
              {editable && <UnlinkButton name={r.name} onUnlink={() => write(() => api.remove(spec.link, r.rowId, true), t('{name} unlinked.', { name: r.name }))} />}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <PickForm
          label={t('Link an item')}
          pickerId="link-item"
          pickerLabel={t('Item')}
          itemtype={target}
          button={t('Link item')}
          onMissing={() => refuse(t('Choose an item first.'))}
          onAdd={(picked) => write(() => api.create(spec.link, { [spec.parentFk]: id, itemtype: target, items_id: picked.id }), t('{name} linked.', { name: picked.name }))}
        >
          <div class="field">
            <label for="link-type">{t('Type')}</label>
            <ValueSelect id="link-type" value={target} choices={spec.targets.map((target) => [target, typeDef(target).label] as const)} onChange={setTarget} />
          </div>
        </PickForm>
      )}
    </section>
  );
}

/** Removes one link of a list (a linked item, a linked ticket), named for screen readers. */
export function UnlinkButton({ name, onUnlink }: { name: string; onUnlink: () => Promise<unknown> }) {
  return (
    <button type="button" class="link" aria-label={t('Unlink {name}', { name })} onClick={() => void onUnlink()}>
      {t('Unlink')}
    </button>
  );
}
