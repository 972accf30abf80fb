/**
 * GLPI's "import from LDAP", beside the AuthLDAP item routes:
 * - `GET /AuthLDAP/:id/users?filter=…&name=…&start=0&limit=20` lists the directory's accounts not
 *   yet users (an LDAP filter ANDed with the directory's condition, a login fragment), sorted by
 *   login: `{"total": N, "accounts": [{"login", "dn"}…]}`;
 * - `POST /AuthLDAP/:id/import` with `{"input": {"logins": […], "dns": […]}}` makes them users as
 *   a first sign-in would: `{"imported": [{"login", "id"}…], "existing": […], "not_found": […]}`.
 * Both need GLPI's `user` right "import external users" (IMPORTEXTAUTHUSERS, 1024), as GLPI's
 * import screens. Its groups, as GLPI's group import (the `group` right's UPDATE and the `user`
 * right's UPDATEAUTHENT, 4096):
 * - `GET /AuthLDAP/:id/groups?filter=…&name=…&start=0&limit=20` lists the group entries no group
 *   is linked to: `{"total": N, "groups": [{"name", "dn"}…]}`;
 * - `POST /AuthLDAP/:id/importgroups` with `{"input": {"dns": […], "entities_id": 0, "is_recursive": 0}}`
 *   makes a group of each (its `cn`, linked by `ldap_group_dn`), all or none:
 *   `{"imported": [{"dn", "id"}…], "existing": […], "not_found": […]}`.
 * These need an active directory. With the `config` right (AuthLDAP's), for any directory:
 * - `POST /AuthLDAP/:id/test` (UPDATE) tests its connection (connection-test.ts):
 *   `{"connected", "basedn_found", "accounts", "sample": [{"login", "dn", "fields"}…], "error"}`;
 * - `GET /AuthLDAP/:id/sync` (READ) answers its last synchronisation's report, with its progress
 *   while it runs, or null when it never ran; `POST /AuthLDAP/:id/sync` (UPDATE, an active
 *   directory) starts one now in the background and answers 202 with its report.
 */
import * as v from 'valibot';
import { json, type Reply, type SessionContext } from './context';
import { badRequest, errors } from '../core/errors';
import { isObject } from '../core/params';
import { REQUEST_PARAMS } from '../core/request-params';
import { inTransaction } from '../db/connection';
import { DirectoryUnavailable } from '../directory/connection';
import { testConnection } from '../directory/connection-test';
import { lastReport } from '../directory/sync-reports';
import { syncNow } from '../directory/ldapsync';
import { groupEntry, isLinked, newGroups, type DirectoryGroup } from '../directory/group-import';
import { addItem } from '../items/crud';
import { ItemError } from '../items/hooks';
import { itemtypeOrThrow } from '../registry';
import { writeContext } from './items/write';
import { BadFilter, importAccounts, newAccounts, type AccountQuery } from '../directory/import';
import { whenBack } from '../directory/lifecycle';
import { directoryById, type DirectoryServer } from '../directory/servers';

const COUNT = v.union([v.pipe(v.number(), v.safeInteger()), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/), v.transform(Number))]);

const LIST_QUERY = v.object({
  filter: REQUEST_PARAMS.filter.schema,
  name: REQUEST_PARAMS.name.schema,
  start: REQUEST_PARAMS.start.schema,
  limit: REQUEST_PARAMS.limit.schema,
});

const NAME = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(1000));
const IMPORT_INPUT = v.pipe(
  v.object({ logins: v.optional(v.array(NAME), []), dns: v.optional(v.array(NAME), []) }),
  v.check((i) => i.logins.length + i.dns.length > 0, 'input.logins or input.dns must name at least one account'),
  v.check((i) => i.logins.length + i.dns.length <= 1000, 'at most 1000 accounts at once'),
);

const GROUPS_INPUT = v.object({
  dns: v.pipe(v.array(NAME), v.minLength(1, 'input.dns must name at least one group'), v.maxLength(1000, 'at most 1000 groups at once')),
  entities_id: v.optional(v.pipe(COUNT, v.minValue(0)), 0),
  is_recursive: v.optional(v.picklist([0, 1, '0', '1']), 0),
});

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

/** filter, name, start and limit, by the table's schemas. */
function listQuery(ctx: SessionContext): AccountQuery {
  return parsed(LIST_QUERY, { filter: ctx.params.filter, name: ctx.params.name, start: ctx.params.start, limit: ctx.params.limit }) as AccountQuery;
}

export async function listDirectoryUsers(ctx: SessionContext, server: DirectoryServer): Promise<Reply> {
  const query = listQuery(ctx);
  return json(await onDirectory(server, () => newAccounts(ctx.services.store.db, server, query)));
}

export async function importDirectoryUsers(ctx: SessionContext, server: DirectoryServer): Promise<Reply> {
  const input = parsed(IMPORT_INPUT, isObject(ctx.params.input) ? ctx.params.input : undefined);
  const report = await onDirectory(server, () => importAccounts(ctx.services.store.db, server, input, whenBack(ctx.services.store.settings), writeContext(ctx).actor));
  return json(report, report.imported.length > 0 ? 201 : 200);
}

export async function listDirectoryGroups(ctx: SessionContext, server: DirectoryServer): Promise<Reply> {
  const query = listQuery(ctx);
  return json(await onDirectory(server, () => newGroups(ctx.services.store.db, server, query)));
}

export async function importDirectoryGroups(ctx: SessionContext, server: DirectoryServer): Promise<Reply> {
  const input = parsed(GROUPS_INPUT, isObject(ctx.params.input) ? ctx.params.input : undefined);
  const db = ctx.services.store.db;
  const report = { imported: [] as { dn: string; id: number }[], existing: [] as string[], not_found: [] as string[] };
  const found: DirectoryGroup[] = [];
  for (const dn of input.dns) {
    const group = await onDirectory(server, () => groupEntry(db, server, dn));
    if (!group) report.not_found.push(dn);
    else if (isLinked(db, group.dn)) report.existing.push(dn);
    else found.push(group);
  }
  const wc = writeContext(ctx);
  const type = itemtypeOrThrow('Group');
  try {
    inTransaction(db, () => {
      for (const group of found) {
        const id = addItem(wc, type, { name: group.name, ldap_group_dn: group.dn, entities_id: input.entities_id, is_recursive: Number(input.is_recursive) });
        report.imported.push({ dn: group.dn, id });
      }
    });
  } catch (e) {
    if (!(e instanceof ItemError)) throw e;
    if (e.status === 403 || e.code === 'ERROR_RIGHT_MISSING') throw errors.rightMissing();
    throw badRequest(e.message);
  }
  return json(report, report.imported.length > 0 ? 201 : 200);
}

/** Starts a synchronisation of the directory now, in the background: 202 with its report as it starts. */
export function startDirectorySync(ctx: SessionContext, server: DirectoryServer): Reply {
  if (!syncNow(ctx.services, server, writeContext(ctx).actor)) {
    throw badRequest(`A synchronisation of the directory "${server.name}" is under way`);
  }
  return json(lastReport(ctx.services.store.db, server.id), 202);
}

export async function testDirectory(ctx: SessionContext, server: DirectoryServer): Promise<Reply> {
  return json(await testConnection(ctx.services.store.db, server));
}

export function lastDirectorySync(ctx: SessionContext, server: DirectoryServer): Reply {
  return json(lastReport(ctx.services.store.db, server.id));
}

/**
 * A directory action's handler: the directory of `/AuthLDAP/<id>/…`, active unless `anyState`
 * (404 without one), its rights checked by the router.
 */
export function onDirectoryServer(run: (ctx: SessionContext, server: DirectoryServer) => Promise<Reply> | Reply, anyState?: true): (ctx: SessionContext) => Promise<Reply> | Reply {
  return (ctx) => {
    const server = directoryById(ctx.services.store.db, ctx.services.store.dataDir, Number(ctx.segments[1]), anyState);
    if (!server) throw errors.itemNotFound();
    return run(ctx, server);
  };
}
