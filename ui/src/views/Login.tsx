import { useState } from 'preact/hooks';
import { errorText } from '../data/api';
import { Notice } from '../components/Notice';
import { t } from '../lib/i18n';

/** Sign in with a login and password (initSession with Basic credentials). */
export function Login({ onLogin, notice }: { onLogin: (login: string, password: string) => Promise<void>; notice?: string }) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await onLogin(login.trim(), password);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <main class="login">
      <form class="login-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Deskbase</h1>
        <p class="muted">{t('Sign in to the admin console.')}</p>
        {notice && !error && <Notice kind="info">{notice}</Notice>}
        {error && <Notice kind="error">{error}</Notice>}
        <div class="field">
          <label for="login-name">{t('Login')}</label>
          <input id="login-name" name="login" autoComplete="username" required autoFocus value={login} onInput={(e) => setLogin(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="login-password">{t('Password')}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        <button type="submit" disabled={busy}>
          {busy ? t('Signing in…') : t('Sign in')}
        </button>
      </form>
    </main>
  );
}
