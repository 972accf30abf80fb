import { itemtypeByTable } from '@server/registry';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, type CriteriaGroup, type CriteriaNode, type Criterion, isGroup, type SearchOption } from '../data/api';
import { t } from '../lib/i18n';
import { typeDef } from '../lib/itemtypes';
import { useApi } from '../data/use-api';
import { optionLabels } from '../data/optionnames';
import { DateValue } from './DateValue';
import { Picker } from './Picker';

const LINKS: Criterion['link'][] = ['AND', 'OR', 'AND NOT', 'OR NOT'];
const TYPE_LABELS: Record<string, string> = {
  contains: 'contains',
  notcontains: 'does not contain',
  equals: 'is',
  notequals: 'is not',
  lessthan: 'before / less than',
  morethan: 'after / more than',
  under: 'under',
  notunder: 'not under',
};
/** Linked types a meta criterion may search (the server refuses a link it does not know, with its message). */
const META_TYPES = ['Ticket', 'User', 'Group', 'Software', 'Budget', 'Supplier', 'Location'];
const PICKED = new Set(['equals', 'notequals', 'under', 'notunder']);

type Options = Record<string, SearchOption>;

/** The itemtype a dropdown option points to (its table), for a picker. */
const targetOf = (option: SearchOption | undefined) => (option?.datatype === 'dropdown' || option?.datatype === 'itemlink' ? itemtypeByTable(option.table)?.name : undefined);
const searchable = (options: Options | null) => Object.entries(options ?? {}).filter(([, o]) => !o.nosearch);

/** A new criterion on the first searchable field of `options`. */
function blank(options: Options | null, extra: Partial<Criterion> = {}): Criterion {
  const field = searchable(options)[0]?.[0] ?? '1';
  return { link: 'AND', field, searchtype: options?.[field]?.available_searchtypes?.[0] ?? 'contains', value: '', ...extra };
}

/** Criteria with a field chosen (an added row left empty is not sent). */
export function completeCriteria(nodes: CriteriaNode[]): CriteriaNode[] {
  return nodes.flatMap((n): CriteriaNode[] => (isGroup(n) ? (n.criteria.length ? [{ ...n, criteria: completeCriteria(n.criteria) }] : []) : n.field !== '' ? [n] : []));
}

/**
 * Changes go up as functions of the current value, not as new values built from what was last
 * rendered: a linked type's options arriving (which picks its first field) and the user's own
 * change in between must both land, whatever the order.
 */
type Update<T> = (update: (current: T) => T) => void;

interface EditorProps {
  itemtype: string;
  options: Options | null;
  nodes: CriteriaNode[];
  onChange: Update<CriteriaNode[]>;
}

/** Criteria rows, groups of rows in parentheses, and meta criteria on a linked type. */
export function CriteriaEditor({ itemtype, options, nodes, onChange }: EditorProps) {
  const set = (i: number, update: (node: CriteriaNode) => CriteriaNode) => onChange((current) => current.map((n, j) => (j === i ? update(n) : n)));
  const setInGroup = (i: number, update: (criteria: CriteriaNode[]) => CriteriaNode[]) => set(i, (n) => (isGroup(n) ? { ...n, criteria: update(n.criteria) } : n));
  const remove = (i: number) => onChange((current) => current.filter((_, j) => j !== i));
  const metaType = META_TYPES.find((type) => type !== itemtype) ?? 'User';
  return (
    <>
      {nodes.map((node, i) =>
        isGroup(node) ? (
          <fieldset class="criteria-group" key={i} aria-label={t('Group {n}', { n: i + 1 })}>
            <legend>
              {i > 0 ? <LinkSelect value={node.link} onChange={(link) => set(i, (n) => ({ ...n, link }))} /> : <span class="criterion-first">{t('Where')}</span>} {t('(group)')}
            </legend>
            {node.criteria.map((c, j) =>
              isGroup(c) ? null : (
                <CriterionRow
                  key={j}
                  label={t('Group {group}, criterion {n}', { group: i + 1, n: j + 1 })}
                  first={j === 0}
                  criterion={c}
                  baseOptions={options}
                  onChange={(update) => setInGroup(i, (criteria) => criteria.map((x, k) => (k === j && !isGroup(x) ? update(x) : x)))}
                  onRemove={() => setInGroup(i, (criteria) => criteria.filter((_, k) => k !== j))}
                />
              ),
            )}
            <div class="form-actions">
              <button type="button" class="secondary" onClick={() => setInGroup(i, (criteria) => [...criteria, blank(options)])}>
                {t('Add to group {n}', { n: i + 1 })}
              </button>
              <button type="button" class="link" onClick={() => remove(i)}>
                {t('Remove group {n}', { n: i + 1 })}
              </button>
            </div>
          </fieldset>
        ) : (
          <CriterionRow
            key={i}
            label={t('Criterion {n}', { n: i + 1 })}
            first={i === 0}
            criterion={node}
            baseOptions={options}
            onChange={(update) => set(i, (n) => (isGroup(n) ? n : update(n)))}
            onRemove={() => remove(i)}
          />
        ),
      )}
      <div class="form-actions">
        <button type="button" class="secondary" onClick={() => onChange((current) => [...current, blank(options)])}>
          {t('Add a criterion')}
        </button>
        <button type="button" class="secondary" onClick={() => onChange((current) => [...current, { link: 'AND', criteria: [blank(options)] } as CriteriaGroup])}>
          {t('Add a group')}
        </button>
        <button type="button" class="secondary" onClick={() => onChange((current) => [...current, blank(null, { meta: true, itemtype: metaType, field: '' })])}>
          {t('Search a linked type')}
        </button>
        <button type="submit">{t('Search')}</button>
      </div>
    </>
  );
}

function LinkSelect({ value, onChange }: { value: Criterion['link']; onChange: (link: Criterion['link']) => void }) {
  return (
    <select aria-label={t('Link')} value={value ?? 'AND'} onChange={(e) => onChange(e.currentTarget.value as Criterion['link'])}>
      {LINKS.map((l) => (
        <option key={l} value={l}>
          {t(l!)}
        </option>
      ))}
    </select>
  );
}

interface RowProps {
  label: string;
  first: boolean;
  criterion: Criterion;
  baseOptions: Options | null;
  onChange: Update<Criterion>;
  onRemove: () => void;
}

/**
 * The search options of a meta criterion's linked type (null until they come, and for a plain
 * criterion). A meta row starts without a field: once they come, it takes the linked type's first
 * one, unless the row has moved on meanwhile.
 */
function useMetaOptions(c: Criterion, onChange: RowProps['onChange']): Options | null {
  const itemtype = c.meta ? c.itemtype : undefined;
  const loaded = useApi(
    async () => (itemtype ? { itemtype, options: await api.searchOptions(itemtype).catch((): Options => ({})) } : null),
    [itemtype],
  ).data;
  // Kept during a reload, the previous type's options would offer fields the new type lacks.
  const current = loaded && loaded.itemtype === itemtype ? loaded : null;
  useEffect(() => {
    if (!current) return;
    onChange((row) => (row.meta && row.itemtype === current.itemtype && row.field === '' ? blank(current.options, { link: row.link, meta: true, itemtype: current.itemtype }) : row));
  }, [current]);
  return current?.options ?? null;
}

/** One criterion: link, (linked type), field, search type, value. */
function CriterionRow({ label, first, criterion: c, baseOptions, onChange, onRemove }: RowProps) {
  const [display, setDisplay] = useState<string | undefined>(undefined);
  const metaOptions = useMetaOptions(c, onChange);
  const options = c.meta ? metaOptions : baseOptions;
  const labels = useMemo(() => optionLabels(options ?? {}), [options]);
  const option = options?.[String(c.field)];
  const target = targetOf(option);
  const date = option?.datatype === 'datetime' || option?.datatype === 'date';
  const change = (changes: Partial<Criterion>) => onChange((current) => ({ ...current, ...changes }));
  return (
    <div class="criterion" role="group" aria-label={label}>
      {first ? <span class="criterion-first">{t('Where')}</span> : <LinkSelect value={c.link} onChange={(link) => change({ link })} />}
      {c.meta && (
        <select aria-label={t('Linked type')} value={c.itemtype} onChange={(e) => change({ itemtype: e.currentTarget.value, field: '', value: '' })}>
          {META_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeDef(type).label}
            </option>
          ))}
        </select>
      )}
      <select
        aria-label={t('Field')}
        value={String(c.field)}
        onChange={(e) => change({ field: e.currentTarget.value, searchtype: options?.[e.currentTarget.value]?.available_searchtypes?.[0] ?? 'contains', value: '' })}
      >
        {searchable(options).map(([id]) => (
          <option key={id} value={id}>
            {labels[id]}
          </option>
        ))}
      </select>
      <select aria-label={t('Search type')} value={c.searchtype} onChange={(e) => change({ searchtype: e.currentTarget.value })}>
        {(option?.available_searchtypes ?? ['contains']).map((type) => (
          <option key={type} value={type}>
            {t(TYPE_LABELS[type] ?? type)}
          </option>
        ))}
      </select>
      {target && PICKED.has(c.searchtype) ? (
        <Picker
          id={`${label.replace(/\W+/g, '-')}-value`}
          label={t('Value')}
          itemtype={target}
          value={Number(c.value) || 0}
          display={display}
          onChange={(id, name) => {
            setDisplay(name);
            change({ value: id });
          }}
        />
      ) : date ? (
        <DateValue value={String(c.value ?? '')} onChange={(value) => change({ value })} />
      ) : (
        <input aria-label={t('Value')} value={String(c.value ?? '')} onInput={(e) => change({ value: e.currentTarget.value })} />
      )}
      <button type="button" class="link" aria-label={t('Remove {what}', { what: label.toLowerCase() })} onClick={onRemove}>
        {t('Remove')}
      </button>
    </div>
  );
}
