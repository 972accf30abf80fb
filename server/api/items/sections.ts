import { classCan, READ, READNOTE } from '../../auth/rights';
import { hasRight } from '../../auth/scope';
import { accessFilter } from '../../auth/visibility';
import { TRUE } from '../../db/frag';
import type { SessionContext } from '../context';
import { RIGHT_MISSING_MESSAGE } from '../../core/errors';
import { componentTypes, itemtypeOrThrow, itemtypesWith, type Itemtype } from '../../registry';
import type { Feature } from '../../registry/types';
import { selectAll, type Row } from '../../db/rows';
import type { WithFlag } from '../../core/request-params';
import type { ReadOptions } from './options';
import { nameOf } from '../../items/names';
import { expandDropdowns, fieldsOf, linksOf, nestedRows, withheldFields } from './present';

const NO_RIGHT = { error: 401, message: RIGHT_MISSING_MESSAGE };
/** GLPI's port instantiations, in its order, with the table of each one's own columns. */
const PORT_TYPES: readonly (readonly [string, string])[] = [
  ['NetworkPortEthernet', 'glpi_networkportethernets'],
  ['NetworkPortWifi', 'glpi_networkportwifis'],
  ['NetworkPortAggregate', 'glpi_networkportaggregates'],
  ['NetworkPortAlias', 'glpi_networkportaliases'],
  ['NetworkPortDialup', 'glpi_networkportdialups'],
  ['NetworkPortLocal', 'glpi_networkportlocals'],
  ['NetworkPortFiberchannel', 'glpi_networkportfiberchannels'],
];

type Section = (ctx: SessionContext, type: Itemtype, row: Row) => unknown;

const of = (type: Itemtype, row: Row) => [type.name, Number(row.id)] as const;
const omit = (row: Row, keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
const canRead = (ctx: SessionContext, right: string) => hasRight(ctx.scope, right, READ);

/** Rows of `target` the session may see, restricted by an extra condition on alias t. */
function visibleRows(ctx: SessionContext, target: Itemtype, where: string, args: (string | number)[], order = 't.id'): Row[] {
  const filter = accessFilter(ctx.scope, target, 'read', 't');
  if (filter.sql === '0') return [];
  return selectAll(ctx.services.store.db, `SELECT t.* FROM ${target.table} t WHERE (${where}) AND (${filter.sql}) ORDER BY ${order}`, ...args, ...filter.args);
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

/**
 * Every instantiation type is a key, with a list of the item's ports of that type (empty when
 * none, whatever the item's type, as GLPI). A port shows its common columns, then every column
 * of its instantiation's own row (its id and dates too; null where it has none).
 */
function networkPorts(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  if (!canRead(ctx, 'networking')) return NO_RIGHT;
  const db = ctx.services.store.db;
  const out: Record<string, unknown[]> = {};
  for (const [kind, table] of PORT_TYPES) {
    out[kind] = selectAll(
      db,
      `SELECT p.id AS netport_id, p.entities_id, p.is_recursive, p.logical_number, p.name, p.mac, p.comment, p.is_dynamic, s.*
       FROM glpi_networkports p LEFT JOIN ${table} s ON s.networkports_id = p.id
       WHERE p.instantiation_type = ? AND p.itemtype = ? AND p.items_id = ? AND p.is_deleted = 0 ORDER BY p.id`,
      kind,
      ...of(type, row),
    ).map((port) => portEntry(ctx, port));
  }
  return out;
}

/** A port with its network name, addresses and FQDN, when it has a network name. */
function portEntry(ctx: SessionContext, entry: Row): Row {
  const db = ctx.services.store.db;
  const name = selectAll(db, "SELECT * FROM glpi_networknames WHERE itemtype = 'NetworkPort' AND items_id = ? AND is_deleted = 0 ORDER BY id", Number(entry.netport_id))[0];
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
  return entry;
}

function infocoms(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  if (!canRead(ctx, 'infocom')) return NO_RIGHT;
  const info = selectAll(ctx.services.store.db, 'SELECT * FROM glpi_infocoms WHERE itemtype = ? AND items_id = ?', ...of(type, row))[0];
  return info ? fieldsOf(ctx.scope, itemtypeOrThrow('Infocom'), info) : [];
}

function contracts(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  if (!canRead(ctx, 'contract')) return NO_RIGHT;
  const contract = itemtypeOrThrow('Contract');
  const filter = accessFilter(ctx.scope, contract, 'read', 'c');
  if (filter.sql === '0') return [];
  return selectAll(
    ctx.services.store.db,
    `SELECT ci.* FROM glpi_contracts_items ci JOIN glpi_contracts c ON c.id = ci.contracts_id
     WHERE ci.itemtype = ? AND ci.items_id = ? AND (${filter.sql}) ORDER BY c.name, ci.id`,
    ...of(type, row),
    ...filter.args,
  );
}

/**
 * A ticket's (problem's, change's) timeline rows, read under their item's rules and privacy: their
 * documents are listed to whoever reads them, without the document right, as GLPI's timeline shows
 * a requester the files of a follow-up.
 */
const TIMELINE_CHILDREN = new Set(['ITILFollowup', 'ITILSolution', 'TicketTask', 'ProblemTask', 'ChangeTask']);

function documents(ctx: SessionContext, type: Itemtype, row: Row): unknown {
  const document = itemtypeOrThrow('Document');
  const throughItem = type.kind === 'itil' || TIMELINE_CHILDREN.has(type.name);
  if (!throughItem && !canRead(ctx, 'document')) return NO_RIGHT;
  const filter = throughItem ? TRUE : accessFilter(ctx.scope, document, 'read', 'd');
  const tree = ctx.services.directory.entities();
  return selectAll(
    ctx.services.store.db,
    `SELECT di.id AS assocID, di.date_creation AS assocdate, d.* FROM glpi_documents_items di JOIN glpi_documents d ON d.id = di.documents_id
     WHERE di.itemtype = ? AND di.items_id = ? AND (${filter.sql}) ORDER BY di.id`,
    ...of(type, row),
    ...filter.args,
  ).map((r) => ({
    assocID: r.assocID,
    assocdate: r.assocdate,
    entityID: r.entities_id,
    entity: tree.nodes.get(Number(r.entities_id))?.completename ?? '',
    headings: r.documentcategories_id,
    ...fieldsOf(ctx.scope, document, omit(r, ['assocID', 'assocdate'])),
  }));
}

/**
 * The tickets (problems, changes) naming the item, newest change first, each with its category's
 * complete name (`catname`) and, when several entities are active, its entity's (`entityname`,
 * `entityID`), as GLPI lists them.
 */
function itilLinks(table: string, fk: string, target: string): Section {
  return (ctx, type, row) => {
    const itil = itemtypeOrThrow(target);
    if (!classCan(ctx.scope, itil, 'read')) return NO_RIGHT;
    const tree = ctx.services.directory.entities();
    const severalEntities = ctx.scope.activeEntities.length > 1;
    const where = `t.id IN (SELECT l.${fk} FROM ${table} l WHERE l.itemtype = ? AND l.items_id = ?)`;
    return visibleRows(ctx, itil, where, [...of(type, row)], 't.date_mod DESC, t.id').map((r) => {
      const category = Number(r.itilcategories_id) > 0 ? (nameOf(ctx.services.store.db, itemtypeOrThrow('ITILCategory'), Number(r.itilcategories_id)) as string | null) : null;
      const out: Record<string, unknown> = { ...fieldsOf(ctx.scope, itil, r), catname: category };
      if (severalEntities) Object.assign(out, { entityname: tree.nodes.get(Number(r.entities_id))?.completename ?? null, entityID: r.entities_id });
      return out;
    });
  };
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
/**
 * Which itemtypes each section applies to, and how it is built. As GLPI, the sections past the
 * connections are given to any item: empty (or GLPI's right error) where the type has none.
 */
const ANY = () => true;
const SECTIONS: [WithFlag, string, (type: Itemtype) => boolean, Section][] = [
  ['with_devices', '_devices', (t) => hasFeature(t, 'device'), devices],
  ['with_disks', '_disks', (t) => hasFeature(t, 'disk'), disks],
  ['with_softwares', '_softwares', (t) => hasFeature(t, 'software'), softwares],
  ['with_connections', '_connections', (t) => hasFeature(t, 'connection'), connections],
  ['with_networkports', '_networkports', ANY, networkPorts],
  ['with_infocoms', '_infocoms', ANY, infocoms],
  ['with_contracts', '_contracts', ANY, contracts],
  ['with_documents', '_documents', ANY, documents],
  ['with_tickets', '_tickets', ANY, itilLinks('glpi_items_tickets', 'tickets_id', 'Ticket')],
  ['with_problems', '_problems', ANY, itilLinks('glpi_items_problems', 'problems_id', 'Problem')],
  ['with_changes', '_changes', ANY, itilLinks('glpi_changes_items', 'changes_id', 'Change')],
  ['with_notes', '_notes', ANY, notes],
  ['with_logs', '_logs', ANY, logs],
];

function hasFeature(type: Itemtype, feature: Feature): boolean {
  return type.features.includes(feature);
}

/** The requested with_* sections of one item, in GLPI's key order. */
export function withSections(ctx: SessionContext, type: Itemtype, row: Row, opts: ReadOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (opts.with.size === 0) return out;
  for (const [flag, key, applies, build] of SECTIONS) {
    if (opts.with.has(flag) && applies(type)) out[key] = key === '_logs' ? build(ctx, type, row) : nestedRows(ctx, build(ctx, type, row), opts);
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
