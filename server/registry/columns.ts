/**
 * Parser for the compact column notation used by the table specs:
 * `name type[!] [NULL] [AI] [=default]`, entries separated by `;`.
 * Types: uint, int, tiny, vc(n), char(n), text, longtext, ts, date, decimal(p,s), float.
 */
export type ColumnKind = 'int' | 'bool' | 'string' | 'text' | 'datetime' | 'date' | 'decimal' | 'float';

export interface Column {
  name: string;
  kind: ColumnKind;
  nullable: boolean;
  /** SQL default; null means NULL (or none for NOT NULL text columns, which then default to ''). */
  default: string | number | null;
  unsigned: boolean;
  autoIncrement: boolean;
  /** Maximum length in characters for strings, scale for decimals. */
  size?: number;
}

const TEXT_MAX = 65_535;
const LONGTEXT_MAX = 4 * 1024 * 1024; // a bounded ceiling: nobody needs a bigger single field

export function parseColumns(spec: string): Column[] {
  return spec
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(parseColumn);
}

function parseColumn(entry: string): Column {
  const match = /^(\w+)\s+(\w+)(?:\((\d+)(?:,(\d+))?\))?(!)?((?:\s+(?:NULL|AI))*)\s*(?:=(.*))?$/.exec(entry);
  if (!match) throw new Error(`bad column spec: ${entry}`);
  const [, name, type, size, scale, notNull, flags, rawDefault] = match;
  const nullable = notNull !== '!';
  const def = parseDefault(rawDefault);
  const base = { name: name!, nullable, unsigned: type === 'uint', autoIncrement: /\bAI\b/.test(flags ?? '') };
  switch (type) {
    case 'uint':
    case 'int':
      return { ...base, kind: 'int', default: toNumber(def) };
    case 'tiny': {
      const n = toNumber(def);
      return { ...base, kind: n === null || n === 0 || n === 1 ? 'bool' : 'int', default: n };
    }
    case 'vc':
    case 'char':
      return { ...base, kind: 'string', default: def, size: Number(size ?? 255) };
    case 'text':
    case 'mediumtext':
      return { ...base, kind: 'text', default: def, size: TEXT_MAX };
    case 'longtext':
      return { ...base, kind: 'text', default: def, size: LONGTEXT_MAX };
    case 'ts':
    case 'datetime':
    case 'timestamp':
      return { ...base, kind: 'datetime', default: def };
    case 'date':
      return { ...base, kind: 'date', default: def };
    case 'decimal':
      return { ...base, kind: 'decimal', default: toNumber(def), size: Number(scale ?? 0) };
    case 'float':
      return { ...base, kind: 'float', default: toNumber(def) };
    default:
      throw new Error(`unknown column type ${type} in ${entry}`);
  }
}

function parseDefault(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === 'NULL') return null;
  const text = raw.trim();
  return text.startsWith("'") && text.endsWith("'") ? text.slice(1, -1) : text;
}

function toNumber(value: string | null): number | null {
  return value === null ? null : Number(value);
}
