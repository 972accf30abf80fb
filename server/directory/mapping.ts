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

/** The attributes a sign-in reads: the login, the sync field, the groups' and every mapped one. */
export function mappedAttributes(row: Row): string[] {
  const columns = ['login_field', 'sync_field', 'language_field', 'group_field', ...Object.keys(TEXT_FIELDS), ...Object.keys(DROPDOWN_FIELDS), ...EMAIL_FIELDS];
  return [...new Set(columns.map((c) => attributeOf(row, c)).filter((a) => a !== ''))];
}

/** The first value of an attribute as text (a binary one in hex), matching its name without regard to case. */
export function firstValue(entry: Entry, attribute: string): string | null {
  if (attribute === '') return null;
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute);
  const value = key === undefined ? undefined : entry[key];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return null;
  return Buffer.isBuffer(first) ? first.toString('hex') : String(first);
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
  return { columns, dropdowns, emails, syncValue: firstValue(entry, attributeOf(row, 'sync_field')) };
}
