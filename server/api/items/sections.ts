import { READ, READNOTE } from '../../auth/rights';
import { hasRight } from '../../auth/scope';
import { accessFilter } from '../../auth/visibility';
import type { SessionContext } from '../../auth/context';
import { RIGHT_MISSING_MESSAGE } from '../../core/errors';
import { componentTypes, itemtypeOrThrow, itemtypesWith, type Itemtype } from '../../registry';
import type { Feature } from '../../registry/types';
import { selectAll, type Row } from '../../db/rows';
import type { WithFlag } from '../../core/request-params';
import type { ReadOptions } from './options';
import { expandDropdowns, fieldsOf, linksOf, withheldFields } from './present';

const NO_RIGHT = { error: 401, message: RIGHT_MISSING_MESSAGE };
const PORT_TYPES = ['NetworkPortEthernet', 'NetworkPortWifi', 'NetworkPortAggregate', 'NetworkPortAlias', 'NetworkPortDialup', 'NetworkPortLocal', 'NetworkPortFiberchannel'];

type Section = (ctx: SessionContext, type: Itemtype, row: Row) => unknown;

const of = (type: Itemtype, row: Row) => [type.name, Number(row.id)] as const;
const omit = (row: Row, keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
const canRead = (ctx: SessionContext, right: string) => hasRight(ctx.scope, right, READ);

/** Rows of `target` the session may see, restricted by an extra condition on alias t. */
function visibleRows(ctx: SessionContext, target: Itemtype, where: string, args: (string | number)[], order = 't.id'): Row[] {
  const filter = accessFilter(ctx.scope, target, 'read', 't');
  if (filter === '0') return [];
  return selectAll(ctx.services.store.db, `SELECT t.* FROM ${target.table} t WHERE (${where}) AND (${filter}) ORDER BY ${order}`, ...args);
}

function devices(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  const out: Record<string, Record<string, unknown>> = {};
  for (const { name, table } of componentTypes()) {
    const rows = selectAll(ctx.services.store.db, `SELECT * FROM ${table} WHERE itemtype = ? AND items_id = ? AND is_deleted = 0 ORDER BY id`, ...of(type, row));
    if (rows.length) out[name] = Object.fromEntries(rows.map((r) => [String(r.id), omit(r, ['items_id', 'itemtype', 'is_deleted', ...withheldFields(ctx.scope, name)])]));
  }
  return Object.keys(out).length ? out : [];
}

function disks(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  return selectAll(
    ctx.services.store.db,
    `SELECT d.*, f.name AS fsname FROM glpi_items_disks d LEFT JOIN glpi_filesystems f ON f.id = d.filesystems_id
     WHERE d.itemtype = ? AND d.items_id = ? AND d.is_deleted = 0 ORDER BY d.id`,
    ...of(type, row),
  ).map((r) => ({ name: omit(r, ['items_id', 'is_deleted']) }));
}

function softwares(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  if (!canRead(ctx, 'software')) return NO_RIGHT;
  return selectAll(
    ctx.services.store.db,
    `SELECT s.softwarecategories_id, v.softwares_id, i.softwareversions_id, i.is_dynamic, v.states_id, s.is_valid
     FROM glpi_items_softwareversions i JOIN glpi_softwareversions v ON v.id = i.softwareversions_id JOIN glpi_softwares s ON s.id = v.softwares_id
     WHERE i.itemtype = ? AND i.items_id = ? AND i.is_deleted = 0 ORDER BY s.name, v.name`,
    ...of(type, row),
  );
}

function connections(ctx: SessionContext, _type: Itemtype, row: Row): unknown {
  const out: Record<string, unknown[]> = {};
  for (const target of itemtypesWith('connectable')) {
    const name = target.name;
    const links = selectAll(ctx.services.store.db, 'SELECT * FROM glpi_computers_items WHERE computers_id = ? AND itemtype = ? AND is_deleted = 0 ORDER BY id', Number(row.id), name);
    const list: unknown[] = [];
    for (const link of links) {
      const item = visibleRows(ctx, target, 't.id = ?', [Number(link.items_id)])[0];
      if (!item) continue;
      list.push({
        assoc_id: link.id,
        assoc_computers_id: link.computers_id,
        assoc_itemtype: link.itemtype,
        assoc_items_id: link.items_id,
        assoc_is_dynamic: link.is_dynamic,
        ...fieldsOf(ctx.scope, target, item),
      });
    }
    if (list.length) out[name] = list;
  }
  return Object.keys(out).length ? out : [];
}

function networkPorts(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  if (!canRead(ctx, 'networking')) return NO_RIGHT;
  const db = ctx.services.store.db;
  const ports = selectAll(db, 'SELECT * FROM glpi_networkports WHERE itemtype = ? AND items_id = ? AND is_deleted = 0 ORDER BY logical_number, id', ...of(type, row));
  // Nothing found is `[]`, as every other section; otherwise every instantiation type is a key.
  if (ports.length === 0) return [];
  const out: Record<string, unknown[]> = Object.fromEntries(PORT_TYPES.map((t) => [t, []]));
  for (const port of ports) {
    const kind = PORT_TYPES.includes(String(port.instantiation_type)) ? String(port.instantiation_type) : 'NetworkPortEthernet';
    const entry: Record<string, unknown> = {
      netport_id: port.id,
      entities_id: port.entities_id,
      is_recursive: port.is_recursive,
      logical_number: port.logical_number,
      name: port.name,
      mac: port.mac,
      comment: port.comment,
      is_dynamic: port.is_dynamic,
    };
    if (kind === 'NetworkPortEthernet') {
      const eth = selectAll(db, 'SELECT * FROM glpi_networkportethernets WHERE networkports_id = ?', Number(port.id))[0];
      if (eth) Object.assign(entry, omit(eth, ['id', 'networkports_id', 'date_mod', 'date_creation']));
    }
    const name = selectAll(db, "SELECT * FROM glpi_networknames WHERE itemtype = 'NetworkPort' AND items_id = ? AND is_deleted = 0 ORDER BY id", Number(port.id))[0];
    if (name) {
      const fqdn = selectAll(db, 'SELECT id, name, fqdn FROM glpi_fqdns WHERE id = ?', Number(name.fqdns_id))[0] ?? [];
      const addresses = selectAll(db, "SELECT id, name FROM glpi_ipaddresses WHERE itemtype = 'NetworkName' AND items_id = ? AND is_deleted = 0 ORDER BY id", Number(name.id));
      entry.NetworkName = {
        id: name.id,
        name: name.name,
        fqdns_id: name.fqdns_id,
        FQDN: fqdn,
        IPAddress: addresses.map((a) => ({ id: a.id, name: a.name, IPNetwork: [] })),
      };
    }
    out[kind]!.push(entry);
  }
  return out;
}

function infocoms(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  if (!canRead(ctx, 'infocom')) return NO_RIGHT;
  const info = selectAll(ctx.services.store.db, 'SELECT * FROM glpi_infocoms WHERE itemtype = ? AND items_id = ?', ...of(type, row))[0];
  return info ? fieldsOf(ctx.scope, itemtypeOrThrow('Infocom'), info) : [];
}

function contracts(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  const contract = itemtypeOrThrow('Contract');
  const filter = accessFilter(ctx.scope, contract, 'read', 'c');
  if (filter === '0') return [];
  return selectAll(
    ctx.services.store.db,
    `SELECT ci.* FROM glpi_contracts_items ci JOIN glpi_contracts c ON c.id = ci.contracts_id
     WHERE ci.itemtype = ? AND ci.items_id = ? AND (${filter}) ORDER BY c.name, ci.id`,
    ...of(type, row),
  );
}

function documents(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  const document = itemtypeOrThrow('Document');
  if (type.kind !== 'itil' && !canRead(ctx, 'document')) return NO_RIGHT;
  const filter = type.kind === 'itil' ? '1' : accessFilter(ctx.scope, document, 'read', 'd');
  const tree = ctx.services.directory.entities();
  return selectAll(
    ctx.services.store.db,
    `SELECT di.id AS assocID, di.date_creation AS assocdate, d.* FROM glpi_documents_items di JOIN glpi_documents d ON d.id = di.documents_id
     WHERE di.itemtype = ? AND di.items_id = ? AND (${filter}) ORDER BY di.id`,
    ...of(type, row),
  ).map((r) => ({
    assocID: r.assocID,
    assocdate: r.assocdate,
    entityID: r.entities_id,
    entity: tree.nodes.get(Number(r.entities_id))?.completename ?? '',
    headings: r.documentcategories_id,
    ...fieldsOf(ctx.scope, document, omit(r, ['assocID', 'assocdate'])),
  }));
}

function itilLinks(table: string, fk: string, target: string): Section {
  return (ctx, type, row) =>
    visibleRows(ctx, itemtypeOrThrow(target), `t.id IN (SELECT l.${fk} FROM ${table} l WHERE l.itemtype = ? AND l.items_id = ?)`, [...of(type, row)]).map((r) =>
      fieldsOf(ctx.scope, itemtypeOrThrow(target), r),
    );
}

function notes(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  if (!type.right || !hasRight(ctx.scope, type.right, READNOTE)) return NO_RIGHT;
  return selectAll(ctx.services.store.db, 'SELECT * FROM glpi_notepads WHERE itemtype = ? AND items_id = ? ORDER BY id', ...of(type, row));
}

function logs(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  if (!canRead(ctx, 'logs')) return NO_RIGHT;
  return selectAll(ctx.services.store.db, 'SELECT * FROM glpi_logs WHERE itemtype = ? AND items_id = ? ORDER BY id DESC', ...of(type, row));
}

/** Which itemtypes each section applies to, and how it is built. */
const SECTIONS: [WithFlag, string, (type: Itemtype) => boolean, Section][] = [
  ['with_devices', '_devices', (t) => hasFeature(t, 'device'), devices],
  ['with_disks', '_disks', (t) => hasFeature(t, 'disk'), disks],
  ['with_softwares', '_softwares', (t) => hasFeature(t, 'software'), softwares],
  ['with_connections', '_connections', (t) => hasFeature(t, 'connection'), connections],
  ['with_networkports', '_networkports', (t) => hasFeature(t, 'networkport'), networkPorts],
  ['with_infocoms', '_infocoms', (t) => hasFeature(t, 'infocom'), infocoms],
  ['with_contracts', '_contracts', (t) => hasFeature(t, 'contract'), contracts],
  ['with_documents', '_documents', (t) => hasFeature(t, 'document'), documents],
  ['with_tickets', '_tickets', (t) => hasFeature(t, 'ticket'), itilLinks('glpi_items_tickets', 'tickets_id', 'Ticket')],
  ['with_problems', '_problems', (t) => hasFeature(t, 'ticket'), itilLinks('glpi_items_problems', 'problems_id', 'Problem')],
  ['with_changes', '_changes', (t) => hasFeature(t, 'ticket'), itilLinks('glpi_changes_items', 'changes_id', 'Change')],
  ['with_notes', '_notes', (t) => hasFeature(t, 'note'), notes],
  ['with_logs', '_logs', (t) => t.history || t.keptHistory, logs],
];

function hasFeature(type: Itemtype, feature: Feature): boolean {
  return type.features.includes(feature);
}

/** The requested with_* sections of one item, in GLPI's key order. */
export function withSections(ctx: SessionContext, type: Itemtype, row: Row, opts: ReadOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (opts.with.size === 0) return out;
  for (const [flag, key, applies, build] of SECTIONS) {
    if (opts.with.has(flag) && applies(type)) out[key] = build(ctx, type, row);
  }
  // History rows get what any item gets: its link, and names with expand_dropdowns (as GLPI);
  // GLPI answers them as an object keyed by log id ([] when there is none).
  if (Array.isArray(out._logs) && out._logs.length > 0) {
    const log = itemtypeOrThrow('Log');
    out._logs = Object.fromEntries((out._logs as Row[]).map((row) => [String(row.id), nestedRow(ctx, log, row, opts)]));
  }
  return out;
}

function nestedRow(ctx: SessionContext, type: Itemtype, row: Row, opts: ReadOptions): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  const links = opts.hateoas ? linksOf(ctx, type, row) : [];
  if (opts.expandDropdowns) expandDropdowns(ctx, type, row, out);
  if (links.length) out.links = links;
  return out;
}
