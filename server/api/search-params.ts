/**
 * The parameters of GET /search/:itemtype read from the request: criteria and metacriteria
 * checked against the searched type's options, sort, order, forcedisplay, range and flags.
 */
import * as v from 'valibot';
import { badRequest } from '../core/errors';
import { asList, type Params } from '../core/params';
import { describeParam, flagParam, parseParam, type CriterionShape } from '../core/request-params';
import { itemtype, type Itemtype } from '../registry';
import { searchOptions, type SearchOption } from '../registry/searchoptions';
import { isSupported } from '../search/options';
import { requireSupported, SEARCHTYPES, type Criterion, type Leaf, type Searchtype, type SearchParams } from '../search/criteria';
import { parseRange } from './paging';

const MALFORMED = 'Malformed search criteria';
const MAX_CRITERIA = 200;
const MAX_DEPTH = 8;

// ---- shape (the table's criteria schema) ----------------------------------------------------

type RawNode = CriterionShape;
type RawLeaf = CriterionShape & { field: string | number | boolean; searchtype: string | number | boolean; value: string | number | boolean };

function parseShape(name: 'criteria' | 'metacriteria', value: unknown): RawNode[] {
  const res = parseParam(name, value);
  if (!res.success) throw badRequest(MALFORMED);
  return res.output as RawNode[];
}

const linkSchema = v.pipe(
  v.unknown(),
  v.transform((value) => (typeof value === 'string' ? value.trim().toUpperCase().replace(/\s+/g, ' ') : '')),
  v.transform((word): { link: 'AND' | 'OR'; not: boolean } => {
    switch (word) {
      case 'OR':
        return { link: 'OR', not: false };
      case 'OR NOT':
        return { link: 'OR', not: true };
      case 'AND NOT':
      case 'NOT':
        return { link: 'AND', not: true };
      default:
        return { link: 'AND', not: false };
    }
  }),
);

const truthy = (value: unknown) => value === true || value === 1 || (typeof value === 'string' && ['true', '1'].includes(value.trim().toLowerCase()));

// ---- meaning ---------------------------------------------------------------------------------

function optionOf(type: Itemtype, field: unknown): SearchOption {
  const text = String(field).trim();
  const option = /^\d{1,9}$/.test(text) ? searchOptions(type).byId.get(Number(text)) : undefined;
  if (!option) throw badRequest('Bad field ID in search criteria');
  return option;
}

interface Counter {
  n: number;
}

function convert(nodes: RawNode[], type: Itemtype, bases: Itemtype[], depth: number, counter: Counter): Criterion[] {
  if (depth > MAX_DEPTH) throw badRequest(`search criteria nest deeper than ${MAX_DEPTH} levels`);
  return nodes.map((node): Criterion => {
    if (++counter.n > MAX_CRITERIA) throw badRequest(`too many search criteria (at most ${MAX_CRITERIA})`);
    const { link, not } = v.parse(linkSchema, node.link);
    if (node.criteria !== undefined) return { kind: 'group', link, not, criteria: convert(node.criteria, type, bases, depth + 1, counter) };
    return convertLeaf(node as RawLeaf, link, not, type, bases, truthy(node.meta));
  });
}

function convertLeaf(node: RawLeaf, link: 'AND' | 'OR', not: boolean, type: Itemtype, bases: Itemtype[], isMeta: boolean): Leaf {
  let meta: Itemtype | null = null;
  let optionType = type;
  let optionBases = bases;
  if (isMeta) {
    if (typeof node.itemtype !== 'string' || node.itemtype.trim() === '') throw badRequest(MALFORMED);
    meta = itemtype(node.itemtype.trim()) ?? null;
    if (!meta) throw badRequest(`unknown itemtype "${node.itemtype}" in meta search criteria`);
    optionType = meta;
    optionBases = [meta];
  }
  const option = optionOf(optionType, node.field);
  if (option.nosearch) throw badRequest('Forbidden field ID in search criteria');
  const searchtype = String(node.searchtype).trim();
  if (!(SEARCHTYPES as readonly string[]).includes(searchtype)) {
    throw badRequest(`unknown searchtype "${searchtype}" in search criteria (expected one of ${SEARCHTYPES.join(', ')})`);
  }
  requireSupported(optionType, option.id, optionBases);
  return { kind: 'leaf', link, not, field: option.id, searchtype: searchtype as Searchtype, value: String(node.value), meta };
}

/** Deprecated top-level `metacriteria`: meta criteria whether or not they carry `meta`. */
function convertMeta(value: unknown, type: Itemtype, bases: Itemtype[]): Criterion[] {
  const nodes = parseShape('metacriteria', value);
  return nodes.map((node) => {
    if (node.criteria !== undefined) throw badRequest(MALFORMED);
    const { link, not } = v.parse(linkSchema, node.link);
    return convertLeaf(node as RawLeaf, link, not, type, bases, true);
  });
}

function idList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return asList(value) ?? [value];
}

function parseSort(params: Params, type: Itemtype, bases: Itemtype[]): { sort: number[]; echo: number[] } {
  const given = idList(params.sort);
  if (given.length === 0) {
    // The table's default (option 1, the name), when the type has it and can sort on it.
    const fallback = describeParam('search_sort').default as number[];
    const usable = fallback.every((id) => searchOptions(type).byId.has(id) && isSupported(type, id, bases));
    return { sort: usable ? fallback : [], echo: fallback };
  }
  const sort = given.map((value) => {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
    const id = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    if (!searchOptions(type).byId.has(id)) throw badRequest(`sort must be a search option id of ${type.name}`);
    requireSupported(type, id, bases);
    return id;
  });
  return { sort, echo: sort };
}

function parseOrder(params: Params): { order: ('ASC' | 'DESC')[]; echo: string[] } {
  const given = idList(params.order);
  if (given.length === 0) return { order: ['ASC'], echo: ['ASC'] };
  const order = given.map((value) => {
    const res = parseParam('order', typeof value === 'string' ? value : '');
    if (!res.success) throw badRequest('order must be DESC or ASC');
    return res.output as 'ASC' | 'DESC';
  });
  return { order, echo: order };
}

function parseForcedisplay(params: Params, type: Itemtype, bases: Itemtype[]): number[] | null {
  if (params.forcedisplay === undefined || params.forcedisplay === '') return null;
  return idList(params.forcedisplay).map((value) => {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
    const option = /^\d{1,9}$/.test(text) ? searchOptions(type).byId.get(Number(text)) : undefined;
    if (!option) throw badRequest('Bad field ID in forcedisplay parameter');
    if (option.nodisplay) throw badRequest("ID is forbidden along with 'forcedisplay' parameter.");
    requireSupported(type, option.id, bases);
    return option.id;
  });
}

/**
 * Reads every search parameter. `type` owns the options (the AllAssets pseudo-type for
 * AllAssets); `bases` are the tables searched (the asset types for AllAssets).
 */
export function parseSearchParams(params: Params, type: Itemtype, bases: Itemtype[]): SearchParams {
  const counter = { n: 0 };
  const criteria = params.criteria === undefined || params.criteria === '' ? [] : convert(parseShape('criteria', params.criteria), type, bases, 0, counter);
  if (params.metacriteria !== undefined && params.metacriteria !== '') criteria.push(...convertMeta(params.metacriteria, type, bases));
  const sort = parseSort(params, type, bases);
  const order = parseOrder(params);
  return {
    criteria,
    sort: sort.sort,
    order: order.order,
    sortEcho: sort.echo,
    orderEcho: order.echo,
    forcedisplay: parseForcedisplay(params, type, bases),
    range: parseRange(params.range),
    isDeleted: flagParam(params, 'is_deleted'),
    withIndexes: flagParam(params, 'withindexes'),
    uidCols: flagParam(params, 'uid_cols'),
    giveItems: flagParam(params, 'giveItems'),
    rawdata: flagParam(params, 'rawdata'),
  };
}
