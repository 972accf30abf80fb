import type { Reply, SessionContext } from './context';
import { badRequest } from '../core/errors';
import { asList, isObject, type Params } from '../core/params';
import { itemtypeOrThrow } from '../registry';
import { searchOptions } from '../registry/searchoptions';
import { aliasOf, type ItemtypeAlias } from '../registry/aliases';
import { withOldNames } from './items/aliases';
import { search } from './search';

const given = (value: unknown) => value !== undefined && value !== '';

/**
 * The criteria of a search under an old name: the client's, then the old type's fixed parent
 * (GLPI appends `AND <itemtype option> equals <parent>`). The client's criteria go in one group
 * first, so that an OR among them cannot reach rows of another parent type; the deprecated
 * top-level `metacriteria` join that group as meta criteria for the same reason.
 */
function aliasCriteria(alias: ItemtypeAlias, params: Params): Params {
  if (!alias.parent) return params;
  const parent = { link: 'AND', field: String(alias.parent.option), searchtype: 'equals', value: alias.parent.itemtype };
  const criteria = given(params.criteria) ? asList(params.criteria) : [];
  const metas = given(params.metacriteria) ? asList(params.metacriteria) : [];
  // Not lists: left as sent, for the search to refuse them as it does under the current name.
  if (criteria === null || metas === null) return { ...params, criteria: [{ link: 'AND', criteria: params.criteria }, parent] };
  const own = [...criteria, ...metas.map((m) => (isObject(m) ? { ...m, meta: true } : m))];
  const { metacriteria: _moved, ...rest } = params;
  return { ...rest, criteria: own.length > 0 ? [{ link: 'AND', criteria: own }, parent] : [parent] };
}

/** GET /search/:itemtype, an old itemtype name searching its current type's rows on its fixed parent. */
export function searchAnyName(ctx: SessionContext): Reply {
  const alias = aliasOf(ctx.segments[1] ?? '');
  if (!alias) return search(ctx);
  const option = alias.parent?.option;
  if (option !== undefined && !searchOptions(itemtypeOrThrow(alias.target)).byId.has(option)) {
    throw badRequest(`search/${alias.name} needs search option ${option} of ${alias.target} (its item type), which this server does not list`);
  }
  const segments = ctx.segments.map((segment, i) => (i === 1 ? alias.target : segment));
  return withOldNames(alias, search({ ...ctx, segments, params: aliasCriteria(alias, ctx.params) }));
}
