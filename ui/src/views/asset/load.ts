/** A with_* section of an item: GLPI answers `{error, message}` in place of rows the session may not read. */
export function sectionRows<T>(value: unknown): T[] | null {
  if (Array.isArray(value)) return value as T[];
  if (value && typeof value === 'object' && 'error' in value) return null;
  return value && typeof value === 'object' ? (Object.values(value) as T[]) : [];
}

/** A name from an expanded dropdown value ("" and 0 are none). */
export const named = (value: unknown): string => (value === null || value === undefined || value === 0 || value === '0' ? '' : String(value));
