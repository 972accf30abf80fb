import { ApiError } from '../core/errors';
import type { Itemtype } from '../registry';
import type { Range } from '../items/paging';
import { isSupported } from './options';

/** The parameters of GET /search/:itemtype, validated and normalised (api/search-params.ts reads them). */
export const SEARCHTYPES = ['contains', 'notcontains', 'equals', 'notequals', 'lessthan', 'morethan', 'under', 'notunder'] as const;
export type Searchtype = (typeof SEARCHTYPES)[number];

export interface Leaf {
  kind: 'leaf';
  /** Connector with what comes before (ignored for the first criterion of a list). */
  link: 'AND' | 'OR';
  not: boolean;
  field: number;
  searchtype: Searchtype;
  value: string;
  /** Meta criterion: the related itemtype whose option `field` is searched. */
  meta: Itemtype | null;
}

export interface Group {
  kind: 'group';
  link: 'AND' | 'OR';
  not: boolean;
  criteria: Criterion[];
}

export type Criterion = Leaf | Group;

export interface SearchParams {
  criteria: Criterion[];
  sort: number[];
  order: ('ASC' | 'DESC')[];
  /** `sort` and `order` as the response echoes them (GLPI 10.0.19 int-casts sort ids, its default 1 included). */
  sortEcho: number[];
  orderEcho: string[];
  forcedisplay: number[] | null;
  range: Range;
  isDeleted: boolean;
  withIndexes: boolean;
  uidCols: boolean;
  giveItems: boolean;
  rawdata: boolean;
}

/** 400 `["ERROR", "search option N of T is not supported"]`, exactly (no documentation suffix). */
export function unsupported(type: Itemtype, id: number): Error {
  return new ApiError(400, 'ERROR', `search option ${id} of ${type.name} is not supported`);
}

/** Fails with a clear 400 when no searched type can use the option. */
export function requireSupported(type: Itemtype, id: number, bases: Itemtype[]): void {
  if (!isSupported(type, id, bases)) throw unsupported(type, id);
}

/** Option ids used by (non-meta) criteria, in order, nested groups included. */
export function criteriaFields(criteria: Criterion[]): number[] {
  return criteria.flatMap((c) => (c.kind === 'group' ? criteriaFields(c.criteria) : c.meta ? [] : [c.field]));
}
