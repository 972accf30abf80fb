/** Tasks record who wrote them and when, as GLPI does; the input cannot claim another author. */
import { registerHooks } from '../store/hooks';
import { nowString } from '../store/rows';

registerHooks(['TicketTask'], {
  prepareAdd(wc, _type, row) {
    row.users_id = Number(wc.scope.user.id);
    row.date ??= nowString();
  },
});
