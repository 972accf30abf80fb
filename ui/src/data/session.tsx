import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { type Language, languageOf, setLanguage, t } from '../lib/i18n';
import { setDateFormat } from '../lib/dates';
import { type ActiveEntity, type ActiveProfile, api, type Entity, type Profile, TOKEN_KEY } from './api';

/** What the console knows about the open session. */
export interface SessionInfo {
  userId: number;
  language: Language;
  userName: string;
  profiles: Profile[];
  activeProfile: ActiveProfile;
  entities: Entity[];
  activeEntity: ActiveEntity;
  /** The background of each priority (1 very low … 6 major): GLPI's `priority_N` preferences. */
  priorityColors: string[];
}

/** GLPI's default priority colours (config priority_1 … priority_6). */
const PRIORITY_COLORS = ['#fff2f2', '#ffe0e0', '#ffcece', '#ffbfbf', '#ffadad', '#ff5555'];
const COLOR = /^#[0-9a-f]{3,8}$/i;

export interface SessionApi {
  info: SessionInfo;
  /** Changes whenever the active profile or entities change: views reload on it. */
  scope: number;
  changeProfile(id: number): Promise<void>;
  changeEntity(id: number | 'all', recursive: boolean): Promise<void>;
  logout(): Promise<void>;
}

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside of a session');
  return session;
}

export async function loadSession(): Promise<SessionInfo> {
  const [full, profiles, activeProfile, entities, activeEntity] = await Promise.all([
    api.fullSession(),
    api.myProfiles(),
    api.activeProfile(),
    api.myEntities(),
    api.activeEntities(),
  ]);
  const userId = Number(full.glpiID ?? 0);
  // The session's language (GLPI's `glpilanguage`: the user's preference, else the global one).
  const language = languageOf(full.glpilanguage);
  setLanguage(language);
  // Dates shown and typed in the user's format (GLPI's date_format preference).
  setDateFormat(full.glpidate_format);
  const friendly = [full.glpifirstname, full.glpirealname].filter((v) => typeof v === 'string' && v).join(' ');
  return {
    userId,
    language,
    userName: friendly || String(full.glpiname ?? full.glpifriendlyname ?? ''),
    profiles,
    activeProfile,
    entities,
    activeEntity,
    priorityColors: PRIORITY_COLORS.map((fallback, i) => {
      const own = full[`glpipriority_${i + 1}`];
      return typeof own === 'string' && COLOR.test(own) ? own : fallback;
    }),
  };
}

export type SessionState = { status: 'loading' } | { status: 'anonymous'; notice?: string } | { status: 'open'; info: SessionInfo };

/** The session state of the app: restores a token kept in localStorage, opens and closes sessions, follows other tabs. */
export function useSessionState() {
  const [state, setState] = useState<SessionState>(() => (api.token ? { status: 'loading' } : { status: 'anonymous' }));
  const [scope, setScope] = useState(0);

  useEffect(() => {
    api.onSessionLost = () => setState({ status: 'anonymous', notice: t('Your session has ended. Please sign in again.') });
    if (api.token) {
      loadSession()
        .then((info) => setState({ status: 'open', info }))
        .catch(() => {
          void api.logout().catch(() => undefined);
          setState({ status: 'anonymous' });
        });
    }
    // Signing in or out in another tab does the same here.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== TOKEN_KEY || e.newValue === api.token) return;
      api.adoptToken(e.newValue);
      if (!e.newValue) setState({ status: 'anonymous', notice: t('You are signed out.') });
      else void loadSession().then((info) => setState({ status: 'open', info }));
    };
    window.addEventListener('storage', onStorage);
    return () => {
      api.onSessionLost = null;
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const login = useCallback(async (login: string, password: string) => {
    await api.login(login, password);
    const info = await loadSession();
    setState({ status: 'open', info });
  }, []);

  const refresh = useCallback(async () => {
    const info = await loadSession();
    setState({ status: 'open', info });
    setScope((s) => s + 1);
  }, []);

  const session = useMemo<SessionApi | null>(() => {
    if (state.status !== 'open') return null;
    return {
      info: state.info,
      scope,
      async changeProfile(id) {
        await api.changeActiveProfile(id);
        await refresh();
      },
      async changeEntity(id, recursive) {
        await api.changeActiveEntities(id, recursive);
        await refresh();
      },
      async logout() {
        try {
          await api.logout();
        } finally {
          setState({ status: 'anonymous', notice: t('You are signed out.') });
        }
      },
    };
  }, [state, scope, refresh]);

  return { state, session, login };
}
