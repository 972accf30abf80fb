import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../data/api';
import { Notice } from '../../components/Notice';
import { changedInput, createInput, type Values } from '../../data/fields';
import { t } from '../../lib/i18n';
import { CREATE, UPDATE, can, typeDef } from '../../lib/itemtypes';
import { navigate } from '../../lib/router';
import { useSession } from '../../data/session';
import { useLeaveGuard } from '../../lib/leave-guard';
import { useLiveEvents } from '../../data/live';
import { assetSections } from '../asset/sections';
import { useLockedFields } from '../admin/inventoried';
import { ItemHead, ItemLoadError } from './ItemHead';
import { flashOnNextView, useItemMessage } from './item-message';
import { ItemForm } from './ItemForm';
import { ItemTabPanel } from './ItemTabPanel';
import { ItemTabs } from './ItemTabs';
import { itemTabs } from './item-tabs';
import { type Copy, ITIL_TYPES, useItem, useItemFields } from './use-item';

/**
 * Counts the live events on the item (its tabs read again on each). Each reads the item first, as
 * the event may only echo this page's own save, and hands a stored item that differs from the one
 * shown to `onChange`, in the same turn as the check (no key typed in between is missed).
 */
function useChangedElsewhere(itemtype: string, id: number | null, storedChange: () => Promise<Copy | null>, onChange: (copy: Copy) => void): number {
  const [count, setCount] = useState(0);
  useLiveEvents(
    (event) => id !== null && event.itemtype === itemtype && event.items_id === id,
    () => {
      setCount((n) => n + 1);
      void storedChange()
        .then((copy) => copy && onChange(copy))
        .catch(() => undefined);
    },
  );
  return count;
}

/** One item: its head, its tabs and the form of its fields (a new item: the form only). */
export function ItemView({ itemtype, id, query }: { itemtype: string; id: number | null; query: URLSearchParams }) {
  const { info } = useSession();
  const def = typeDef(itemtype);
  const profile = info.activeProfile;
  const { options, item, names, loadError, changes, refresh, storedChange, adopt } = useItem(itemtype, id);
  const [values, setValues] = useState<Values>({});
  const { message, setMessage, busy, act } = useItemMessage();
  // A save by hand locks the fields it changes on an inventoried item: read again after each.
  const locked = useLockedFields(itemtype, id, Number(item?.is_dynamic) === 1, changes);
  const tab = id === null ? 'details' : (query.get('tab') ?? 'details');

  const { layout, shown, fields, initial } = useItemFields(itemtype, id, options, item);
  // What the form holds now, for answers that arrive after a render (compared only then, not per render).
  const formNow = useRef({ values, initial });
  formNow.current = { values, initial };
  // A form left alone shows the change at once; one being edited is told of it.
  const changedElsewhere = useChangedElsewhere(itemtype, id, storedChange, (copy) =>
    JSON.stringify(formNow.current.values) !== JSON.stringify(formNow.current.initial)
      ? setMessage({ kind: 'info', text: t('This item was changed elsewhere; save or reload to see the change.') })
      : adopt(copy),
  );
  // Before paint: the form never shows (or lets anyone edit) values older than the item.
  useLayoutEffect(() => setValues(initial), [initial]);

  const editable = id === null ? can(profile, itemtype, CREATE) : can(profile, itemtype, UPDATE);
  const deleted = Number(item?.is_deleted) === 1;
  // An edit not saved is not dropped silently when the user follows a link.
  useLeaveGuard(editable && Object.keys(id === null ? {} : changedInput(fields, initial, values)).length > 0);

  const title = id === null ? t('New {type}', { type: def.label.toLowerCase() }) : String((item && (item[def.title ?? 'name'] || item.name)) || `${def.label} #${id}`);

  const save = (e: Event) => {
    e.preventDefault();
    void act(async () => {
      if (id === null) {
        const newId = await api.create(itemtype, createInput(fields, values));
        flashOnNextView({ kind: 'success', text: t('{type} created.', { type: def.label }) });
        navigate([itemtype, newId]);
        return;
      }
      const input = changedInput(fields, initial, values);
      if (!Object.keys(input).length) return { kind: 'info', text: t('Nothing to save: no field was changed.') };
      await api.update(itemtype, id, input);
      await refresh();
      return { kind: 'success', text: t('Changes saved.') };
    });
  };

  if (loadError) return <ItemLoadError itemtype={itemtype} heading={id === null ? title : `${def.label} #${id}`} error={loadError} />;
  if (!layout || (id !== null && !item)) {
    return (
      <div class="page">
        <p role="status">{t('Loading…')}</p>
      </div>
    );
  }

  // A ticket, problem or change is one page (./ItilPage.tsx): no tabs.
  const onePage = id !== null && ITIL_TYPES.has(itemtype) && item !== null;
  const sections = id === null ? [] : assetSections(itemtype, profile);
  const tabs = id === null ? [] : itemTabs(itemtype, sections, onePage);

  const form = (
    <ItemForm
      itemtype={itemtype}
      id={id}
      item={item}
      names={names}
      parts={shown ?? layout}
      values={values}
      onValues={setValues}
      locked={locked}
      busy={busy}
      editable={editable}
      onSubmit={save}
      onUndo={() => setValues(initial)}
    />
  );

  return (
    <div class="page">
      <ItemHead itemtype={itemtype} id={id} title={title} deleted={deleted} profile={profile} busy={busy} act={act} refresh={refresh} />

      {message && (
        <Notice kind={message.kind} onClose={() => setMessage(null)}>
          {message.text}
        </Notice>
      )}

      {tabs.length > 1 && id !== null && <ItemTabs itemtype={itemtype} id={id} tabs={tabs} tab={tab} />}

      <div id="tab-panel" role={tabs.length > 1 ? 'tabpanel' : undefined} aria-labelledby={tabs.length > 1 ? `tab-${tab}` : undefined}>
        {id !== null && item ? (
          <ItemTabPanel
            tab={tab}
            itemtype={itemtype}
            id={id}
            item={item}
            names={names}
            options={options ?? {}}
            editable={editable}
            deleted={deleted}
            onePage={onePage}
            sections={sections}
            locked={locked}
            changes={changes}
            changedElsewhere={changedElsewhere}
            refresh={refresh}
          >
            {form}
          </ItemTabPanel>
        ) : (
          form
        )}
      </div>
    </div>
  );
}
