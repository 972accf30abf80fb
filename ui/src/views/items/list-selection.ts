import { useEffect, useState } from 'preact/hooks';
import { api } from '../../data/api';
import { useSession } from '../../data/session';

/** The rows picked in a list for a mass action: a page's, or every row matching its filter. */
export function useListSelection(itemtype: string, q: string, trash: boolean) {
  const { scope } = useSession();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // A new filter or view starts a new selection.
  useEffect(() => setSelected(new Set()), [q, trash, scope]);

  /** Every id matching the current filter, a page of 1 000 at a time. */
  const selectAllMatching = async () => {
    const all: number[] = [];
    for (let from = 0; ; from += 1000) {
      const p = await api.list(itemtype, { range: `${from}-${from + 999}`, searchText: q ? { name: q } : undefined, is_deleted: trash ? 1 : undefined });
      all.push(...p.items.map((i) => i.id));
      if (from + 1000 >= p.total || !p.items.length) break;
    }
    setSelected(new Set(all));
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { selected, toggle, selectAllMatching };
}
