/**
 * `GET /getMyDevices` — a Deskbase addition (GLPI 10's API has no such endpoint): the devices a
 * requester may name on a ticket, as GLPI's helpdesk form offers them, without the asset rights a
 * Self-Service profile lacks. When the active profile allows "my devices" (helpdesk_hardware bit
 * 1), it lists the items of the profile's `helpdesk_item_type` types that belong to the session's
 * user (`users_id`) or to one of their groups (`groups_id`), in the active entities, neither in
 * the trash nor templates. Only the session's own devices: nobody else's can be asked for.
 */
import { json, type Reply, type SessionContext } from './context';
import { selectAll } from '../db/rows';
import { inList, joinFrags, or, raw, sql } from '../db/frag';
import { itemtype } from '../registry';

/** GLPI's pow(2, Ticket::HELPDESK_MY_HARDWARE). */
const MY_HARDWARE = 1;

function helpdeskTypes(raw: unknown): string[] {
  if (typeof raw !== 'string' || raw === '') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

export function getMyDevices(ctx: SessionContext): Reply {
  const { scope } = ctx;
  const mydevices: { itemtype: string; id: number; name: string; entities_id: number }[] = [];
  if ((Number(scope.profile.row.helpdesk_hardware ?? 0) & MY_HARDWARE) === 0 || scope.activeEntities.length === 0) return json({ mydevices });
  const me = Number(scope.user.id);
  for (const name of helpdeskTypes(scope.profile.row.helpdesk_item_type)) {
    const type = itemtype(name);
    if (!type || !type.column.has('users_id') || !type.column.has('entities_id')) continue;
    const owners = [sql`users_id = ${me}`];
    if (type.column.has('groups_id') && scope.groups.length > 0) owners.push(sql`groups_id IN (${inList(scope.groups.map(Number))})`);
    const live = ['is_deleted', 'is_template'].filter((c) => type.column.has(c)).map((c) => raw(` AND ${c} = 0`));
    const query = sql`SELECT id, name, entities_id FROM ${raw(type.table)} WHERE entities_id IN (${inList(scope.activeEntities)})${joinFrags(live, '')} AND (${or(owners)}) ORDER BY name, id`;
    const rows = selectAll(ctx.services.store.db, query.sql, ...query.args);
    for (const row of rows) mydevices.push({ itemtype: type.name, id: Number(row.id), name: String(row.name ?? ''), entities_id: Number(row.entities_id) });
  }
  return json({ mydevices });
}
