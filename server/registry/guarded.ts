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
