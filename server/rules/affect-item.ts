/**
 * GLPI's "Associated elements" actions of ticket rules (affectbyip, affectbyfqdn, affectbymac):
 * the value (with the rule's captures) is an IP address, a host name with its domain, or a MAC
 * address; when exactly one network row holds it and the asset it belongs to lies in the ticket's
 * entity (not below it), the ticket's items become that asset alone, as GLPI's
 * getUniqueItemByIPAddress, getUniqueItemByFQDN and getUniqueItemByMac decide.
 */
import type { Db } from '../db/connection';
import { selectAll, selectOne } from '../db/rows';
import { itemtype } from '../registry';

interface Owner {
  itemtype: string;
  id: number;
}

/** The assets owning each IP address row of that address (its main item, written with it). */
function byIp(db: Db, ip: string): Owner[] {
  return selectAll(db, "SELECT mainitemtype, mainitems_id FROM glpi_ipaddresses WHERE name = ? COLLATE NOCASE AND is_deleted = 0 AND mainitems_id > 0 AND COALESCE(mainitemtype, '') <> ''", ip.trim()).map((r) => ({
    itemtype: String(r.mainitemtype),
    id: Number(r.mainitems_id),
  }));
}

/** The asset of a network port. */
function portOwner(db: Db, portId: number): Owner | null {
  const port = selectOne(db, 'SELECT itemtype, items_id FROM glpi_networkports WHERE id = ? AND is_deleted = 0', portId);
  return port ? { itemtype: String(port.itemtype), id: Number(port.items_id) } : null;
}

/** The asset a network name belongs to (through its port). */
function nameOwner(db: Db, nameId: number): Owner | null {
  const name = selectOne(db, "SELECT items_id FROM glpi_networknames WHERE id = ? AND itemtype = 'NetworkPort' AND is_deleted = 0", nameId);
  return name ? portOwner(db, Number(name.items_id)) : null;
}

/**
 * The assets named `label.domain`: network names and aliases with that label in the FQDN of that
 * domain (a name without a dot: the label in any domain), as GLPI's getItemsByFQDN.
 */
function byFqdn(db: Db, fqdn: string): Owner[] {
  const text = fqdn.trim().toLowerCase();
  const dot = text.indexOf('.');
  const label = dot < 0 ? text : text.slice(0, dot);
  const domain = dot < 0 ? null : text.slice(dot + 1);
  const domainIds = domain === null ? null : selectAll(db, 'SELECT id FROM glpi_fqdns WHERE fqdn = ? COLLATE NOCASE', domain).map((r) => Number(r.id));
  if (domainIds !== null && domainIds.length === 0) return [];
  const inDomain = domainIds === null ? '' : ` AND fqdns_id IN (${domainIds.join(', ')})`;
  const names = selectAll(db, `SELECT id FROM glpi_networknames WHERE name = ? COLLATE NOCASE AND is_deleted = 0${inDomain}`, label).map((r) => nameOwner(db, Number(r.id)));
  const aliases = selectAll(db, `SELECT networknames_id FROM glpi_networkaliases WHERE name = ? COLLATE NOCASE${inDomain}`, label).map((r) => nameOwner(db, Number(r.networknames_id)));
  return [...names, ...aliases].filter((o): o is Owner => o !== null);
}

/** The assets of the network ports with that MAC address (any case). */
function byMac(db: Db, mac: string): Owner[] {
  return selectAll(db, 'SELECT id FROM glpi_networkports WHERE mac = ? COLLATE NOCASE AND is_deleted = 0', mac.trim())
    .map((r) => portOwner(db, Number(r.id)))
    .filter((o): o is Owner => o !== null);
}

const FINDERS: Record<string, { find: (db: Db, text: string) => Owner[]; what: string }> = {
  affectbyip: { find: byIp, what: 'IP address' },
  affectbyfqdn: { find: byFqdn, what: 'name and domain' },
  affectbymac: { find: byMac, what: 'MAC address' },
};

/** The ticket's items as the action sets them (`{Computer: [3]}`), or why it sets nothing. */
export function affectItem(db: Db, actionType: string, text: string, entityId: number): { set: Record<string, unknown>; error?: string } {
  const finder = FINDERS[actionType]!;
  const found = finder.find(db, text);
  if (found.length !== 1) return { set: {}, error: `${found.length === 0 ? 'no' : 'more than one'} asset with ${finder.what} ${JSON.stringify(text)}` };
  const owner = found[0]!;
  const type = itemtype(owner.itemtype);
  const row = type?.table && selectOne(db, `SELECT entities_id FROM ${type.table} WHERE id = ?`, owner.id);
  if (!row || Number(row.entities_id) !== entityId) return { set: {}, error: `${owner.itemtype} ${owner.id} with ${finder.what} ${JSON.stringify(text)} is not in entity ${entityId}` };
  return { set: { items_id: { [owner.itemtype]: [owner.id] } } };
}
