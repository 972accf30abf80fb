/** Tasks record who wrote them and when, as GLPI does; the input cannot claim another author. */
import { nowString } from '../core/clock';
import type { ItemHooks } from '../items/hooks';

export const taskHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    row.users_id = Number(wc.scope.user.id);
    row.date ??= nowString();
  },
};
