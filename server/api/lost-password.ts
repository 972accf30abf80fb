import { accountByEmail, drawResetToken, policyProblems, resetPassword, tokenValid } from '../auth/password-reset';
import { json, type Reply, type RequestContext } from './context';
import { badRequest } from '../core/errors';
import { mailEnabled } from '../notify/mailer';
import { raisePasswordForget } from '../notify/user-events';

export const REQUEST_ANSWER = 'If this address belongs to an account, a message explaining how to reset its password has been sent to it.';
export const RESET_ANSWER = 'The password has been reset.';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * PUT /lostPassword (no session): `{email}` asks for a reset token by e-mail; `{email,
 * password_forget_token, password}` sets the new password. The answer never tells whether an
 * address is known, and repeated requests for one address or from one client send nothing more.
 */
export async function lostPassword(ctx: RequestContext): Promise<Reply> {
  if (ctx.method !== 'PUT' && ctx.method !== 'PATCH') throw badRequest('Only HTTP verb PUT is allowed');
  const { services, params } = ctx;
  const { settings } = services.store;
  if (!mailEnabled(settings)) throw badRequest('Email notifications are disabled');
  const email = text(params.email);
  const completing = params.password_forget_token !== undefined || params.password !== undefined;
  if (email === '' && !completing) throw badRequest('email parameter missing');
  const token = ctx.headers.get('session-token') ?? (typeof params.session_token === 'string' ? params.session_token : '');
  if (token && services.sessions.resolve(token)) throw badRequest('A session is active');

  if (completing) {
    const forgetToken = text(params.password_forget_token);
    const password = typeof params.password === 'string' ? params.password : '';
    if (email === '' || forgetToken === '') throw badRequest('email, password_forget_token and password are all required');
    const user = accountByEmail(services, email);
    if (!user || !tokenValid(user, forgetToken)) throw badRequest('The reset token is invalid or has expired; ask for a new one');
    const problems = policyProblems(settings, password);
    if (problems.length) throw badRequest(problems.join('\\n'));
    await resetPassword(services, user, password);
    return json([RESET_ANSWER]);
  }

  const keys = [`ip:reset:${ctx.ip}`, `reset:${email.toLowerCase()}`];
  if (services.throttle.retryAfter(keys) === 0) {
    services.throttle.fail(keys); // each request counts: this limits the mail one client can cause
    const user = accountByEmail(services, email);
    if (user) {
      const origin = ctx.apiBase.slice(0, -'/apirest.php'.length);
      // GLPI's Password Forget notification (25) to the address asked for; sent off the request
      // path, a failure stays in the queue, never shown to the caller (it would tell whether an address exists).
      drawResetToken(services, user, (token) => raisePasswordForget(services.store.db, settings, user, email, token, origin));
    }
  }
  return json([REQUEST_ANSWER]);
}
