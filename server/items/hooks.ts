import type { Scope } from '../auth/scope';
import type { Params } from '../core/params';
import type { Itemtype } from '../registry';
import type { Services } from '../auth/services';
import type { Db } from '../db/connection';
import { findById, type Row } from '../db/rows';

/** One file a write carries (a multipart request's upload, a mail's attachment). */
export interface Upload {
  field: string;
  file: File;
}

/** Everything a write needs to know about who writes and how. */
export interface WriteContext {
  db: Db;
  services: Services;
  scope: Scope;
  /** The actor as history records it. */
  actor: string;
  /** false when the request said history=false. */
  history: boolean;
  /** Extra keys a hook wants in the element's result (e.g. a new API token). */
  extra: Record<string, unknown>;
  /** A delete of an entity takes its sub-entities along (the request said recursive=true). */
  recursive: boolean;
  /** Files a single element carries (a multipart request's document uploads, a mail's attachments). */
  uploads?: readonly Upload[];
  /**
   * Link targets (ids by table) already found to exist, shared by the elements of a bulk add while
   * they are checked together before anything is written (see checkNewRow): no write happens
   * meanwhile, so a row found once is still there.
   */
  knownRows?: Map<string, Set<number>>;
  /**
   * Accounts this element was found to have authority over (see requireAuthorityOver), judged
   * once against the account as it stood: purging a user removes its authorizations before the
   * documents attached to it, which must not then fail the same check.
   */
  authorityOver?: Set<number>;
}

/** A failure of one element of a write: reported in its result, never half-written. */
export class ItemError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** The status a single-item request answers with, when not GLPI's 400 for the verb. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * A delete refused after writes that stand: GLPI's delete of a user the session reaches in only
 * some of its entities removes the authorizations it reaches and keeps the user. Thrown from
 * beforeDelete; the element fails with this message and what the hook wrote is kept.
 */
export class KeptRefusal extends ItemError {}

/**
 * Business rules of one itemtype. Generic CRUD calls them inside the element's transaction;
 * throwing ItemError refuses the element and rolls everything back.
 */
export interface ItemHooks {
  /**
   * Slow or async preparation (password hashing), run before the element's transaction opens;
   * `target` is the id of the row an update changes, null for an add.
   */
  prepareInput?(wc: WriteContext, type: Itemtype, input: Params, target: number | null): Promise<void> | void;
  /** Fill or adjust the new row from the input (special `_` keys included). */
  prepareAdd?(wc: WriteContext, type: Itemtype, row: Row, input: Params): void;
  afterAdd?(wc: WriteContext, type: Itemtype, row: Row, input: Params): void;
  /** `changes` holds only the validated columns being written; may be adjusted. */
  prepareUpdate?(wc: WriteContext, type: Itemtype, old: Row, changes: Row, input: Params): void;
  afterUpdate?(wc: WriteContext, type: Itemtype, old: Row, changes: Row, input: Params): void;
  beforeDelete?(wc: WriteContext, type: Itemtype, row: Row, purge: boolean): void;
  afterPurge?(wc: WriteContext, type: Itemtype, row: Row): void;
  /**
   * Lets a user change their own things without the class right (their password, tokens,
   * preferences). Returns true to allow this write on its own terms.
   */
  selfService?(wc: WriteContext, type: Itemtype, row: Row, input: Params): boolean;
  /** The same for removing a row (one's own e-mail address or preference). */
  selfServiceDelete?(wc: WriteContext, type: Itemtype, row: Row): boolean;
  /**
   * Decides whether the session may write this dependent row, replacing the owner check; null
   * leaves this action to the owner check, as for any dependent row.
   */
  canWriteOwner?(wc: WriteContext, type: Itemtype, row: Row, action: 'create' | 'update' | 'delete'): boolean | null;
  /**
   * An event a rule raised on the item outside the item's own write (a status a rule moved, an
   * automatic action's survey or escalation), for the notification engine; `authorId` 0 is the system.
   */
  itemEvent?(db: Db, type: Itemtype, row: Row, event: string, authorId: number): void;
  /** Fields shown beside the columns when the item is read. */
  readExtras?: ReadExtras;
  /**
   * Its prepareAdd reads no row that another element of the same bulk add writes, and writes
   * nothing (it only rewrites the row from rules): the elements may still be checked together.
   */
  checksAlone?: boolean;
  /** Fields GLPI's getItem adds to the one item it loads (a profile's rights), which lists do not show. */
  itemExtras?: ReadExtras;
}

/** One line of the rule table: the hooks, and the itemtypes they apply to. */
export interface Rule {
  itemtypes: readonly string[];
  hooks: ItemHooks;
}

const installed = new Map<string, ItemHooks[]>();

/**
 * Installs the rule table (replacing what was installed). For each itemtype and event, the hooks
 * run in the table's order.
 */
export function installRules(rules: readonly Rule[]): void {
  installed.clear();
  for (const { itemtypes, hooks } of rules) {
    for (const name of itemtypes) installed.set(name, [...(installed.get(name) ?? []), hooks]);
  }
}

export function hooksOf(type: Itemtype): ItemHooks[] {
  return installed.get(type.name) ?? [];
}

/** Runs the itemEvent hooks of the item's type on its current row. */
export function raiseItemEvent(db: Db, type: Itemtype, id: number, event: string, authorId = 0): void {
  const listeners = hooksOf(type).filter((h) => h.itemEvent);
  const row = listeners.length ? findById(db, type.table, id) : null;
  if (row) for (const hooks of listeners) hooks.itemEvent!(db, type, row, event, authorId);
}

/** Fields an itemtype shows beside its columns (a user's default e-mail address). */
export type ReadExtras = (db: Db, row: Row) => Record<string, unknown>;

export function readExtrasOf(type: Itemtype): ReadExtras | undefined {
  return hooksOf(type).find((h) => h.readExtras)?.readExtras;
}

export function itemExtrasOf(type: Itemtype): ReadExtras | undefined {
  return hooksOf(type).find((h) => h.itemExtras)?.itemExtras;
}
