import { useState } from 'preact/hooks';
import { api, errorText, type Item } from '../../data/api';
import { useApi } from '../../data/use-api';
import { Outcome } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { ActionForm, BY_VALUE, CriterionForm, ShownValue, useRuleFields, type NewAction, type NewCriterion, type RuleFields } from './RulePickers';

interface TestedRule {
  id: number;
  name: string;
  matched: boolean;
  criteria: { id: number; criteria: string; condition: number; pattern: string; value: unknown; holds: boolean; error?: string }[];
  actions: { id: number; field: string; set: Record<string, unknown>; error?: string }[];
}

/** GLPI's label of a condition number, of a criterion or action field (the raw value when unknown). */
const conditionName = (fields: RuleFields | null, n: number) => fields?.conditions.find((c) => c.id === n)?.label ?? String(n);
const criterionName = (fields: RuleFields | null, name: string) => fields?.criteria.find((c) => c.name === name)?.label ?? name;
const actionName = (fields: RuleFields | null, field: string) => fields?.actions.find((a) => a.field === field)?.label ?? field;
const actionType = (fields: RuleFields | null, field: string, type: string) => fields?.actions.find((a) => a.field === field)?.types.find((x) => x.type === type);
/** What a criterion's pattern holds: the field's value where the condition compares it, else text. */
const patternValue = (fields: RuleFields | null, name: string, condition: number) => (BY_VALUE.has(condition) ? fields?.criteria.find((c) => c.name === name)?.value : undefined);

/** The rules of a collection the session reaches, in ranking order. */
async function collectionOrder(subType: unknown): Promise<Item[]> {
  const page = await api.list('Rule', { searchText: { sub_type: `^${String(subType)}$` }, sort: 'ranking', order: 'ASC', range: '0-999' });
  return [...page.items].sort((a, b) => Number(a.ranking) - Number(b.ranking) || a.id - b.id);
}

/**
 * Moves a rule to the place (0 first) `place` gives from its current one, as GLPI's arrows and
 * drag and drop do: the collection's rules (those the session reaches) are numbered again in
 * their new order, in one bulk update. False when that place does not exist.
 */
async function move(rule: Item, place: (at: number) => number): Promise<boolean> {
  const order = await collectionOrder(rule.sub_type);
  const at = order.findIndex((r) => r.id === rule.id);
  const to = place(at);
  if (at < 0 || to < 0 || to >= order.length) return false;
  const renumbered = [...order];
  renumbered.splice(to, 0, ...renumbered.splice(at, 1));
  const changed = renumbered.map((r, i) => ({ id: r.id, ranking: i + 1 })).filter((r) => Number(order.find((o) => o.id === r.id)!.ranking) !== r.ranking);
  if (changed.length > 0) await api.request('PUT', 'Rule/', { body: { input: changed } });
  return true;
}

/**
 * The collection's rules in ranking order; dragging one onto another moves it to that place (the
 * up and down buttons do the same from the keyboard).
 */
function CollectionOrder({ rule, reload, onDrop }: { rule: Item; reload: number; onDrop: (moved: Item, to: number) => void }) {
  const [dragged, setDragged] = useState<Item | null>(null);
  const order = useApi(() => collectionOrder(rule.sub_type).catch((): Item[] => []), [rule.sub_type, rule.ranking, reload]).data ?? [];
  return (
    <ol class="rule-order" aria-label={t('Rules of the collection')}>
      {order.map((r, i) => (
        <li
          key={r.id}
          draggable
          class={r.id === rule.id ? 'current' : undefined}
          onDragStart={(e) => {
            e.dataTransfer?.setData('text/plain', String(r.id));
            setDragged(r);
          }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            if (dragged && dragged.id !== r.id) onDrop(dragged, i);
            setDragged(null);
          }}
        >
          {String(r.name)}
        </li>
      ))}
    </ol>
  );
}

/**
 * A rule's criteria and actions, added and removed through the API (a pattern the server refuses
 * shows its message, with the offset of the error), and GLPI's tester: an input as JSON, the rules
 * of the collection tried on it and what they would set, nothing written.
 */
export function RuleParts({ rule, editable, onMoved }: { rule: Item; editable: boolean; onMoved: () => Promise<void> }) {
  const [reload, setReload] = useState(0);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const fields = useRuleFields(String(rule.sub_type));

  const parts = useApi(
    () => Promise.all([api.subItems('Rule', rule.id, 'RuleCriteria', { range: '0-999' }), api.subItems('Rule', rule.id, 'RuleAction', { range: '0-999' })]),
    [rule.id, reload],
  );
  const [criteria, actions] = parts.data ?? [null, null];

  const run = async (what: () => Promise<unknown>, done: string) => {
    setMessage('');
    setError('');
    try {
      await what();
      setMessage(done);
      setReload((n) => n + 1);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const addCriterion = (criterion: NewCriterion) => void run(() => api.create('RuleCriteria', { rules_id: rule.id, ...criterion }), t('Criterion added.'));
  const addAction = (action: NewAction) => void run(() => api.create('RuleAction', { rules_id: rule.id, ...action }), t('Action added.'));

  return (
    <div class="rule-parts">
      <Outcome message={message} error={error} />
      {editable && <RuleRanking rule={rule} title={fields?.title} reload={reload} run={run} onMoved={onMoved} />}
      <h2>{t('Criteria')}</h2>
      <CriteriaTable criteria={criteria ?? []} fields={fields} editable={editable} run={run} />
      {editable && fields && fields.criteria.length > 0 && <CriterionForm key={String(rule.sub_type)} fields={fields} onAdd={addCriterion} />}
      <h2>{t('Actions')}</h2>
      <ActionsTable actions={actions ?? []} fields={fields} editable={editable} run={run} />
      {editable && fields && fields.actions.length > 0 && <ActionForm key={String(rule.sub_type)} fields={fields} onAdd={addAction} />}
      <h2>{t('Test the rules')}</h2>
      <RuleTester rule={rule} fields={fields} onError={setError} />
    </div>
  );
}

/** Runs a write of the rule's parts and says `done`, or the API's message. */
type Run = (what: () => Promise<unknown>, done: string) => Promise<void>;

/** The rule's ranking, the up and down buttons and the draggable order of its collection. */
function RuleRanking({ rule, title, reload, run, onMoved }: { rule: Item; title: string | undefined; reload: number; run: Run; onMoved: () => Promise<void> }) {
  const reorder = (by: -1 | 1) =>
    void run(async () => {
      if (!(await move(rule, (at) => at + by))) throw new Error(by < 0 ? t('The rule is first already.') : t('The rule is last already.'));
      await onMoved();
    }, t('Rule moved.'));
  const dropped = (moved: Item, to: number) =>
    void run(async () => {
      await move(moved, () => to);
      await onMoved();
    }, t('Rule moved.'));
  return (
    <>
      <p class="rule-ranking">
        {t('Ranking {ranking} in {collection}', { ranking: Number(rule.ranking), collection: title ?? String(rule.sub_type) })}{' '}
        <button type="button" class="secondary" onClick={() => reorder(-1)}>
          {t('Move up')}
        </button>{' '}
        <button type="button" class="secondary" onClick={() => reorder(1)}>
          {t('Move down')}
        </button>
      </p>
      <CollectionOrder rule={rule} reload={reload} onDrop={dropped} />
    </>
  );
}

/** The rule's criteria: field, condition and pattern as GLPI names them. */
function CriteriaTable({ criteria, fields, editable, run }: { criteria: Item[]; fields: RuleFields | null; editable: boolean; run: Run }) {
  return (
    <table class="list">
      <thead>
        <tr>
          <th>{t('Field')}</th>
          <th>{t('Condition')}</th>
          <th>{t('Pattern')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {criteria.map((c) => (
          <tr key={c.id}>
            <td translate={false}>{criterionName(fields, String(c.criteria))}</td>
            <td translate={false}>{conditionName(fields, Number(c.condition))}</td>
            <td translate={false}>
              <ShownValue value={patternValue(fields, String(c.criteria), Number(c.condition))} raw={String(c.pattern ?? '')} />
            </td>
            <td>{editable && <button type="button" class="link" onClick={() => void run(() => api.remove('RuleCriteria', c.id, true), t('Criterion removed.'))}>{t('Remove')}</button>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The rule's actions: type, field and value as GLPI names them. */
function ActionsTable({ actions, fields, editable, run }: { actions: Item[]; fields: RuleFields | null; editable: boolean; run: Run }) {
  return (
    <table class="list">
      <thead>
        <tr>
          <th>{t('Action')}</th>
          <th>{t('Field')}</th>
          <th>{t('Value')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {actions.map((a) => (
          <tr key={a.id}>
            <td translate={false}>{actionType(fields, String(a.field), String(a.action_type))?.label ?? String(a.action_type)}</td>
            <td translate={false}>{actionName(fields, String(a.field))}</td>
            <td translate={false}>
              <ShownValue value={actionType(fields, String(a.field), String(a.action_type))?.value} raw={String(a.value ?? '')} />
            </td>
            <td>{editable && <button type="button" class="link" onClick={() => void run(() => api.remove('RuleAction', a.id, true), t('Action removed.'))}>{t('Remove')}</button>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** GLPI's tester: an input as JSON, the collection's rules tried on it (nothing written); failures go to `onError`. */
function RuleTester({ rule, fields, onError }: { rule: Item; fields: RuleFields | null; onError: (text: string) => void }) {
  const [input, setInput] = useState('{"name": ""}');
  const [tested, setTested] = useState<{ rules: TestedRule[]; output: Record<string, unknown> } | null>(null);
  const test = async (e: Event) => {
    e.preventDefault();
    onError('');
    setTested(null);
    try {
      const parsed = JSON.parse(input) as unknown;
      const { data } = await api.request<{ rules: TestedRule[]; output: Record<string, unknown> }>('POST', 'testRules', { body: { sub_type: rule.sub_type, entities_id: rule.entities_id, input: parsed } });
      setTested(data);
    } catch (e) {
      onError(e instanceof SyntaxError ? t('The input is not valid JSON: {reason}', { reason: e.message }) : errorText(e));
    }
  };
  return (
    <>
      <form class="rule-test" onSubmit={test} aria-label={t('Test the rules')}>
        <label>
          {t('Input (JSON)')}
          <textarea rows={4} value={input} onInput={(e) => setInput(e.currentTarget.value)} translate={false} />
        </label>
        <button type="submit">{t('Test')}</button>
      </form>
      {tested && (
        <div class="rule-test-result" aria-label={t('Test result')}>
          <ul>
            {tested.rules.map((r) => (
              <li key={r.id}>
                <strong translate={false}>{r.name}</strong>: {r.matched ? t('matched') : t('not matched')}
                <ul>
                  {r.criteria.map((c) => (
                    <li key={c.id} translate={false}>
                      {criterionName(fields, c.criteria)} {conditionName(fields, c.condition)} {c.pattern} ({JSON.stringify(c.value)}): {c.holds ? '✓' : '✗'}
                      {c.error ? ` — ${c.error}` : ''}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <p>{t('Would set')}</p>
          <pre translate={false}>{JSON.stringify(tested.output, null, 2)}</pre>
        </div>
      )}
    </>
  );
}
