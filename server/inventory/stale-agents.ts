/**
 * GLPI 10.0's automatic action Cleanoldagents: the agents that have not called for
 * `stale_agents_delay` days (inventory settings; 0 turns it off) get `stale_agents_action`, a
 * JSON list of GLPI's actions: 0 delete the agent, 1 give its dynamic asset the state
 * `stale_agents_status`, 2 put its dynamic asset in the trash. Written as the inventory writes
 * (history naming `Inventory`, locks kept), one transaction a run.
 */
import type { Services } from '../auth/services';
import { inTransaction, type Db } from '../db/connection';
import { inventorySettings } from '../db/inventory-state';
import { selectAll, selectOne } from '../db/rows';
import { deleteItem, updateItem } from '../items/crud';
import { itemtype, itemtypeOrThrow } from '../registry';
import { inventoryContext } from './endpoint';

/** GLPI's STALE_AGENT_ACTION_CLEAN, _STATUS and _TRASHBIN. */
const CLEAN = 0;
const STATUS = 1;
const TRASHBIN = 2;

function actionsOf(value: string): number[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return (Array.isArray(parsed) ? parsed : [parsed]).map(Number).filter((n) => Number.isInteger(n));
  } catch {
    return [];
  }
}

/** The automatic action, for the server's services. */
export function staleAgentsAction(services: Services): (db: Db, now: string) => void {
  return (db, now) => {
    const settings = inventorySettings(db);
    const days = Number(settings.stale_agents_delay);
    if (!(days > 0)) return;
    const actions = actionsOf(settings.stale_agents_action ?? '');
    const stale = selectAll(db, 'SELECT id, itemtype, items_id FROM glpi_agents WHERE last_contact < datetime(?, ?) ORDER BY id', now, `-${days} days`);
    if (stale.length === 0 || actions.length === 0) return;
    services.noticeExternalWrites();
    inTransaction(db, () => {
      const wc = inventoryContext(services);
      for (const agent of stale) {
        const type = itemtype(String(agent.itemtype));
        const asset = type ? selectOne(db, `SELECT id, is_deleted FROM ${type.table} WHERE id = ? AND is_dynamic = 1`, Number(agent.items_id)) : null;
        if (type && asset && actions.includes(STATUS) && Number(settings.stale_agents_status) > 0) updateItem(wc, type, Number(asset.id), { states_id: Number(settings.stale_agents_status), is_dynamic: 1 });
        if (type && asset && actions.includes(TRASHBIN) && Number(asset.is_deleted) === 0) deleteItem(wc, type, Number(asset.id), false);
        if (actions.includes(CLEAN)) deleteItem(wc, itemtypeOrThrow('Agent'), Number(agent.id), true);
      }
    });
  };
}
