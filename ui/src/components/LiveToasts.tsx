import { useState } from 'preact/hooks';
import { t } from '../lib/i18n';
import { typeDef } from '../lib/itemtypes';
import { useLiveEvents } from '../data/live';
import { href } from '../lib/router';
import { useSession } from '../data/session';

interface Toast {
  key: number;
  itemtype: string;
  id: number;
}

const SHOWN_MS = 10_000;
let counter = 0;

/** "Ticket #12 assigned to you": a small notice, as the assignment happens, that links to the item. */
export function LiveToasts() {
  const { info } = useSession();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = (key: number) => setToasts((all) => all.filter((toast) => toast.key !== key));
  useLiveEvents(
    (event) => event.event === 'assign_user' && event.users_id === info.userId,
    (event) => {
      const key = ++counter;
      setToasts((all) => [...all.filter((toast) => !(toast.itemtype === event.itemtype && toast.id === event.items_id)), { key, itemtype: event.itemtype, id: event.items_id }]);
      setTimeout(() => dismiss(key), SHOWN_MS);
    },
    true,
  );
  return (
    <div class="toasts" role="log" aria-live="polite" aria-label={t('Live notices')}>
      {toasts.map((toast) => (
        <div class="toast" key={toast.key}>
          <a href={href([toast.itemtype, toast.id])} onClick={() => dismiss(toast.key)}>
            {t('{type} #{id} assigned to you', { type: typeDef(toast.itemtype).label, id: toast.id })}
          </a>
          <button type="button" class="link" aria-label={t('Dismiss')} onClick={() => dismiss(toast.key)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
