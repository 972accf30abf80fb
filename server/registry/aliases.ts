/**
 * Itemtypes GLPI 10 still answers under their old names (its "deprecated" API types). Most are a
 * view of a current type whose polymorphic link was fixed to one parent itemtype and shown under
 * that parent's foreign key, a few other columns renamed; one (Netpoint) is only a new name.
 */
export interface ItemtypeAlias {
  /** The current itemtype the data lives in. */
  target: string;
  /** The parent the old type always pointed at, and its old foreign-key name (none: a plain rename). */
  parent: { itemtype: string; fk: string } | null;
  /** Other columns: old name → current name. */
  renamed: Record<string, string>;
}

export const ALIASES: Record<string, ItemtypeAlias> = {
  TicketFollowup: { target: 'ITILFollowup', parent: { itemtype: 'Ticket', fk: 'tickets_id' }, renamed: {} },
  Computer_SoftwareVersion: {
    target: 'Item_SoftwareVersion',
    parent: { itemtype: 'Computer', fk: 'computers_id' },
    renamed: { is_deleted_computer: 'is_deleted_item', is_template_computer: 'is_template_item' },
  },
  Computer_SoftwareLicense: { target: 'Item_SoftwareLicense', parent: { itemtype: 'Computer', fk: 'computers_id' }, renamed: {} },
  // GLPI 10 renamed network points to sockets; the fields stayed.
  Netpoint: { target: 'Socket', parent: null, renamed: {} },
};

export function aliasOf(name: string): ItemtypeAlias | undefined {
  return Object.hasOwn(ALIASES, name) ? ALIASES[name] : undefined;
}

/** A current row or answer shown with the old field names (key order kept). */
export function toOldFields(alias: ItemtypeAlias, item: Record<string, unknown>): Record<string, unknown> {
  const back = Object.fromEntries(Object.entries(alias.renamed).map(([old, current]) => [current, old]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (alias.parent && key === 'itemtype') continue;
    out[alias.parent && key === 'items_id' ? alias.parent.fk : (back[key] ?? key)] = value;
  }
  return out;
}

/** Old-style input turned into the current type's fields. */
export function toCurrentFields(alias: ItemtypeAlias, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (alias.parent && key === alias.parent.fk) {
      out.itemtype = alias.parent.itemtype;
      out.items_id = value;
    } else {
      out[alias.renamed[key] ?? key] = value;
    }
  }
  return out;
}
