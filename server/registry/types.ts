import type { Column } from './columns';

/** Optional capabilities an itemtype takes part in (GLPI's CFG "*_types" lists). */
export type Feature =
  | 'infocom' // financial data (Infocom)
  | 'contract' // Contract_Item links
  | 'document' // Document_Item links
  | 'ticket' // Item_Ticket / Item_Problem / Change_Item links
  | 'networkport' // NetworkPort children
  | 'device' // Item_Device* components
  | 'disk' // Item_Disk children
  | 'software' // installations and licenses (Item_SoftwareVersion, Item_SoftwareLicense) and operating systems: GLPI's software_types
  | 'connection' // Computer_Item connections (computer side)
  | 'connectable' // Computer_Item connections (peripheral side)
  | 'note'; // Notepad rows

export type ItemKind = 'asset' | 'itil' | 'dropdown' | 'relation' | 'child' | 'user' | 'entity' | 'system' | 'other';

/** A link from a dependent row (child or relation) to the item that governs its rights. */
export type OwnerLink =
  | { fk: string; itemtype: string } // fixed parent, e.g. users_id -> User
  | { poly: true }; // itemtype + items_id

/** What a maintainer writes for one itemtype; everything else is derived in index.ts. */
export interface ItemtypeSpec {
  table: string;
  kind: ItemKind;
  /** Profile right name (glpi_profilerights.name); null when rights come from the owners. */
  right: string | null;
  /** Has a trash: DELETE moves to it, force_purge removes. */
  trash?: boolean;
  /** Writes history rows (glpi_logs) for its own changes. Default: true for non-relation kinds. */
  history?: boolean;
  /**
   * GLPI keeps a history of this row's own (its dohistory) where Deskbase writes the changes into
   * the owner's history: the rows an import brings are kept and read as the row's own history.
   */
  keptHistory?: boolean;
  /** Columns GLPI computes while saving, never from the input, and so never logs (an ITIL item's delays). */
  unlogged?: string[];
  features?: Feature[];
  /** Fields that must be present and non-empty on creation. */
  required?: string[];
  /** Dependent rows: the first owner decides read/write rights. */
  owners?: OwnerLink[];
  /**
   * false: the owners name what the row is about but do not govern its rights, which are the
   * row's own right in its own entity (reservable items are listed to bookers who may not read
   * the assets themselves). Default true.
   */
  ownersGovern?: boolean;
  /** Foreign-key columns whose target does not follow the `<table>_id` naming rule. */
  fk?: Record<string, string>;
  /** Never returned by the API. */
  hidden?: string[];
  /** Maintained by the server, never written from input. */
  computed?: string[];
  /** Input fields that are not columns but that business rules take (a user's `email`). */
  virtualInput?: string[];
  /** Parent column of a tree (completename "A > B" kept up to date). */
  tree?: string;
  /** The sub-itemtypes GLPI lists in HATEOAS links after its configuration lists' ones (only ITIL objects and projects have them). */
  children?: string[];
  /** Read-only through the API (e.g. Log). */
  readOnly?: boolean;
  /** For polymorphic rows: which itemtypes `itemtype` may name (a feature, all ITIL types, or history keepers). */
  polyTargets?: Feature | 'itil' | 'history' | string[];
  /** The other side a link row names in history when it is not an owner (an ITIL actor's user). */
  logsWith?: OwnerLink;
  /** linked_action values of this link's history rows, when not 15/16 (devices, software, connections). */
  linkActions?: { add: number; remove: number };
  /** An add answers `message: ""` instead of GLPI's "Item successfully added: …" (GLPI turns it off for these). */
  quietAdd?: boolean;
  /** Users are not in an entity: they are visible through their authorizations. */
  visibility?: 'entity' | 'authorizations' | 'global';
  /** Row 0 exists (the root entity): an id or a foreign key of 0 names it; elsewhere 0 means none. */
  rootRow?: boolean;
  /** Its changes alter what sessions may reach (profiles, rights, memberships, entities, API clients). */
  altersAccess?: boolean;
  /**
   * Rows private to their author (`users_id`, the creator by default): another user reads one only
   * when it is shared, by `shareFlag` = 0 or through a target row (user, group, profile or entity
   * link types naming it); only the author changes it.
   */
  privateTo?: PrivateRows | null;
  /** One of GLPI's asset types: its place (from 1) in GLPI's asset_types list, which AllAssets searches. */
  allAssets?: number;
  /**
   * Adding and removing one needs its right's UPDATE bit, not CREATE or PURGE (GLPI's canCreate and
   * canPurge are canUpdate there: API clients, SSO variables, ignored unicity values).
   */
  editedWithUpdate?: boolean;
  /** Reading one needs its right's UPDATE bit, not READ (GLPI's canView is canUpdate there: locked fields). */
  readWithUpdate?: boolean;
  /**
   * Rows whose right depends on a column (GLPI's rules, by collection): the right of each value,
   * and the values whose rows belong to entities. The type's own right reaches every row.
   */
  rowRights?: RowRights;
}

export interface RowRights {
  column: string;
  rights: Readonly<Record<string, string>>;
  entityScoped: readonly string[];
}

/** How a private row is shared: a flag column, and link types whose rows target users, groups, profiles or entities. */
export interface PrivateRows {
  shareFlag?: string;
  targets?: string[];
  /**
   * Bits of the type's right that reach every row as its author would, per access (GLPI's
   * KNOWBASEADMIN; a reservation manager's UPDATE, DELETE and PURGE). `read` covers every reader
   * when it holds the read bits themselves (the reservation planning is everyone's).
   */
  everyRow?: { read?: number; write?: number; delete?: number };
  /** Rows shared for reading may be changed by those they are shared with, given the class right (knowledge base articles). */
  sharedWrite?: boolean;
  /** Rows with `flag` set are shared with profiles holding only `bit` instead of READ (GLPI's FAQ for Self-Service). */
  flagRead?: { flag: string; bit: number };
  /** Bits of the type's right that allow every action on one's own rows (GLPI's RESERVEANITEM). */
  ownBits?: number;
  /**
   * Central profiles keep their own unshared rows (`shareFlag` = 1) without the type's right; the
   * right's bits reach the shared ones (GLPI's saved searches: anyone saves private searches,
   * bookmark_public governs the public ones).
   */
  ownWithoutRight?: true;
}

/** The derived, ready-to-use description of an itemtype. */
export interface Itemtype extends Required<Omit<ItemtypeSpec, 'right' | 'tree' | 'polyTargets' | 'visibility' | 'logsWith' | 'linkActions' | 'rowRights'>> {
  rowRights: RowRights | null;
  logsWith: OwnerLink | null;
  linkActions: { add: number; remove: number } | null;
  polyTargets: string[];
  visibility: 'entity' | 'authorizations' | 'global' | 'owner';
  name: string;
  right: string | null;
  tree: string | null;
  columns: Column[];
  column: Map<string, Column>;
  /** Foreign-key column -> target itemtype name. */
  foreignKeys: Map<string, string>;
  polymorphic: boolean;
  entityAssign: boolean;
  mayBeRecursive: boolean;
  unique: string[][];
  /** The `<table>_id` name other tables use to point at this type. */
  fkName: string;
}
