import type { Feature, ItemtypeSpec } from './types';

/** Shorthands for the usual kinds of itemtype specs, shared by ./itemtypes.ts and ./tables/*. */
export const ASSET_FEATURES: Feature[] = ['infocom', 'contract', 'document', 'ticket', 'note'];
export const TREE_CACHE = ['completename', 'level', 'ancestors_cache', 'sons_cache'];

export const asset = (table: string, right: string, extra: Feature[] = []): ItemtypeSpec => ({
  table,
  kind: 'asset',
  right,
  trash: true,
  features: [...ASSET_FEATURES, ...extra],
});

export const dropdown = (table: string, right = 'dropdown'): ItemtypeSpec => ({ table, kind: 'dropdown', right });
export const treeDropdown = (table: string, parent: string, right = 'dropdown'): ItemtypeSpec => ({
  table,
  kind: 'dropdown',
  right,
  tree: parent,
  computed: TREE_CACHE,
});

/** A relation or child row whose rights follow its owners. */
export const dependent = (table: string, owners: ItemtypeSpec['owners'], extra: Partial<ItemtypeSpec> = {}): ItemtypeSpec => ({
  table,
  kind: 'relation',
  right: null,
  history: false,
  owners,
  ...extra,
});

export const poly = { poly: true } as const;

/** GLPI's linked_action values for components added to / removed from an item. */
export const DEVICE_LINK = { add: 1, remove: 3 };

/**
 * A component's link to the item it is in (Item_Device*). GLPI 10.0 gives every one financial
 * data, contracts and documents (Infocom and Document accept any Item_Devices, contract_types lists
 * them all); `extra` adds what only some get (a SIM card's tickets).
 */
export const deviceLink = (table: string, fk: string, device: string, extra: Feature[] = []): ItemtypeSpec =>
  dependent(table, [poly, { fk, itemtype: device }], { polyTargets: 'device', linkActions: DEVICE_LINK, keptHistory: true, features: ['infocom', 'contract', 'document', ...extra] });

/** A component type (GLPI's CommonDevice): a dropdown that may have documents. */
export const component = (table: string): ItemtypeSpec => ({ table, kind: 'dropdown', right: 'device', features: ['document'] });

/** GLPI 10's inputs that put an ITIL item on hold with a pending reason (see itil/pending-reasons.ts). */
export const PENDING_REASON_INPUT = ['pendingreasons_id', 'followup_frequency', 'followups_before_resolution'];
/** The same on a follow-up or task, with `pending`, which asks for it. */
export const PENDING_TIMELINE_INPUT = ['pending', ...PENDING_REASON_INPUT];
/** What an ITIL object takes beside its columns: its pending reason, and the items it is about (`items_id`, by itemtype). */
export const ITIL_INPUT = [...PENDING_REASON_INPUT, 'items_id'];
