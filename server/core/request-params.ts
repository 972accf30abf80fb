import * as v from 'valibot';
import { BOOLEAN, flag, type Params } from './params';

/**
 * The query parameters of /apirest.php, described once: each is a valibot schema with its
 * description and default. The parsers read values and defaults from here, and the OpenAPI
 * document reads descriptions, defaults and shapes from here.
 */

/** The largest page of a list or a search. */
export const MAX_PAGE = 1000;

/** How a parameter looks in the OpenAPI document (the valibot schema says what is accepted). */
export type ParamShape =
  | { type: 'boolean' }
  | { type: 'string'; pattern?: string; enum?: string[] }
  | { type: 'integer' }
  | { type: 'array'; items: { type: 'string' | 'integer' } }
  | { type: 'object'; additionalProperties: { type: 'string' } };

export interface RequestParam {
  schema: v.GenericSchema;
  shape: ParamShape;
}

const param = (schema: v.GenericSchema, fallback: unknown, description: string, shape: ParamShape): RequestParam => ({
  schema: v.pipe(v.optional(schema, fallback as never), v.description(description)),
  shape,
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
  range: param(RANGE, '0-50', `rows start-end (at most ${MAX_PAGE} rows a page)`, { type: 'string', pattern: '^\\d+-\\d+$' }),
  sort: param(v.unknown(), 'id', 'column to sort on; for search, a search option id (default 1)', { type: 'string' }),
  order: param(ORDER, 'ASC', 'sort order', { type: 'string', enum: ['ASC', 'DESC'] }),
  searchText: param(v.unknown(), undefined, 'searchText[field]=text: rows whose field contains the text', { type: 'object', additionalProperties: { type: 'string' } }),
  is_deleted: bool('the trash instead of the live items'),
  expand_dropdowns: bool('show the names of linked items instead of their ids'),
  get_hateoas: bool('add the links key', true),
  get_sha1: bool('answer the SHA-1 of the item instead of the item'),
  only_id: bool('answer only the ids'),
  add_keys_names: param(v.unknown(), undefined, 'fields whose linked names are added under _keys_names', { type: 'array', items: { type: 'string' } }),
  ...(Object.fromEntries(WITH_FLAGS.map((name) => [name, bool(`add the _${name.slice('with_'.length)} section`)])) as Record<WithFlag, FlagParam>),
  force_purge: bool('remove instead of moving to the trash'),
  history: bool('record the change in the history', true),
  session_token: param(v.unknown(), undefined, 'the session token when the Session-Token header cannot be sent', { type: 'string' }),
  forcedisplay: param(v.unknown(), undefined, 'search option ids to show', { type: 'array', items: { type: 'integer' } }),
  rawdata: bool('add the raw search description'),
  withindexes: bool('rows keyed by item id'),
  uid_cols: bool('columns keyed by "Itemtype.field"'),
  giveItems: bool('add data_html'),
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
