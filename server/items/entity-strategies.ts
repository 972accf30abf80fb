import type { ItemHooks } from './hooks';
import type { Itemtype } from '../registry';

/** `calendars_strategy` → `calendars_id`, `entities_strategy_software` → `entities_id_software`. */
const STRATEGY = /_strategy(_.+)?$/;
const SETTING_ID = /_id(_.+)?$/;

const strategyOf = (type: Itemtype, field: string): string | null => {
  if (!SETTING_ID.test(field)) return null;
  const strategy = field.replace('_id', '_strategy');
  return type.column.has(strategy) ? strategy : null;
};

/**
 * An entity's settings that may be inherited have an id field and a strategy column. GLPI's
 * getItem of an entity shows a setting it inherits (-2) or never uses (-10) in the id field: each
 * strategy below 0 is copied there, as GLPI does when it loads an entity (lists show the stored
 * columns, as GLPI's). Written back, as GLPI splits it: a negative id is the strategy (the id
 * becomes 0), a real id (or the root entity for `entities_id_…`) sets the strategy to 0.
 */
export const entityStrategyFields: ItemHooks = {
  itemExtras(_db, row) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (STRATEGY.test(key) && typeof value === 'number' && value < 0) out[key.replace('_strategy', '_id')] = value;
    }
    return out;
  },
  prepareInput(_wc, type, input) {
    for (const [field, raw] of Object.entries(input)) {
      const strategy = strategyOf(type, field);
      const value = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
      if (!strategy || typeof value !== 'number') continue;
      if (value > 0 || (value === 0 && field.startsWith('entities_id'))) input[strategy] = 0;
      else if (value < 0) {
        input[field] = 0;
        input[strategy] = value;
      }
    }
  },
};
