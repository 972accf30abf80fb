/**
 * GLPI's "import from LDAP", beside the AuthLDAP item routes:
 * - `GET /AuthLDAP/:id/users?filter=…&name=…&start=0&limit=20` lists the directory's accounts not
 *   yet users (an LDAP filter ANDed with the directory's condition, a login fragment), sorted by
 *   login: `{"total": N, "accounts": [{"login", "dn"}…]}`;
 * - `POST /AuthLDAP/:id/import` with `{"input": {"logins": […], "dns": […]}}` makes them users as
 *   a first sign-in would: `{"imported": [{"login", "id"}…], "existing": […], "not_found": […]}`.
 * Both need GLPI's `user` right "import external users" (IMPORTEXTAUTHUSERS, 1024), as GLPI's
 * import screens; the directory must be active.
 */
import * as v from 'valibot';
import { json, type Reply, type SessionContext } from '../auth/context';
import { hasRight } from '../auth/scope';
import { badRequest, errors } from '../core/errors';
import { isObject } from '../core/params';
import { DirectoryUnavailable } from '../directory/connection';
import { BadFilter, importAccounts, newAccounts } from '../directory/import';
import { whenBack } from '../directory/lifecycle';
import { directoryById, type DirectoryServer } from '../directory/servers';

/** GLPI's User::IMPORTEXTAUTHUSERS bit of the `user` right. */
const IMPORT_EXTERNAL_USERS = 1024;

const COUNT = v.union([v.pipe(v.number(), v.safeInteger()), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/), v.transform(Number))]);

const LIST_QUERY = v.object({
  filter: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  name: v.optional(v.pipe(v.string(), v.maxLength(255))),
  start: v.optional(v.pipe(COUNT, v.minValue(0)), 0),
  limit: v.optional(v.pipe(COUNT, v.minValue(1), v.maxValue(1000)), 20),
});

const NAME = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(1000));
const IMPORT_INPUT = v.pipe(
  v.object({ logins: v.optional(v.array(NAME), []), dns: v.optional(v.array(NAME), []) }),
  v.check((i) => i.logins.length + i.dns.length > 0, 'input.logins or input.dns must name at least one account'),
  v.check((i) => i.logins.length + i.dns.length <= 1000, 'at most 1000 accounts at once'),
);

function parsed<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const res = v.safeParse(schema, value);
  if (res.success) return res.output;
  const issue = res.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.');
  throw badRequest(path ? `${path}: ${issue.message}` : issue.message);
}

/** Runs `work` on the directory; one that cannot be reached or refuses the filter answers 400. */
async function onDirectory<T>(server: DirectoryServer, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof BadFilter || e instanceof DirectoryUnavailable) throw badRequest(e.message);
    throw e;
  }
}

async function listUsers(ctx: SessionContext, server: DirectoryServer): Promise<Reply> {
  const query = parsed(LIST_QUERY, { filter: ctx.params.filter, name: ctx.params.name, start: ctx.params.start, limit: ctx.params.limit });
  return json(await onDirectory(server, () => newAccounts(ctx.services.store.db, server, query)));
}

async function importUsers(ctx: SessionContext, server: DirectoryServer): Promise<Reply> {
  const input = parsed(IMPORT_INPUT, isObject(ctx.params.input) ? ctx.params.input : undefined);
  const report = await onDirectory(server, () => importAccounts(ctx.services.store.db, server, input, whenBack(ctx.services.store.settings)));
  return json(report, report.imported.length > 0 ? 201 : 200);
}

const ACTIONS: Record<string, { method: string; run: (ctx: SessionContext, server: DirectoryServer) => Promise<Reply> }> = {
  users: { method: 'GET', run: listUsers },
  import: { method: 'POST', run: importUsers },
};

/** The action a request names (`/AuthLDAP/<id>/users|import`), or null when it names none. */
export function directoryAction(ctx: SessionContext): Promise<Reply> | null {
  const [typeName, idText, actionName] = ctx.segments;
  if (ctx.segments.length !== 3 || typeName!.toLowerCase() !== 'authldap' || !/^\d+$/.test(idText ?? '')) return null;
  const action = Object.hasOwn(ACTIONS, actionName!.toLowerCase()) ? ACTIONS[actionName!.toLowerCase()] : undefined;
  if (!action || action.method !== ctx.method) return null;
  if (!hasRight(ctx.scope, 'user', IMPORT_EXTERNAL_USERS)) throw errors.rightMissing();
  const server = directoryById(ctx.services.store.db, ctx.services.store.dataDir, Number(idText));
  if (!server) throw errors.itemNotFound();
  return action.run(ctx, server);
}
