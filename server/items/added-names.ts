import { componentTypes, itemtype, type Itemtype } from '../registry';
import { addedItemTypeName } from '../registry/labels';
import type { Db } from '../db/connection';
import { findById, type Row } from '../db/rows';
import { nameOfRow } from './names';

/** GLPI's name of an item that has none (its NOT_AVAILABLE). */
const NOT_AVAILABLE = 'N/A';

/** An item's name as GLPI's getName gives it: 'N/A' when it has none or does not exist. */
function itemName(db: Db, name: string, id: number): string {
  const type = itemtype(name);
  const row = type ? findById(db, type.table, id) : null;
  const found = type && row ? nameOfRow(type, row) : '';
  return found === '' ? NOT_AVAILABLE : found;
}

/** A row's own name, or GLPI's "<type name> - ID <id>" when it has none. */
function ownName(type: Itemtype, row: Row): string {
  const name = nameOfRow(type, row);
  return name === '' ? `${addedItemTypeName(type.name)} - ID ${String(row.id)}` : name;
}

const COMPONENT_LINKS = new Set(componentTypes().map((t) => t.name));
const NAMED_BY_LINK = new Set(['NetworkPort', 'Item_OperatingSystem', 'Item_Ticket', ...COMPONENT_LINKS]);

/** Whether GLPI's add message names a row of this type from what it links (linkedAddName). */
export const namedByLink = (type: Itemtype): boolean => NAMED_BY_LINK.has(type.name);

/**
 * What GLPI's add message names a new row of the types that name themselves after what they link
 * (their friendly name or link text, HTML stripped): a port after its item (" pc2 >  eth0", the
 * icons GLPI puts before each part leaving their spaces), an operating system's and a component's
 * link after their item ("Computer pc2", 'Processor of item "pc2"'), a ticket's item link by the
 * item alone. null for the other types, which are named by their own name.
 */
export function linkedAddName(db: Db, type: Itemtype, row: Row): string | null {
  const linked = typeof row.itemtype === 'string' && row.itemtype !== '' ? row.itemtype : null;
  const items = Number(row.items_id ?? 0);
  if (type.name === 'NetworkPort') {
    const owner = linked ? itemtype(linked) : undefined;
    const exists = owner !== undefined && findById(db, owner.table, items) !== null;
    return exists ? ` ${itemName(db, linked!, items)} >  ${ownName(type, row)}` : ownName(type, row);
  }
  if (type.name === 'Item_OperatingSystem' && linked) return `${addedItemTypeName(linked)} ${itemName(db, linked, items)}`;
  if (COMPONENT_LINKS.has(type.name)) {
    const device = addedItemTypeName(type.name.slice('Item_'.length));
    return linked ? `${device} of item "${itemName(db, linked, items)}"` : device;
  }
  if (type.name === 'Item_Ticket' && linked) {
    const name = itemName(db, linked, items);
    return name === NOT_AVAILABLE ? `${addedItemTypeName(linked)} - ID ${items}` : name;
  }
  return null;
}
