import * as v from 'valibot';
import { asList, BOOLEAN, flag, isObject, type Params } from './params';

/**
 * The parameters of /apirest.php (query and path), described once: each is a valibot schema with
 * its description and default. The parsers read values and defaults from here, the route table
 * (api/routes.ts) names each endpoint's from here, and the OpenAPI document reads descriptions,
 * defaults and shapes from here.
 */

/** The largest page of a list or a search. */
export const MAX_PAGE = 1000;

/** How a parameter looks in the OpenAPI document (the valibot schema says what is accepted). */
export type ParamShape =
  | { type: 'boolean' }
  | { type: 'string'; pattern?: string; enum?: string[] }
  | { type: 'integer'; minimum?: number; maximum?: number }
  | { type: 'array'; items: { type: 'string' | 'integer' } | { type: 'object'; properties: Record<string, { type: 'string' | 'integer' }> } }
  | { type: 'object'; additionalProperties: { type: 'string' } };

export interface RequestParam {
  schema: v.GenericSchema;
  shape: ParamShape;
  /** A part of the path (`/{itemtype}/{id}`) rather than of the query. */
  in?: 'path';
  /** Its name in the request when the table's differs (search's `sort`). */
  name?: string;
  /** PHP's `name[0][key]=…` form (criteria, searchText). */
  deep?: true;
}

const param = (schema: v.GenericSchema, fallback: unknown, description: string, shape: ParamShape, extra: Omit<RequestParam, 'schema' | 'shape'> = {}): RequestParam => ({
  schema: v.pipe(v.optional(schema, fallback as never), v.description(description)),
  shape,
  ...extra,
});
const pathParam = (schema: v.GenericSchema, description: string, shape: ParamShape): RequestParam => ({
  schema: v.pipe(schema, v.description(description)),
  shape,
  in: 'path',
});
interface FlagParam extends RequestParam {
  shape: { type: 'boolean' };
}
const bool = (description: string, fallback = false): FlagParam => ({ ...param(BOOLEAN, fallback, description, { type: 'boolean' }), shape: { type: 'boolean' } });

/** `start-end`, both inclusive. */
const RANGE = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,15}-\d{1,15}$/, 'range must be in format : [start-end] with integers'),
  v.transform((s) => s.split('-').map(Number) as [number, number]),
  v.check(([start, end]) => end >= start, 'range end must not be lower than range start'),
);

const ORDER = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.picklist(['ASC', 'DESC']));

const SCALAR = v.union([v.string(), v.number(), v.boolean()]);
/** A list as PHP's query strings give one (`a[]=x&a[]=y`, `a[0]=x`) or as a JSON array; anything else fails. */
const listOf = <T extends v.GenericSchema>(item: T) =>
  v.pipe(
    // A scalar, an array or an object, in one test: a union builds an issue for each branch an object fails.
    v.custom<unknown>((value) => (typeof value === 'object' && value !== null) || v.is(SCALAR, value)),
    v.transform((value) => asList(value) ?? value),
    v.array(item),
  );
/** A whole number, or a string of digits: an option id, a count. */
const COUNT = v.union([v.pipe(v.number(), v.safeInteger()), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/), v.transform(Number))]);
const ID = v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number));
const NAME = v.pipe(v.string(), v.minLength(1));

/** One search criterion (a leaf: field, searchtype, value; or a group of criteria), its meaning checked by api/search-params.ts. */
export interface CriterionShape {
  link?: unknown;
  field?: string | number | boolean;
  searchtype?: string | number | boolean;
  value?: string | number | boolean;
  meta?: unknown;
  itemtype?: unknown;
  criteria?: CriterionShape[];
}
// link, meta and itemtype are read by their meaning (a link that is no known word is AND).
const leafSchema = v.looseObject({
  link: v.optional(v.unknown()),
  field: SCALAR,
  searchtype: SCALAR,
  value: SCALAR,
  meta: v.optional(v.unknown()),
  itemtype: v.optional(v.unknown()),
});
const criterionSchema: v.GenericSchema<unknown, CriterionShape> = v.lazy((input) =>
  isObject(input) && input.criteria !== undefined ? groupSchema : leafSchema,
) as v.GenericSchema<unknown, CriterionShape>;
const groupSchema = v.looseObject({ link: v.optional(v.unknown()), criteria: listOf(criterionSchema) });
const CRITERIA = listOf(criterionSchema);
const CRITERIA_SHAPE: ParamShape = { type: 'array', items: { type: 'object', properties: { link: { type: 'string' }, field: { type: 'integer' }, searchtype: { type: 'string' }, value: { type: 'string' } } } };

/** with_* flags of getItem and the section each adds, in GLPI's order. */
export const WITH_FLAGS = [
  'with_devices',
  'with_disks',
  'with_softwares',
  'with_connections',
  'with_networkports',
  'with_infocoms',
  'with_contracts',
  'with_documents',
  'with_tickets',
  'with_problems',
  'with_changes',
  'with_notes',
  'with_logs',
] as const;
export type WithFlag = (typeof WITH_FLAGS)[number];

export const REQUEST_PARAMS = {
  id: pathParam(ID, 'the item id', { type: 'integer', minimum: 0 }),
  itemtype: pathParam(NAME, 'an itemtype', { type: 'string' }),
  sub_itemtype: pathParam(NAME, 'the itemtype of the items linked to it', { type: 'string' }),
  sub_id: pathParam(ID, 'the linked item id', { type: 'integer', minimum: 0 }),
  sub_type: pathParam(NAME, 'a rule collection: RuleTicket, RuleAsset, RuleMailCollector, RuleRight, RuleDictionnarySoftware…', { type: 'string' }),
  range: param(RANGE, '0-50', `rows start-end (at most ${MAX_PAGE} rows a page)`, { type: 'string', pattern: '^\\d+-\\d+$' }),
  sort: param(v.union([NAME, COUNT]), 'id', 'column to sort on (its name, or the id of a search option on one of its columns)', { type: 'string' }),
  search_sort: param(listOf(COUNT), [1], 'search option ids to sort on (sort=5 or sort[]=5&sort[]=1)', { type: 'integer', minimum: 1 }, { name: 'sort' }),
  order: param(ORDER, 'ASC', 'sort order', { type: 'string', enum: ['ASC', 'DESC'] }),
  searchText: param(v.record(v.string(), v.union([SCALAR, v.array(v.any()), v.record(v.string(), v.any())])), undefined, 'searchText[field]=text: rows whose field contains the text', { type: 'object', additionalProperties: { type: 'string' } }, { deep: true }),
  is_deleted: bool('the trash instead of the live items'),
  expand_dropdowns: bool('show the names of linked items instead of their ids'),
  get_hateoas: bool('add the links key', true),
  get_sha1: bool('answer the SHA-1 of the item instead of the item'),
  only_id: bool('answer only the ids'),
  add_keys_names: param(listOf(v.string()), undefined, 'fields whose linked names are added under _keys_names', { type: 'array', items: { type: 'string' } }),
  ...(Object.fromEntries(WITH_FLAGS.map((name) => [name, bool(`add the _${name.slice('with_'.length)} section`)])) as Record<WithFlag, FlagParam>),
  force_purge: bool('remove instead of moving to the trash'),
  recursive: bool('deleting an entity: its sub-entities with it (else refused while it has some)'),
  history: bool('record the change in the history', true),
  session_token: param(v.string(), undefined, 'the session token when the Session-Token header cannot be sent', { type: 'string' }),
  criteria: param(CRITERIA, [], 'criteria[0][field]=<search option id>&criteria[0][searchtype]=contains|notcontains|equals|notequals|lessthan|morethan|under|notunder&criteria[0][value]=…&criteria[1][link]=AND|OR|AND NOT|OR NOT; criteria[n][criteria][…] groups; criteria[n][meta]=1&criteria[n][itemtype]=T searches a linked type', CRITERIA_SHAPE, { deep: true }),
  metacriteria: param(CRITERIA, [], 'metacriteria[n][itemtype]=T&metacriteria[n][field]=…: criteria on linked types (deprecated form of criteria[n][meta]=1)', CRITERIA_SHAPE, { deep: true }),
  forcedisplay: param(listOf(COUNT), undefined, 'search option ids to show', { type: 'array', items: { type: 'integer' } }),
  rawdata: bool('add the raw search description'),
  withindexes: bool('rows keyed by item id'),
  uid_cols: bool('columns keyed by "Itemtype.field"'),
  giveItems: bool('add data_html'),
  get_full_session: bool('add the session to the answer'),
  is_recursive: bool('with the sub-entities'),
  login: param(v.string(), undefined, 'with password, instead of Basic credentials', { type: 'string' }),
  password: param(v.string(), undefined, 'with login', { type: 'string' }),
  user_token: param(v.string(), undefined, 'instead of Authorization: user_token …', { type: 'string' }),
  items: param(listOf(v.looseObject({ itemtype: SCALAR, items_id: SCALAR })), [], 'items[0][itemtype]=Computer&items[0][items_id]=1&…', { type: 'array', items: { type: 'object', properties: { itemtype: { type: 'string' }, items_id: { type: 'integer' } } } }, { deep: true }),
  raw: bool('GLPI raw form'),
  alt: param(v.literal('media'), undefined, 'alt=media (or Accept: application/octet-stream) downloads the file', { type: 'string', enum: ['media'] }),
  filter: param(v.pipe(v.string(), v.maxLength(1000)), undefined, 'an LDAP filter ANDed with the condition of the directory (users) or its group_condition (groups)', { type: 'string' }),
  name: param(v.pipe(v.string(), v.maxLength(255)), undefined, 'a fragment of the login (users) or the cn (groups)', { type: 'string' }),
  start: param(v.pipe(COUNT, v.minValue(0)), 0, 'entries to skip', { type: 'integer', minimum: 0 }),
  limit: param(v.pipe(COUNT, v.minValue(1), v.maxValue(1000)), 20, 'entries at most', { type: 'integer', minimum: 1, maximum: 1000 }),
  itilcategories_id: param(COUNT, 0, 'the category chosen', { type: 'integer', minimum: 0 }),
  ticket_type: param(v.union([v.literal(1), v.literal(2), v.literal('1'), v.literal('2')]), 1, '1 incident (default), 2 request', { type: 'integer', minimum: 1, maximum: 2 }, { name: 'type' }),
} satisfies Record<string, RequestParam>;

export type RequestParamName = keyof typeof REQUEST_PARAMS;

const described = new Map<RequestParamName, { description: string; default: unknown }>();

/** A parameter's description and default, as the table gives them (read once: every request asks). */
export function describeParam(name: RequestParamName): { description: string; default: unknown } {
  let entry = described.get(name);
  if (!entry) {
    const { schema } = REQUEST_PARAMS[name];
    entry = { description: v.getDescription(schema) ?? '', default: v.getDefault(schema as v.OptionalSchema<v.GenericSchema, unknown>) };
    described.set(name, entry);
  }
  return entry;
}

type FlagName = { [K in RequestParamName]: (typeof REQUEST_PARAMS)[K] extends FlagParam ? K : never }[RequestParamName];

/** Reads a boolean parameter of the table, its default when absent (true/false/1/0, else a 400). */
export function flagParam(params: Params, name: FlagName): boolean {
  return flag(params, name, describeParam(name).default as boolean);
}

/** Parses a parameter with the table's schema (its default when absent). */
export function parseParam(name: RequestParamName, value: unknown): v.SafeParseResult<v.GenericSchema> {
  return v.safeParse(REQUEST_PARAMS[name].schema, value);
}
