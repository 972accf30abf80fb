import { t } from '../lib/i18n';
import { useState } from 'preact/hooks';
import { errorText } from '../data/api';
import { href, navigate } from '../lib/router';
import { useSession } from '../data/session';
import { Notice } from './Notice';

/** Top bar: who is signed in, the active profile and entities, sign out; the global search but on the requester's desk. */
export function Header({ menuOpen, onMenu, desk = false }: { menuOpen: boolean; onMenu: () => void; desk?: boolean }) {
  const session = useSession();
  const { info } = session;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const active = info.activeEntity;
  const activeIds = new Set(active.active_entities.map((e) => e.id));
  const isAll = active.active_entity_recursive && info.entities.length > 0 && info.entities.every((e) => activeIds.has(e.id));
  const entityValue = isAll ? 'all' : String(active.id);

  return (
    <header class="topbar">
      <button type="button" class="menu-button" aria-expanded={menuOpen} aria-controls="nav" onClick={onMenu}>
        <span aria-hidden="true">☰</span> {t('Menu')}
      </button>
      <a class="brand" href={href([])}>
        Deskbase
      </a>
      {!desk && <form
        class="global-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const q = new FormData(e.currentTarget).get('q');
          if (typeof q === 'string' && q.trim()) navigate(['find'], { q: q.trim() });
        }}
      >
        <input type="search" name="q" aria-label={t('Search assets, tickets and users')} placeholder={t('Search assets, tickets, users…')} />
      </form>}
      <div class="session-controls" aria-busy={busy}>
        <label class="control">
          <span>{t('Profile')}</span>
          <select translate={false}
            value={String(info.activeProfile.id)}
            disabled={busy || info.profiles.length < 2}
            onChange={(e) => void run(() => session.changeProfile(Number(e.currentTarget.value)))}
          >
            {info.profiles.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label class="control">
          <span>{t('Entity')}</span>
          <select translate={false}
            value={entityValue}
            disabled={busy}
            onChange={(e) => {
              const v = e.currentTarget.value;
              void run(() => session.changeEntity(v === 'all' ? 'all' : Number(v), v === 'all' ? true : active.active_entity_recursive));
            }}
          >
            <option value="all">{t('All entities')}</option>
            {info.entities.map((e) => (
              <option key={e.id} value={String(e.id)}>
                {e.name}
              </option>
            ))}
          </select>
        </label>
        <label class="control control-check">
          <input
            type="checkbox"
            checked={active.active_entity_recursive}
            disabled={busy || isAll}
            onChange={(e) => {
              const recursive = e.currentTarget.checked;
              void run(() => session.changeEntity(active.id, recursive));
            }}
          />
          <span>{t('Sub-entities')}</span>
        </label>
        <span class="user" translate={false} title={t('Signed in user')}>
          {info.userName}
        </span>
        <button type="button" class="secondary" disabled={busy} onClick={() => void run(() => session.logout())}>
          {t('Sign out')}
        </button>
      </div>
      {error && (
        <div class="topbar-error">
          <Notice kind="error" onClose={() => setError('')}>
            {error}
          </Notice>
        </div>
      )}
    </header>
  );
}
