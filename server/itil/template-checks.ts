/**
 * An ITIL template's mandatory fields, checked as GLPI checks them: only when the input names
 * the template (`_tickettemplates_id`, `_problemtemplates_id`, `_changetemplates_id`), as GLPI's
 * form does and API clients may. Each mandatory field must then hold a value (a column neither
 * empty nor 0, an actor given) or the add is refused, naming the fields missing.
 */
import { toId } from '../core/params';
import { findById, selectAll } from '../db/rows';
import { ItemError, type ItemHooks } from '../items/hooks';
import { searchOption } from '../registry/searchoptions';
import { actorGiven } from './rules';
import { templateField } from './template-fields';

const empty = (value: unknown) => value === undefined || value === null || value === '' || value === 0 || value === '0';

/** On Ticket, Problem and Change, after their own rules filled the row (a name taken from the content counts). */
export const templateCheckHooks: ItemHooks = {
  prepareAdd(wc, type, row, input) {
    const lower = type.name.toLowerCase();
    const given = input[`_${lower}templates_id`];
    if (given === undefined || given === null || given === '') return;
    const id = toId(given);
    if (id === null || !findById(wc.db, `glpi_${lower}templates`, id)) throw new ItemError(`Field _${lower}templates_id: ${type.name}Template ${JSON.stringify(given)} does not exist`);
    const missing: string[] = [];
    for (const { num } of selectAll(wc.db, `SELECT num FROM glpi_${lower}templatemandatoryfields WHERE ${lower}templates_id = ? ORDER BY num`, id)) {
      const field = templateField(type, Number(num));
      if (!field) continue;
      const filled = field.kind === 'actor' ? actorGiven(input, field.input) : !empty(row[field.column]);
      if (!filled) missing.push(searchOption(type, Number(num))?.name ?? String(num));
    }
    if (missing.length > 0) throw new ItemError(`Mandatory fields are not filled. Please correct: ${missing.join(', ')}`);
  },
};
