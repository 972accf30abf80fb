import { type ItemHooks } from './hooks';

/** Notes record their writer and last updater (the session's user), as GLPI does. */
export const noteHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    row.users_id = Number(wc.scope.user.id);
    row.users_id_lastupdater = Number(wc.scope.user.id);
  },
  prepareUpdate(wc, _type, _old, changes) {
    if (Object.keys(changes).length > 0) changes.users_id_lastupdater = Number(wc.scope.user.id);
  },
};
