/**
 * /apirest.php/replayDictionary — GLPI's "replay the dictionary rules" on the rows already there:
 * POST `{"sub_type": "RuleDictionnaryManufacturer"}` asks for one (UPDATE on the dictionary's
 * right) and answers 201 with its progress; the automatic action `replaydictionary` runs it a
 * batch at a time. GET lists the replays of the dictionaries the session may read, newest first,
 * with how many rows each has gone through and changed, out of how many.
 */
import { READ, UPDATE } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { json, type Reply, type SessionContext } from './context';
import { badRequest, errors } from '../core/errors';
import { COLLECTIONS, collection } from '../rules/collections';
import { replayedType, replays, requestReplay } from '../rules/replay';

export function replayDictionary(ctx: SessionContext): Reply {
  const { db } = ctx.services.store;
  if (ctx.method === 'GET') {
    const readable = COLLECTIONS.filter((c) => replayedType(c.subType) && hasRight(ctx.scope, c.right, READ)).map((c) => c.subType);
    return json(replays(db, readable));
  }
  if (ctx.method !== 'POST') throw badRequest('Bad Request: GET lists the replays, POST asks for one');
  const subType = ctx.params.sub_type;
  const c = typeof subType === 'string' ? collection(subType) : undefined;
  if (!c || !replayedType(c.subType)) throw badRequest('Bad Request: sub_type must be a dictionary (RuleDictionnarySoftware, RuleDictionnaryManufacturer, …)');
  if (!hasRight(ctx.scope, c.right, UPDATE)) throw errors.rightMissing();
  return json(requestReplay(db, c.subType, Number(ctx.scope.user.id)), 201);
}
