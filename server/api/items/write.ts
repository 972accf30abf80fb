import type { Action } from '../../auth/rights';
import { actorName } from '../../items/history';
import { addItem, addItems, addsTogether, checkNewRows, deleteItem, ItemError, mayAttempt, updateItem, type WriteContext } from '../../items/crud';
import type { Row } from '../../db/rows';
import { hooksOf } from '../../items/hooks';
import { namesByIds } from '../../items/names';
import { linkedAddName, namedByLink } from '../../items/added-names';
import { findById } from '../../db/rows';
import { inSavepoint, inTransaction, type Db } from '../../db/connection';
import { countFulltext, deferFulltext, fulltextColumns } from '../../db/fulltext';
import { empty, json, type Reply, type SessionContext } from '../context';
import { sessionDates, sessionLocale } from '../../auth/session-locale';
import { translate } from '../../core/messages';
import { ApiError, badRequest, errors } from '../../core/errors';
import { asList, flag, isObject, toId, type Params } from '../../core/params';
import { flagParam } from '../../core/request-params';
import type { Itemtype } from '../../registry';
import { addedItemTypeName } from '../../registry/labels';
import { boundedLinkHeader } from './link-header';

export interface Elements {
  list: Params[];
  /** The input was one object, not a list. */
  single: boolean;
}

/** `input` as one object or a list of objects (JSON array or `input[0][…]` notation). */
/** Why a write has no `input`: the body went unread, or it lacks the key. */
function missingInput(ctx: SessionContext): ApiError {
  if (ctx.ignoredBodyType) {
    return errors.badArray(`the body was not read: its Content-Type is '${ctx.ignoredBodyType}'; send JSON with Content-Type: application/json`);
  }
  return errors.badArray('the body has no "input" key: send {"input": {…}} for one item or {"input": [{…}, …]} for several');
}

export function inputElements(ctx: SessionContext): Elements {
  const input = ctx.params.input;
  if (input === undefined) throw missingInput(ctx);
  const list = asList(input);
  const isList = Array.isArray(input) || (list !== null && Object.keys(input as object).length > 0);
  if (isObject(input) && !isList) return { list: [input], single: true };
  if (!list || list.some((e) => !isObject(e))) throw errors.badArray();
  const max = ctx.services.store.settings.number('max_bulk_items') || 10_000;
  if (list.length > max) throw badRequest(`a bulk request takes at most ${max} elements (got ${list.length})`);
  return { list: list as Params[], single: false };
}

/**
 * An element with its datetime columns read in the session's zone and turned into the data zone
 * (GLPI reads what a session sends in the session's zone); the same element when the zones agree.
 */
function inDataZone(ctx: SessionContext, type: Itemtype): (element: Params) => Params {
  const dates = sessionDates(ctx.services.store.db, ctx.services.store.settings, ctx.scope);
  if (!dates) return (element) => element;
  return (element) => {
    const out: Params = { ...element };
    for (const [key, value] of Object.entries(element)) {
      if (typeof value === 'string' && type.column.get(key)?.kind === 'datetime') out[key] = dates.store(value);
    }
    return out;
  };
}

/**
 * How the request's elements are written: by whom, with history or not, with sub-entities (a
 * delete's `recursive`), and the uploaded files, which go with the input when it is one object
 * (not a list), as GLPI's `_filename`.
 */
export function writeContext(ctx: SessionContext, history = true, recursive = false): WriteContext {
  const wc: WriteContext = { db: ctx.services.store.db, services: ctx.services, scope: ctx.scope, actor: actorName(ctx.scope.user), history, extra: {}, recursive };
  // Looked at only when files came: a bulk input is read once per element, not once per context.
  if (ctx.uploads?.length && takesUploads(ctx.params.input)) wc.uploads = ctx.uploads;
  return wc;
}

/** One context per element of a request, each with its own `extra`: what they share (the actor's name) is worked out once. */
function writeContexts(ctx: SessionContext, count: number, history = true, recursive = false): WriteContext[] {
  const shared = writeContext(ctx, history, recursive);
  return Array.from({ length: count }, () => ({ ...shared, extra: {} }));
}

/** Uploads go with the input when it is one object (not a list), as GLPI's `_filename`. */
function takesUploads(input: unknown): boolean {
  return isObject(input) && !(asList(input) && Object.keys(input).length > 0);
}

function requireClassRight(ctx: SessionContext, type: Itemtype, action: Action): void {
  if (!mayAttempt(ctx.scope, type, action)) throw errors.rightMissing();
}

type Failure = { ok: false; message: string; code?: string; status?: number };
type Outcome<T> = { ok: true; value: T; extra: Record<string, unknown> } | Failure;

/** A request this large changes table sizes enough to refresh the planner's statistics. */
const BIG_WRITE = 200;

/**
 * Asks for a statistics refresh once a big write is done: its wait for writes to settle starts
 * when this one ends, so at a million rows, where one bulk request takes longer than that wait,
 * sequential requests still postpone it instead of each being followed by a refresh.
 */
function afterBigWrite(ctx: SessionContext, elements: number): void {
  if (elements >= BIG_WRITE) ctx.services.statistics.soon();
}

/** One element of a write: its input (for async preparation) and the synchronous work. */
interface Step<T> {
  input: Params | null;
  /** The id of the row an update changes (null or absent for an add). */
  target?: number;
  /** The existing row whose trigram index entry the step may change (see deferFulltext). */
  reindexes?: number;
  run(wc: WriteContext): T;
}

/** An element without an id cannot be updated or deleted; it fails on its own. */
function missingId(verb: 'update' | 'delete'): never {
  throw new ItemError(`Field id is mandatory to ${verb} an item`);
}

function failure(error: unknown): Outcome<never> {
  if (error instanceof ItemError) return { ok: false, message: error.message, code: error.code, status: error.status };
  if (error instanceof Error && /constraint/i.test(error.message)) return { ok: false, message: 'The item conflicts with an existing one' };
  throw error;
}

/** Async preparation (password hashing) of each element, outside any transaction: a refusal becomes its outcome. */
async function prepareInputs<T>(type: Itemtype, contexts: WriteContext[], inputs: (Params | null)[], targets: (number | null)[], outcomes: (Outcome<T> | null)[]): Promise<void> {
  for (const [i, input] of inputs.entries()) {
    if (!input) continue;
    try {
      for (const hook of hooksOf(type)) {
        const pending = hook.prepareInput?.(contexts[i]!, type, input, targets[i] ?? null);
        if (pending) await pending;
      }
    } catch (error) {
      outcomes[i] = failure(error);
    }
  }
}

/**
 * Runs the elements of one request. Async preparation (password hashing) happens first, outside
 * any transaction; then all elements run in one write transaction, each inside its own
 * savepoint: a refused element is rolled back whole and the others still land, and the request
 * costs one commit instead of one per element.
 */
async function runSteps<T>(ctx: SessionContext, history: boolean, type: Itemtype, steps: Step<T>[], recursive = false): Promise<Outcome<T>[]> {
  const contexts = writeContexts(ctx, steps.length, history, recursive);
  const outcomes: (Outcome<T> | null)[] = steps.map(() => null);
  await prepareInputs(
    type,
    contexts,
    steps.map((step) => step.input),
    steps.map((step) => step.target ?? null),
    outcomes,
  );
  try {
    return runInTransaction(ctx.services.store.db, type, steps, contexts, outcomes);
  } finally {
    afterBigWrite(ctx, steps.length);
  }
}

/** The transaction of runSteps: each element without an outcome yet runs in its savepoint. */
function runInTransaction<T>(db: Db, type: Itemtype, steps: Step<T>[], contexts: WriteContext[], prepared: (Outcome<T> | null)[]): Outcome<T>[] {
  const outcomes = [...prepared];
  inTransaction(db, () => {
    // The type's new rows, and the existing ones the steps rewrite, get their trigram index
    // entries in one statement at the end; a single element's keep their triggers (countFulltext).
    const reindexed = steps.flatMap((step) => step.reindexes ?? []);
    const reindex = steps.length === 1 ? countFulltext(db, type.table, reindexed) : deferFulltext(db, type.table, reindexed);
    for (const [i, step] of steps.entries()) {
      if (outcomes[i]) continue;
      const wc = contexts[i]!;
      try {
        outcomes[i] = { ok: true, value: inSavepoint(db, () => step.run(wc)), extra: wc.extra };
      } catch (error) {
        outcomes[i] = failure(error);
      }
    }
    reindex?.();
  });
  return outcomes as Outcome<T>[];
}

/** The inserts of a bulk add failed as a whole: its transaction is abandoned and the elements go one by one. */
class OneByOne extends Error {}

/**
 * A bulk add of a type that addsTogether: every element is checked first, then the accepted ones
 * are inserted together with their history, in one transaction and without a savepoint each
 * (nothing is written until every check is done, so a refused element has nothing to undo).
 * Should the inserts themselves fail (a constraint the checks do not know), that transaction is
 * abandoned and the elements run one by one, each in its savepoint, which tells which one fails.
 */
async function addTogether(ctx: SessionContext, type: Itemtype, inputs: Params[]): Promise<Outcome<number>[]> {
  const contexts = writeContexts(ctx, inputs.length);
  const prepared: (Outcome<number> | null)[] = inputs.map(() => null);
  await prepareInputs(
    type,
    contexts,
    inputs,
    inputs.map(() => null),
    prepared,
  );
  const db = ctx.services.store.db;
  const outcomes = [...prepared];
  try {
    inTransaction(db, () => {
      const indexNewRows = deferFulltext(db, type.table);
      const pending = inputs.flatMap((_, i) => (outcomes[i] ? [] : [i]));
      const checked = checkNewRows(
        pending.map((i) => contexts[i]!),
        type,
        pending.map((i) => inputs[i]!),
      );
      const accepted: { index: number; row: Row }[] = [];
      checked.forEach((check, k) => {
        if ('row' in check) accepted.push({ index: pending[k]!, row: check.row });
        else outcomes[pending[k]!] = failure(check.error);
      });
      let ids: number[];
      try {
        ids = addItems(
          accepted.map(({ index }) => contexts[index]!),
          type,
          accepted.map(({ row }) => row),
          accepted.map(({ index }) => inputs[index]!),
        );
      } catch (error) {
        throw new OneByOne(error instanceof Error ? error.message : String(error));
      }
      accepted.forEach(({ index }, k) => (outcomes[index] = { ok: true, value: ids[k]!, extra: contexts[index]!.extra }));
      indexNewRows?.();
    });
  } catch (error) {
    if (!(error instanceof OneByOne)) throw error;
    const steps = inputs.map((input): Step<number> => ({ input, run: (wc) => addItem(wc, type, input) }));
    for (const wc of contexts) wc.extra = {}; // what the abandoned attempt's hooks said
    return runInTransaction(db, type, steps, contexts, prepared);
  } finally {
    afterBigWrite(ctx, inputs.length);
  }
  return outcomes as Outcome<number>[];
}

/** A single element's failure: the status its refusal carries (403 for an account out of reach), else GLPI's 400. */
function singleFailure(outcome: Failure, code: string): ApiError {
  if (outcome.status) return new ApiError(outcome.status, outcome.code ?? code, outcome.message);
  return new ApiError(400, code, outcome.message);
}

/** 200/201 when all succeed, 207 with the results when some fail, 400 when all fail. */
function bulkReply(results: Record<string, unknown>[], failed: number, verb: 'ADD' | 'UPDATE' | 'DELETE', okStatus: number, headers?: Record<string, string>): Reply {
  if (failed === 0) return json(results, okStatus, headers);
  if (failed < results.length) throw new ApiError(207, `ERROR_GLPI_PARTIAL_${verb}`, results);
  throw new ApiError(400, `ERROR_GLPI_${verb}`, results);
}

/**
 * GLPI's answer to each add: "Item successfully added: " and the item's link text (its name; ITIL
 * items add their id; unnamed ones read "<type name> - ID <id>", GLPI's type name: "Link Contract/Item - ID 2",
 * "General - ID 3" for a type GLPI names none).
 * Types GLPI keeps quiet answer "".
 * The names are read back once for the whole request, as the rows were stored; the message is in
 * the session's language.
 */
function addedMessages(ctx: SessionContext, type: Itemtype, ids: number[]): Map<number, string> {
  const messages = new Map<number, string>();
  if (type.quietAdd) return messages;
  const db = ctx.services.store.db;
  const names = namesByIds(db, type, ids);
  const { language } = sessionLocale(db, ctx.services.store.settings, ctx.scope);
  for (const id of ids) {
    const name = names.get(id) ?? '';
    const row = namedByLink(type) ? findById(db, type.table, id) : null;
    const linked = row ? linkedAddName(db, type, row) : null;
    const text = linked ?? (name === '' ? `${addedItemTypeName(type.name)} - ID ${id}` : type.kind === 'itil' ? `${name} (${id})` : name);
    messages.set(id, translate(language, `Item successfully added: ${text}`));
  }
  return messages;
}

/** POST /:itemtype/ (and /:parent/:id/:itemtype/, which fills the parent link). */
export async function createItems(ctx: SessionContext, type: Itemtype, parentFields: Params = {}): Promise<Reply> {
  const { list, single } = inputElements(ctx);
  requireClassRight(ctx, type, 'create');
  const results: Record<string, unknown>[] = [];
  const ids: number[] = [];
  let failed = 0;
  let firstFailure: Failure | null = null;
  const stored = inDataZone(ctx, type);
  // The elements are the request's own (null-prototype objects): copied only to take the parent's fields.
  const withParent = Object.keys(parentFields).length === 0 ? (element: Params) => element : (element: Params) => ({ ...parentFields, ...element });
  const inputs = list.map((element) => stored(withParent(element)));
  const outcomes = addsTogether(type)
    ? await addTogether(ctx, type, inputs)
    : await runSteps(
        ctx,
        true,
        type,
        inputs.map((input): Step<number> => ({ input, run: (wc) => addItem(wc, type, input) })),
      );
  const messages = addedMessages(ctx, type, outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : [])));
  for (const outcome of outcomes) {
    if (outcome.ok) {
      ids.push(outcome.value);
      results.push({ id: outcome.value, message: messages.get(outcome.value) ?? '', ...outcome.extra });
    } else {
      failed++;
      firstFailure ??= outcome;
      results.push({ id: false, message: outcome.message });
    }
  }
  const href = (id: number) => `${ctx.apiBase}/${type.name}/${id}`;
  if (single) {
    if (firstFailure) throw singleFailure(firstFailure, 'ERROR_GLPI_ADD');
    const outcome = results[0]!;
    return json(outcome, 201, { Location: href(outcome.id as number) });
  }
  return bulkReply(results, failed, 'ADD', 201, { Link: boundedLinkHeader(ids, href) });
}

/** Refuses one element of an update or delete by its id (throws an ItemError): it fails alone. */
export type ElementGuard = (id: number) => void;

/** PUT|PATCH /:itemtype/[:id]: partial updates; the URL id wins over the body's. */
export async function updateItems(ctx: SessionContext, type: Itemtype, urlId: number | null, parentFields: Params = {}, guard?: ElementGuard): Promise<Reply> {
  const { list, single } = inputElements(ctx);
  if (urlId !== null && !single) throw badRequest('an id in the URL goes with a single input object, not a list');
  requireClassRight(ctx, type, 'update');
  const results: Record<string, unknown>[] = [];
  let failed = 0;
  let notFound = false;
  let firstFailure: Failure | null = null;
  const ids = list.map((element) => urlId ?? toId(element.id));
  const stored = inDataZone(ctx, type);
  const steps = list.map((element, i): Step<void> => {
    const id = ids[i];
    const input = stored({ ...parentFields, ...element });
    if (id === null || id === undefined) return { input: null, run: () => missingId('update') };
    const rewritesText = fulltextColumns(type.table).some((column) => column in input);
    return {
      input,
      target: id,
      ...(rewritesText ? { reindexes: id } : {}),
      run: (wc) => {
        guard?.(id);
        updateItem(wc, type, id, input);
      },
    };
  });
  for (const [i, outcome] of (await runSteps(ctx, true, type, steps)).entries()) {
    const id = ids[i] ?? 'id';
    if (outcome.ok) results.push({ [id]: true, message: '', ...outcome.extra });
    else {
      failed++;
      notFound ||= outcome.code === 'ERROR_ITEM_NOT_FOUND';
      firstFailure ??= outcome;
      results.push({ [id]: false, message: outcome.message });
    }
  }
  if (single && firstFailure) {
    if (notFound) throw errors.itemNotFound();
    throw singleFailure(firstFailure, 'ERROR_GLPI_UPDATE');
  }
  return bulkReply(results, failed, 'UPDATE', 200);
}

/** DELETE /:itemtype/[:id]: trash, or purge with force_purge (always for types without a trash). */
export async function deleteItems(ctx: SessionContext, type: Itemtype, urlId: number | null, guard?: ElementGuard): Promise<Reply> {
  const forcePurge = flagParam(ctx.params, 'force_purge');
  const history = flagParam(ctx.params, 'history');
  const recursive = flagParam(ctx.params, 'recursive');
  const elements: Elements = urlId !== null ? { list: [{ id: urlId } as Params], single: true } : inputElements(ctx);
  requireClassRight(ctx, type, forcePurge || !type.trash ? 'purge' : 'delete');
  const results: Record<string, unknown>[] = [];
  let failed = 0;
  let notFound = false;
  let firstFailure: Failure | null = null;
  const ids = elements.list.map((element) => toId(element.id));
  const purges = forcePurge || !type.trash;
  const steps = ids.map((id): Step<ItemError | null> => ({
    input: null,
    ...(purges && id !== null ? { reindexes: id } : {}),
    run:
      id === null
        ? () => missingId('delete')
        : (wc) => {
            guard?.(id);
            return deleteItem(wc, type, id, forcePurge);
          },
  }));
  for (const [i, done] of (await runSteps(ctx, history, type, steps, recursive)).entries()) {
    const id = ids[i] ?? 'id';
    // A refusal whose rules' writes stand (a user reached in part) fails like any other.
    const outcome = done.ok && done.value ? failure(done.value) : done;
    if (outcome.ok) results.push({ [id]: true, message: '' });
    else {
      failed++;
      notFound ||= outcome.code === 'ERROR_ITEM_NOT_FOUND';
      firstFailure ??= outcome;
      results.push({ [id]: false, message: outcome.message, ...(outcome.code === 'ERROR_NOT_DELETED' ? { error: 'ERROR_NOT_DELETED' } : {}) });
    }
  }
  if (urlId !== null) {
    if (!failed) return empty(204);
    if (notFound) throw errors.itemNotFound();
    const first = firstFailure!;
    throw singleFailure(first, first.code === 'ERROR_NOT_DELETED' ? 'ERROR_NOT_DELETED' : 'ERROR_GLPI_DELETE');
  }
  return bulkReply(results, failed, 'DELETE', 200);
}
