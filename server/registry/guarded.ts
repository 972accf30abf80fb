import type { Itemtype } from './types';

/**
 * Columns a profile sees only with a right of their own (READ to see them, UPDATE to write them),
 * as GLPI keeps a SIM card's PIN and PUK codes behind `devicesimcard_pinpuk`.
 */
export interface GuardedFields {
  right: string;
  fields: readonly string[];
}

const GUARDED: Record<string, GuardedFields> = {
  Item_DeviceSimcard: { right: 'devicesimcard_pinpuk', fields: ['pin', 'pin2', 'puk', 'puk2'] },
};

export function guardedFields(typeName: string): GuardedFields | undefined {
  return Object.hasOwn(GUARDED, typeName) ? GUARDED[typeName] : undefined;
}

const secretCache = new Map<string, ReadonlySet<string>>();

/**
 * The columns of a type that hold secrets: those never returned (`hidden`: passwords, tokens,
 * directory and mailbox passwords) and the guarded ones (SIM codes). History never records
 * their values, and no search option shows them.
 */
export function secretColumns(type: Pick<Itemtype, 'name' | 'hidden'>): ReadonlySet<string> {
  let columns = secretCache.get(type.name);
  if (!columns) secretCache.set(type.name, (columns = new Set([...type.hidden, ...(guardedFields(type.name)?.fields ?? [])])));
  return columns;
}
