import { useMemo, useRef, useState } from 'preact/hooks';
import { api, type Item, type SearchOption } from '../../data/api';
import { useSession } from '../../data/session';
import { type FieldDef, formLayout, initialValues, type Values } from '../../data/fields';
import { useApi, useDraft } from '../../data/use-api';
import { SIDE_FIELDS } from '../tickets/ItilSide';

/** An item as stored and with its dropdowns named. */
export type Copy = { item: Item | null; names: Item | null };

/** The types shown as one page (./ItilPage.tsx), without tabs. */
export const ITIL_TYPES = new Set(['Ticket', 'Problem', 'Change']);

/**
 * An item's page data: its type's search options, the item as stored and with its dropdowns named
 * (none for a new item), and `refresh`, which reads the item again after a change.
 */
export function useItem(itemtype: string, id: number | null) {
  const { scope } = useSession();
  const loaded = useApi(
    () =>
      Promise.all([
        api.searchOptions(itemtype).catch((): Record<string, SearchOption> => ({})),
        id === null ? Promise.resolve(null) : api.get(itemtype, id),
        id === null ? Promise.resolve(null) : api.get(itemtype, id, { expand_dropdowns: true }).catch(() => null),
      ]),
    [itemtype, id, scope],
  );
  const [current, setCurrent] = useDraft(loaded.data, (data): Copy => ({ item: data?.[1] ?? null, names: data?.[2] ?? null }));
  /** Bumped after each change, so the History tab reloads. */
  const [changes, setChanges] = useState(0);

  // The item shown now, for answers that arrive after a render.
  const itemShown = useRef(current.item);
  itemShown.current = current.item;

  /** The item as stored, with its dropdowns named. */
  const readStored = async (itemId: number): Promise<Copy> => {
    const [item, names] = await Promise.all([api.get(itemtype, itemId), api.get(itemtype, itemId, { expand_dropdowns: true }).catch(() => null)]);
    return { item, names };
  };
  /** Shows `copy` as the item; the History tab reloads. */
  const adopt = (copy: Copy) => {
    setCurrent(() => copy);
    setChanges((n) => n + 1);
  };

  /**
   * Reloads the item after a change, before the change is reported: the form then shows what was
   * stored, and nothing the user types next can be overwritten by a late reload.
   */
  const refresh = async () => {
    if (id !== null) adopt(await readStored(id));
  };

  /**
   * The item as stored when it differs from the one shown, else null: a live event may be the
   * echo of this page's own save, already read again.
   */
  const storedChange = async (): Promise<Copy | null> => {
    if (id === null) return null;
    const copy = await readStored(id);
    return JSON.stringify(copy.item) === JSON.stringify(itemShown.current) ? null : copy;
  };

  return { options: loaded.data?.[0] ?? null, item: current.item, names: current.names, loadError: loaded.error, changes, refresh, storedChange, adopt };
}

/**
 * An item's form: its fields laid out (main and more), those the form shows (on a ticket's page,
 * not those the side panel and the description edit in place), and the values it starts from.
 */
export function useItemFields(itemtype: string, id: number | null, options: Record<string, SearchOption> | null, item: Item | null) {
  const { info } = useSession();
  const layout = useMemo(() => (options ? formLayout(itemtype, options, item) : null), [itemtype, options, item]);
  const shown = useMemo(() => {
    if (!layout || id === null || !ITIL_TYPES.has(itemtype)) return layout;
    const elsewhere = (f: FieldDef) => !SIDE_FIELDS.includes(f.key) && f.key !== 'content';
    return { main: layout.main.filter(elsewhere), more: layout.more.filter(elsewhere) };
  }, [layout, itemtype, id]);
  const fields: FieldDef[] = useMemo(() => (layout ? [...layout.main, ...layout.more] : []), [layout]);
  const defaults: Values = useMemo(
    () => ({ entities_id: info.activeEntity.id, is_active: 1, status: 1, type: 1, is_recursive: 0, is_helpdesk_visible: 1, is_valid: 1 }),
    [info.activeEntity.id],
  );
  const initial = useMemo(() => initialValues(fields, item, defaults), [fields, item, defaults]);
  return { layout, shown, fields, initial };
}
