import { useEffect, useRef, useState } from 'preact/hooks';
import { useSession } from '../../data/session';
import { t } from '../../lib/i18n';
import { CREATE, DELETE, can, typeDef } from '../../lib/itemtypes';
import { href } from '../../lib/router';

/** A list's heading (a badge in the trash) and its actions: the trash and back, import, a new item. */
export function ListHead({ itemtype, trash, onTrash }: { itemtype: string; trash: boolean; onTrash: () => void }) {
  const { info } = useSession();
  const def = typeDef(itemtype);
  return (
    <div class="page-head">
      <h1>
        {def.plural}
        {trash && <span class="badge badge-trash">{t('Trash')}</span>}
      </h1>
      <div class="actions">
        {def.trash && (trash || can(info.activeProfile, itemtype, DELETE)) && (
          <button type="button" class="secondary" aria-pressed={trash} onClick={onTrash}>
            {trash ? t('Back to the list') : t('Show the trash')}
          </button>
        )}
        {!trash && can(info.activeProfile, itemtype, CREATE) && (
          <a class="button secondary" href={href(['import', itemtype])}>
            {t('Import CSV')}
          </a>
        )}
        {!trash && can(info.activeProfile, itemtype, CREATE) && (
          <a class="button" href={href([itemtype, 'new'])}>
            {t('New {type}', { type: def.label.toLowerCase() })}
          </a>
        )}
      </div>
    </div>
  );
}

/**
 * A filter box that follows the URL's `q` (back button, navigation) and, 300 ms after one stops
 * typing, puts what was typed there (`push`).
 */
export function useUrlFilter(q: string, push: (filter: string) => void): [string, (filter: string) => void] {
  const [filter, setFilter] = useState(q);
  const pushed = useRef(q);
  useEffect(() => {
    if (q !== pushed.current) {
      pushed.current = q;
      setFilter(q);
    }
  }, [q]);
  useEffect(() => {
    if (filter === q) return;
    const timer = setTimeout(() => {
      pushed.current = filter;
      push(filter);
    }, 300);
    return () => clearTimeout(timer);
  }, [filter]);
  return [filter, setFilter];
}
