import type { Item, SearchOption } from './api';
import { t } from '../lib/i18n';
import { enumOf, fkTarget, HIDDEN, isReadOnly, typeDef } from '../lib/itemtypes';
import { notificationEvents } from '@server/registry/values';

/** How the console edits one field of an item. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'checkbox' | 'datetime' | 'date' | 'email' | 'password' | 'enum' | 'fk';

export interface FieldDef {
  key: string;
  label: string;
  kind: FieldKind;
  /** Target itemtype of a foreign key. */
  target?: string;
  choices?: [number | string, string][];
  readOnly: boolean;
  hint?: string;
}

export type Values = Record<string, unknown>;

const LABELS: Record<string, string> = {
  name: 'Name',
  comment: 'Comments',
  content: 'Description',
  entities_id: 'Entity',
  is_recursive: 'Child entities',
  users_id: 'User',
  groups_id: 'Group',
  users_id_tech: 'Technician in charge',
  groups_id_tech: 'Group in charge',
  states_id: 'Status',
  password: 'Password',
  password2: 'Password confirmation',
  passwd: 'Password',
  rootdn_passwd: 'Root DN password',
  _users_id_requester: 'Requester',
  _users_id_assign: 'Assigned to (technician)',
  _groups_id_assign: 'Assigned to (group)',
  date_creation: 'Creation date',
  date_mod: 'Last update',
  id: 'ID',
  completename: 'Complete name',
  is_active: 'Active',
  last_login: 'Last login',
};

/** Write-only fields an item never returns but its form offers. */
const VIRTUAL: Record<string, string[]> = {
  User: ['email', 'password', 'password2'],
  MailCollector: ['passwd'],
  AuthLDAP: ['rootdn_passwd'],
  Ticket: ['_users_id_requester', '_users_id_assign', '_groups_id_assign'],
  Problem: ['_users_id_requester', '_users_id_assign', '_groups_id_assign'],
  Change: ['_users_id_requester', '_users_id_assign', '_groups_id_assign'],
};
/** Virtual fields that make sense only when creating. */
const CREATE_ONLY = new Set(['_users_id_requester', '_users_id_assign', '_groups_id_assign']);

interface OptionIndex {
  direct: Map<string, SearchOption>;
  fkLabels: Map<string, string>;
}

/** Labels and data types from listSearchOptions, keyed by the item's own field names. */
function indexOptions(itemtype: string, options: Record<string, SearchOption>): OptionIndex {
  const direct = new Map<string, SearchOption>();
  const fkLabels = new Map<string, string>();
  for (const option of Object.values(options)) {
    const segs = (option.uid ?? '').split('.');
    if (segs[0] !== itemtype || segs.length < 2) continue;
    const [, second = '', third = ''] = segs;
    if (segs.length === 2) {
      if (!direct.has(second)) direct.set(second, option);
    } else if (/_id(_|$)/.test(second)) {
      if (!fkLabels.has(second)) fkLabels.set(second, option.name);
    } else if (segs.length === 3 && /^[A-Z]/.test(second) && third !== 'id') {
      // Type.Location.completename: the item's locations_id (checked against fkTarget below).
      for (const key of fkKeysFor(itemtype, second)) if (!fkLabels.has(key)) fkLabels.set(key, option.name);
    }
  }
  return { direct, fkLabels };
}

/** The item's own foreign key to `target` named after it (locations_id for Location), per the registry. */
function fkKeysFor(itemtype: string, target: string): string[] {
  const key = typeDef(target).type?.fkName;
  return key && fkTarget(key, itemtype) === target ? [key] : [];
}

function humanize(key: string): string {
  const text = key.replace(/^_+/, '').replace(/_id(_|$)/, ' ').replace(/^is_/, '').replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

function kindOf(itemtype: string, key: string, datatype: string | undefined, sample: unknown): Pick<FieldDef, 'kind' | 'target' | 'choices'> {
  const choices = enumOf(itemtype, key);
  if (choices) return { kind: 'enum', choices };
  if (key === 'password' || key === 'password2' || key === 'passwd' || key === 'rootdn_passwd') return { kind: 'password' };
  const target = fkTarget(key, itemtype);
  if (target && (/_id(_|$)/.test(key))) return { kind: 'fk', target };
  if (/^(is|have|use)_/.test(key) || datatype === 'bool') return { kind: 'checkbox' };
  if (datatype === 'text' || key === 'comment' || key === 'content') return { kind: 'textarea' };
  if (datatype === 'datetime') return { kind: 'datetime' };
  if (datatype === 'date') return { kind: 'date' };
  if (datatype === 'email' || key === 'email') return { kind: 'email' };
  if (['number', 'integer', 'decimal', 'count'].includes(datatype ?? '') || typeof sample === 'number' || /_id(_|$)/.test(key)) {
    return { kind: 'number' };
  }
  if (typeof sample === 'string' && DATETIME.test(sample)) return { kind: 'datetime' };
  return { kind: 'text' };
}

const indexes = new WeakMap<Record<string, SearchOption>, OptionIndex>();
function optionIndex(itemtype: string, options: Record<string, SearchOption>): OptionIndex {
  let index = indexes.get(options);
  if (!index) indexes.set(options, (index = indexOptions(itemtype, options)));
  return index;
}

/** A field as the form being edited offers it: a Notification's event is chosen among its itemtype's events. */
export function fieldFor(itemtype: string, field: FieldDef, values: Values): FieldDef {
  if (itemtype !== 'Notification' || field.key !== 'event') return field;
  const choices = notificationEvents(String(values.itemtype ?? '')).map(([event, label]): [string, string] => [String(event), t(label)]);
  return choices.length ? { ...field, kind: 'enum', choices } : field;
}

/** How one field of a type is labelled and edited. */
export function describeField(itemtype: string, options: Record<string, SearchOption>, key: string, sample?: unknown): FieldDef {
  const def = typeDef(itemtype);
  const index = optionIndex(itemtype, options);
  const option = index.direct.get(key);
  // Labels are the search options' English names, shown in the user's language when the catalogue has them.
  const label =
    (key === def.parent ? t('Parent {type}', { type: def.label.toLowerCase() }) : undefined) ??
    t(
      (key === 'name' && itemtype === 'User' ? 'Login' : undefined) ??
        (key === 'name' && ['Ticket', 'Problem', 'Change'].includes(itemtype) ? 'Title' : undefined) ??
        index.fkLabels.get(key) ??
        option?.name ??
        LABELS[key] ??
        humanize(key),
    );
  const kind = kindOf(itemtype, key, option?.datatype, sample);
  const hint = key === 'priority' ? t('Computed from urgency and impact') : undefined;
  return { key, label, ...kind, readOnly: isReadOnly(itemtype, key), hint };
}

export interface FormLayout {
  main: FieldDef[];
  more: FieldDef[];
}

/**
 * The fields of an item's form: the type's main fields first, then (for an existing item) every other field it has.
 * When creating, only fields the type really has are offered (checked against its search options).
 */
export function formLayout(itemtype: string, options: Record<string, SearchOption>, item: Item | null): FormLayout {
  const def = typeDef(itemtype);
  const index = optionIndex(itemtype, options);
  const virtual = VIRTUAL[itemtype] ?? [];
  const field = (key: string) => describeField(itemtype, options, key, item?.[key]);
  if (!item) {
    const exists = (key: string) => virtual.includes(key) || key === def.parent || index.direct.has(key) || index.fkLabels.has(key);
    return { main: def.form.filter((key) => exists(key) && !isReadOnly(itemtype, key)).map(field), more: [] };
  }
  const present = (key: string) => (key in item || virtual.includes(key)) && !CREATE_ONLY.has(key);
  const shown = new Set(def.form);
  return {
    main: def.form.filter(present).map(field),
    more: Object.keys(item)
      .filter((key) => !shown.has(key) && !HIDDEN.has(key) && !key.startsWith('_') && key !== 'id')
      .map(field),
  };
}

/** Starting values of a form. */
export function initialValues(fields: FieldDef[], item: Item | null, defaults: Values = {}): Values {
  const values: Values = {};
  for (const f of fields) {
    if (item) values[f.key] = item[f.key] ?? (f.kind === 'fk' || f.kind === 'checkbox' ? 0 : '');
    else if (f.key in defaults) values[f.key] = defaults[f.key];
    else if (f.kind === 'enum') values[f.key] = f.choices?.find(([v]) => v === 3)?.[0] ?? f.choices?.[0]?.[0] ?? '';
    else if (f.kind === 'fk' || f.kind === 'checkbox') values[f.key] = 0;
    else values[f.key] = '';
  }
  return values;
}

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return norm(a) === norm(b);
}

/** The fields whose values changed, as the API input. */
export function changedInput(fields: FieldDef[], initial: Values, current: Values): Values {
  const input: Values = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    const value = current[f.key];
    if (same(value, initial[f.key])) continue;
    input[f.key] = value === '' && (f.kind === 'datetime' || f.kind === 'date') ? null : value;
  }
  return input;
}

/** The input of a new item: every field that holds a value (what the form shows is what gets created). */
export function createInput(fields: FieldDef[], current: Values): Values {
  const input: Values = {};
  for (const f of fields) {
    const value = current[f.key];
    if (f.readOnly || value === '' || value === null || value === undefined) continue;
    input[f.key] = value;
  }
  return input;
}

/** An API value as an input's text (dates have their own field: ./components/FieldInput.tsx). */
export function toInputValue(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export function fromInputValue(kind: FieldKind, text: string): unknown {
  if (kind === 'number' || kind === 'fk') return text === '' ? '' : Number(text);
  return text;
}
