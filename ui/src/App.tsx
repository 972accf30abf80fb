import { useEffect, useRef, useState } from 'preact/hooks';
import { Header } from './components/Header';
import { Nav } from './components/Nav';
import { t } from './lib/i18n';
import { typeDef } from './lib/itemtypes';
import { useRoute } from './lib/router';
import { SessionContext, useSessionState } from './data/session';
import { Home } from './views/Home';
import { ItemView } from './views/items/ItemView';
import { ListView } from './views/items/ListView';
import { MyWork } from './views/MyWork';
import { SearchView } from './views/items/SearchView';
import { Find } from './views/Find';
import { DocumentUpload } from './views/items/Documents';
import { Import } from './views/admin/Import';
import { Kanban } from './views/tickets/Kanban';
import { InventorySettings } from './views/admin/Inventory';
import { QUEUES, type QueueKey } from './data/mywork';
import { Login } from './views/Login';
import { Desk } from './views/desk/Desk';
import { DeskNav } from './views/desk/DeskNav';
import { LiveToasts } from './components/LiveToasts';

const VALID_TYPE = /^[A-Za-z][A-Za-z0-9_]*$/;

export function App() {
  const { state, session, login } = useSessionState();
  const route = useRoute();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const [type, second] = route.parts;

  // `/` jumps to the page's search box, else the global one (unless one is typing); Esc closes the menu.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable]');
      if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        const box = document.querySelector<HTMLInputElement>('main [data-search]') ?? document.querySelector<HTMLInputElement>('.global-search input');
        if (box) {
          e.preventDefault();
          box.focus();
        }
      } else if (e.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const onDesk = session?.info.activeProfile.interface === 'helpdesk';
    const def = !onDesk && type && type !== 'my' && type !== 'find' ? typeDef((type === 'search' || type === 'import') && second ? second : type) : null;
    document.title = type === 'my' ? `${t('My work')} · Deskbase` : def ? `${t(def.plural)} · Deskbase` : session ? `${t('Overview')} · Deskbase` : `${t('Sign in')} · Deskbase`;
    window.scrollTo(0, 0);
  }, [type, second, !!session]);

  if (state.status === 'loading') {
    return (
      <main class="boot">
        <h1>Deskbase</h1>
        <p role="status">{t('Opening your session…')}</p>
      </main>
    );
  }
  if (!session) return <Login onLogin={login} notice={state.status === 'anonymous' ? state.notice : undefined} />;

  // GLPI's simplified interface: a requester gets the desk, not the technician's screens.
  const desk = session.info.activeProfile.interface === 'helpdesk';
  let view;
  if (desk) view = <Desk route={route} />;
  else if (!type) view = <Home />;
  else if (type === 'import' && second && VALID_TYPE.test(second)) view = <Import key={second} itemtype={second} />;
  else if (type === 'inventory' && second === undefined) view = <InventorySettings />;
  else if (type === 'find') view = <Find q={route.query.get('q') ?? ''} />;
  else if (type === 'search' && second && VALID_TYPE.test(second)) view = <SearchView key={second} itemtype={second} query={route.query} />;
  else if (type === 'my' && QUEUES.some((q) => q.key === second)) view = <MyWork queue={second as QueueKey} />;
  else if (type === 'kanban' && second === undefined) view = <Kanban />;
  else if (!VALID_TYPE.test(type)) view = <NotFound />;
  else if (second === undefined) view = <ListView key={type} itemtype={type} query={route.query} />;
  else if (second === 'new' && type === 'Document') view = <DocumentUpload />;
  else if (second === 'new') view = <ItemView key={`${type}/new`} itemtype={type} id={null} query={route.query} />;
  else if (/^\d+$/.test(second)) view = <ItemView key={`${type}/${second}`} itemtype={type} id={Number(second)} query={route.query} />;
  else view = <NotFound />;

  return (
    <SessionContext.Provider value={session}>
      <button type="button" class="skip-link" onClick={() => main.current?.focus()}>
        {t('Skip to content')}
      </button>
      <Header menuOpen={menuOpen} onMenu={() => setMenuOpen((o) => !o)} desk={desk} />
      <div class="layout">
        {desk ? <DeskNav current={type} open={menuOpen} onNavigate={() => setMenuOpen(false)} /> : <Nav current={type} open={menuOpen} onNavigate={() => setMenuOpen(false)} />}
        <main id="main" ref={main} tabIndex={-1}>
          {view}
        </main>
      </div>
      {!desk && <LiveToasts />}
    </SessionContext.Provider>
  );
}

function NotFound() {
  return (
    <div class="page">
      <h1>{t('Page not found')}</h1>
      <p>
        <a href="#/">{t('Back to the overview')}</a>
      </p>
    </div>
  );
}
