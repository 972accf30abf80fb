import { useState } from 'preact/hooks';
import { api } from '../../data/api';
import { useApi } from '../../data/use-api';
import { Picker } from '../../components/Picker';
import { itemLabel } from '../../data/options';
import { t } from '../../lib/i18n';

/** What a pattern or a value holds, as GET ruleFields says. */
export type RuleValue = { kind: 'text' } | { kind: 'dropdown'; itemtype: string } | { kind: 'list'; choices: { value: number | string; label: string }[] };

export interface RuleFields {
  /** GLPI's title of the collection, in the session's language. */
  title: string;
  conditions: { id: number; label: string }[];
  criteria: { name: string; label: string; conditions: number[]; value: RuleValue }[];
  actions: { field: string; label: string; types: { type: string; label: string; value: RuleValue }[] }[];
}

/** The collection's criteria and actions (GET ruleFields), null until they come or when refused. */
export function useRuleFields(subType: string): RuleFields | null {
  const fields = useApi(
    () => api.request<RuleFields>('GET', `ruleFields/${encodeURIComponent(subType)}`).then(({ data }) => data, () => null),
    [subType],
  );
  return fields.data;
}

/** GLPI's conditions that compare a dropdown's id or a listed value; the others compare text. */
export const BY_VALUE = new Set([0, 1, 11, 12]);
/** Conditions without a pattern to give (exists, does not exist, is already present, is empty). */
const NO_PATTERN = new Set([8, 9, 10, 30]);

/** The first value a picker starts with: a list's first choice, else nothing. */
const initialValue = (value: RuleValue) => (value.kind === 'list' ? String(value.choices[0]?.value ?? '') : '');

/** A picker fitting the value: the linked itemtype's rows, a select of fixed values, or free text. */
function ValuePicker({ id, label, value, current, onChange }: { id: string; label: string; value: RuleValue; current: string; onChange: (value: string) => void }) {
  if (value.kind === 'dropdown') {
    return <Picker id={id} label={label} itemtype={value.itemtype} value={Number(current) || 0} allowNone={false} onChange={(picked) => onChange(String(picked))} />;
  }
  if (value.kind === 'list') {
    return (
      <select id={id} aria-label={label} value={current} onChange={(e) => onChange(e.currentTarget.value)}>
        {value.choices.map((c) => (
          <option key={String(c.value)} value={String(c.value)}>
            {c.label}
          </option>
        ))}
      </select>
    );
  }
  return <input id={id} aria-label={label} value={current} onInput={(e) => onChange(e.currentTarget.value)} />;
}

/** A labelled select of [value, label] options. */
function Choice({ label, value, options, onChange }: { label: string; value: string; options: readonly (readonly [string, string])[]; onChange: (value: string) => void }) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A pattern or value as written, shown as it holds: the linked row's name, a listed value's label, the text. */
export function ShownValue({ value, raw }: { value: RuleValue | undefined; raw: string }) {
  const itemtype = value?.kind === 'dropdown' ? value.itemtype : null;
  const { data: name } = useApi(
    async () => (itemtype && Number(raw) > 0 ? api.get(itemtype, Number(raw)).then(itemLabel, () => null) : null),
    [itemtype, raw],
  );
  if (value?.kind === 'list') return <>{value.choices.find((c) => String(c.value) === raw)?.label ?? raw}</>;
  return <>{name ?? raw}</>;
}

export interface NewCriterion {
  criteria: string;
  condition: number;
  pattern: string;
}

/** A criterion to add: the collection's field, a condition valid for it, a pattern picked as the field holds it. */
export function CriterionForm({ fields, onAdd }: { fields: RuleFields; onAdd: (criterion: NewCriterion) => void }) {
  const choose = (name: string): NewCriterion => {
    const def = fields.criteria.find((c) => c.name === name) ?? fields.criteria[0]!;
    const condition = def.conditions[0] ?? 0;
    return { criteria: def.name, condition, pattern: BY_VALUE.has(condition) ? initialValue(def.value) : '' };
  };
  const [criterion, setCriterion] = useState<NewCriterion>(() => choose(''));
  const def = fields.criteria.find((c) => c.name === criterion.criteria)!;
  const byValue = BY_VALUE.has(criterion.condition) && def.value.kind !== 'text';
  const label = (id: number) => fields.conditions.find((c) => c.id === id)?.label ?? String(id);
  return (
    <form
      class="inline-form"
      aria-label={t('Add a criterion')}
      onSubmit={(e) => {
        e.preventDefault();
        onAdd({ ...criterion, pattern: NO_PATTERN.has(criterion.condition) ? '1' : criterion.pattern });
      }}
    >
      <Choice label={t('Field')} value={criterion.criteria} options={fields.criteria.map((c) => [c.name, c.label])} onChange={(name) => setCriterion(choose(name))} />
      <Choice
        label={t('Condition')}
        value={String(criterion.condition)}
        options={def.conditions.map((id) => [String(id), label(id)])}
        onChange={(chosen) => {
          const condition = Number(chosen);
          // A condition comparing another way (an id, a text) starts from an empty pattern again.
          const same = BY_VALUE.has(condition) === BY_VALUE.has(criterion.condition);
          setCriterion({ ...criterion, condition, pattern: same ? criterion.pattern : BY_VALUE.has(condition) ? initialValue(def.value) : '' });
        }}
      />
      {!NO_PATTERN.has(criterion.condition) && (
        <label>
          {t('Pattern')}{' '}
          <ValuePicker
            key={`${criterion.criteria}-${byValue}`}
            id="rule-criterion-pattern"
            label={t('Pattern')}
            value={byValue ? def.value : { kind: 'text' }}
            current={criterion.pattern}
            onChange={(pattern) => setCriterion({ ...criterion, pattern })}
          />
        </label>
      )}
      <button type="submit">{t('Add the criterion')}</button>
    </form>
  );
}

export interface NewAction {
  field: string;
  action_type: string;
  value: string;
}

/** An action to add: the collection's field, an action type it takes, a value picked as that type holds it. */
export function ActionForm({ fields, onAdd }: { fields: RuleFields; onAdd: (action: NewAction) => void }) {
  const choose = (field: string, type?: string): NewAction => {
    const def = fields.actions.find((a) => a.field === field) ?? fields.actions[0]!;
    const chosen = def.types.find((x) => x.type === type) ?? def.types[0]!;
    return { field: def.field, action_type: chosen.type, value: initialValue(chosen.value) };
  };
  const [action, setAction] = useState<NewAction>(() => choose(''));
  const def = fields.actions.find((a) => a.field === action.field)!;
  const type = def.types.find((x) => x.type === action.action_type)!;
  return (
    <form
      class="inline-form"
      aria-label={t('Add an action')}
      onSubmit={(e) => {
        e.preventDefault();
        onAdd(action);
      }}
    >
      <Choice label={t('Field')} value={action.field} options={fields.actions.map((a) => [a.field, a.label])} onChange={(field) => setAction(choose(field))} />
      <Choice label={t('Action')} value={action.action_type} options={def.types.map((x) => [x.type, x.label])} onChange={(type) => setAction(choose(action.field, type))} />
      <label>
        {t('Value')}{' '}
        <ValuePicker key={`${action.field}-${action.action_type}`} id="rule-action-value" label={t('Value')} value={type.value} current={action.value} onChange={(value) => setAction({ ...action, value })} />
      </label>
      <button type="submit">{t('Add the action')}</button>
    </form>
  );
}
