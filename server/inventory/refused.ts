/**
 * GLPI 10.0's "Equipments refused by rules log" (RefusedEquipment): what the import rules
 * refused, with the rule that did, the device's name, serial, UUID, addresses and MACs (JSON
 * lists, as GLPI's), its agent when it has one. Written by the inventory only.
 */
import { nowString } from '../core/clock';
import { insertRow, selectOne } from '../db/rows';
import { columnsFromInput, type WriteContext } from '../items/crud';
import { HISTORY, writeLog } from '../items/history';
import { itemtypeOrThrow } from '../registry';
import type { Refusal } from './match';

/** What the log keeps of a refused device. */
export interface RefusedDevice {
  deviceid: string;
  itemtype: string;
  name: string;
  serial: string;
  uuid: string;
  ips: string[];
  macs: string[];
}

/** The column's size: a list too long keeps its first values. */
const COLUMN_SIZE = 255;

function jsonList(values: string[]): string {
  const kept = [...values];
  while (kept.length > 0 && JSON.stringify(kept).length > COLUMN_SIZE) kept.pop();
  return JSON.stringify(kept);
}

export function logRefusal(wc: WriteContext, inv: RefusedDevice, refusal: Refusal, autoupdatesystemsId: number): number {
  const type = itemtypeOrThrow('RefusedEquipment');
  const agent = selectOne(wc.db, 'SELECT id FROM glpi_agents WHERE deviceid = ?', inv.deviceid);
  const now = nowString();
  const id = insertRow(
    wc.db,
    type.table,
    columnsFromInput(type, {
      name: inv.name,
      itemtype: inv.itemtype,
      entities_id: 0,
      ip: jsonList(inv.ips),
      mac: jsonList(inv.macs),
      rules_id: refusal.refusedBy.id,
      method: 'inventory',
      serial: inv.serial || null,
      uuid: inv.uuid || null,
      agents_id: agent ? Number(agent.id) : 0,
      autoupdatesystems_id: autoupdatesystemsId,
      date_creation: now,
      date_mod: now,
    }),
  );
  writeLog(wc.db, wc.actor, { itemtype: type.name, itemsId: id, action: HISTORY.CREATE_ITEM });
  return id;
}
