import { useEffect, useRef, useState } from 'preact/hooks';
import { Header } from './components/Header';
import { Nav } from './components/Nav';
import { t } from './lib/i18n';
import { typeDef } from './lib/itemtypes';
import { useRoute } from './lib/router';
import { SessionContext, useSessionState } from './data/session';
import { Home } from './views/Home';
import { QUEUES, type QueueKey } from './data/mywork';
import { Login } from './views/Login';
import { DeskNav } from './views/desk/DeskNav';
import { LiveToasts } from './components/LiveToasts';
import { lazy } from './components/Lazy';

// The first visit needs the sign-in form and the overview; every other screen is a chunk of its own.
const ItemView = lazy(() => import('./views/items/ItemView').then((m) => m.ItemView), 'page');
const ListView = lazy(() => import('./views/items/ListView').then((m) => m.ListView), 'page');
const MyWork = lazy(() => import('./views/MyWork').then((m) => m.MyWork), 'page');
const SearchView = lazy(() => import('./views/items/SearchView').then((m) => m.SearchView), 'page');
const Find = lazy(() => import('./views/Find').then((m) => m.Find), 'page');
const DocumentUpload = lazy(() => import('./views/items/Documents').then((m) => m.DocumentUpload), 'page');
const Import = lazy(() => import('./views/admin/Import').then((m) => m.Import), 'page');
const Kanban = lazy(() => import('./views/tickets/Kanban').then((m) => m.Kanban), 'page');
const InventorySettings = lazy(() => import('./views/admin/Inventory').then((m) => m.InventorySettings), 'page');
const Desk = lazy(() => import('./views/desk/Desk').then((m) => m.Desk), 'page');

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
