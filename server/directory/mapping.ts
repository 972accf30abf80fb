/** GLPI's AuthLDAP field mapping: which directory attribute fills which user column. */
import type { Entry } from 'ldapts';
import type { Row } from '../db/rows';

/** Plain text columns of glpi_users, by the AuthLDAP column naming their attribute. */
const TEXT_FIELDS = {
  realname_field: 'realname',
  firstname_field: 'firstname',
  phone_field: 'phone',
  phone2_field: 'phone2',
  mobile_field: 'mobile',
  comment_field: 'comment',
  registration_number_field: 'registration_number',
} as const;

/** Dropdowns a directory value names (made when missing, as GLPI imports them). */
export const DROPDOWN_FIELDS = { title_field: ['usertitles_id', 'glpi_usertitles'], category_field: ['usercategories_id', 'glpi_usercategories'] } as const;

const EMAIL_FIELDS = ['email1_field', 'email2_field', 'email3_field', 'email4_field'] as const;

/** The attribute an AuthLDAP column names, lower-cased (LDAP attribute names ignore case), or ''. */
function attributeOf(row: Row, column: string): string {
  return String(row[column] ?? '').trim().toLowerCase();
}

/** The attributes a sign-in reads: the login, the sync field, the groups', the picture and every mapped one. */
export function mappedAttributes(row: Row): string[] {
  const columns = ['login_field', 'sync_field', 'language_field', 'group_field', 'picture_field', ...Object.keys(TEXT_FIELDS), ...Object.keys(DROPDOWN_FIELDS), ...EMAIL_FIELDS];
  return [...new Set(columns.map((c) => attributeOf(row, c)).filter((a) => a !== ''))];
}

/** Binary attributes a directory may name, by their usual spelling (ldapts matches the names directories answer with, case and all). */
const BINARY_SPELLINGS = ['objectGUID', 'objectSid', 'jpegPhoto', 'thumbnailPhoto'];

/** The attributes to read as bytes, not text: the sync field (objectGUID) and the picture, as spelled and as directories spell them. */
export function binaryAttributes(row: Row): string[] {
  const wanted = new Set([attributeOf(row, 'sync_field'), attributeOf(row, 'picture_field')].filter((a) => a !== ''));
  return [...wanted, ...BINARY_SPELLINGS.filter((name) => wanted.has(name.toLowerCase()))];
}

/** The first value of an attribute, matching its name without regard to case. */
function firstRaw(entry: Entry, attribute: string): string | Buffer | undefined {
  if (attribute === '') return undefined;
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute);
  const value = key === undefined ? undefined : entry[key];
  return Array.isArray(value) ? value[0] : value;
}

/** The first value of an attribute as text (a binary one in hex), matching its name without regard to case. */
export function firstValue(entry: Entry, attribute: string): string | null {
  const first = firstRaw(entry, attribute);
  if (first === undefined) return null;
  return Buffer.isBuffer(first) ? first.toString('hex') : String(first);
}

/**
 * Active Directory's objectGUID written as GLPI keeps it in sync_field: the GUID's usual text, its
 * first three groups in the little-endian byte order AD stores them in.
 */
export function guidText(bytes: Buffer): string {
  const hex = (from: number, to: number, reversed = false) => {
    const part = [...bytes.subarray(from, to)];
    return (reversed ? part.reverse() : part).map((b) => b.toString(16).padStart(2, '0')).join('');
  };
  return `${hex(0, 4, true)}-${hex(4, 6, true)}-${hex(6, 8, true)}-${hex(8, 10)}-${hex(10, 16)}`;
}

/** The account's sync value (the directory's sync_field): objectGUID as GLPI writes it, another binary value in hex, else the text. */
export function syncValueOf(row: Row, entry: Entry): string | null {
  const attribute = attributeOf(row, 'sync_field');
  const first = firstRaw(entry, attribute);
  if (Buffer.isBuffer(first) && attribute === 'objectguid' && first.length === 16) return guidText(first);
  return firstValue(entry, attribute);
}

/** Every text value of an attribute (binary ones left out), matching its name without regard to case. */
export function allValues(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute);
  const value = key === undefined ? [] : entry[key];
  return (Array.isArray(value) ? value : [value]).filter((v) => !Buffer.isBuffer(v)).map(String);
}

export interface MappedUser {
  /** glpi_users columns the directory sets (null: the attribute is missing, the column is emptied). */
  columns: Row;
  /** Dropdown names by their user column (null: none). */
  dropdowns: Record<string, string | null>;
  /** E-mail addresses, the first being the default one. */
  emails: string[];
  syncValue: string | null;
  /** The picture's bytes, or null when the directory has none (or none is mapped). */
  picture: Buffer | null;
}

const LOCALE = /^[a-z]{2}(_[A-Z]{2})?$/;

export function mapEntry(row: Row, entry: Entry): MappedUser {
  const columns: Row = {};
  for (const [field, column] of Object.entries(TEXT_FIELDS)) {
    const attribute = attributeOf(row, field);
    if (attribute !== '') columns[column] = firstValue(entry, attribute);
  }
  const language = firstValue(entry, attributeOf(row, 'language_field'));
  if (language !== null && LOCALE.test(language)) columns.language = language;
  const dropdowns: Record<string, string | null> = {};
  for (const [field, [column]] of Object.entries(DROPDOWN_FIELDS)) {
    const attribute = attributeOf(row, field);
    if (attribute !== '') dropdowns[column] = firstValue(entry, attribute);
  }
  const emails = [...new Set(EMAIL_FIELDS.flatMap((f) => (attributeOf(row, f) ? allValues(entry, attributeOf(row, f)) : [])).map((e) => e.trim()).filter((e) => e !== ''))];
  const picture = firstRaw(entry, attributeOf(row, 'picture_field'));
  return { columns, dropdowns, emails, syncValue: syncValueOf(row, entry), picture: Buffer.isBuffer(picture) && picture.length > 0 ? picture : null };
}
