/**
 * What deleting a user does beyond its own row, as GLPI 10 does it.
 *
 * - A session that reaches only some of the user's entities (through its authorizations) removes
 *   the authorizations it reaches and keeps the user: the delete answers a failure.
 * - A purge first removes what was the user's alone: private saved searches, reminders (with
 *   their targets), translations written, column preferences, and the user's place as an actor of
 *   tickets, problems and changes (a ticket left without an assignee is new again). Consumables
 *   given to the user go back to stock. The generic cascade then removes the user's
 *   authorizations, group memberships, e-mails and shares, and resets every other reference to the
 *   user (writer, technician, recipient, last updater, approver…) to 0. GLPI unassigns and never
 *   reassigns: the tickets keep their other actors.
 */
import { hooksOf, ItemError, KeptRefusal, type WriteContext } from '../items/hooks';
import { purgeRow } from '../items/crud';
import { itemtypeOrThrow } from '../registry';
import { run, selectAll, type Row } from '../db/rows';

/** Removes a row as its own delete rules allow (one refusal refuses the whole user delete). */
function purgeWithRules(wc: WriteContext, typeName: string, row: Row): void {
  const type = itemtypeOrThrow(typeName);
  for (const hook of hooksOf(type)) hook.beforeDelete?.(wc, type, row, true);
  purgeRow(wc, type, row);
}

/** The user's authorizations, split by whether they lie in the session's active entities. */
function grantsByReach(wc: WriteContext, userId: number): { reached: Row[]; unreached: number } {
  const grants = selectAll(wc.db, 'SELECT * FROM glpi_profiles_users WHERE users_id = ? ORDER BY id', userId);
  const reached = wc.scope.showAll ? grants : grants.filter((g) => wc.scope.active.has(Number(g.entities_id)));
  return { reached, unreached: grants.length - reached.length };
}

/**
 * When some of the user's authorizations lie in entities the session cannot reach, removes those
 * it reaches and refuses the delete, keeping the user (GLPI's User::pre_deleteItem).
 */
export function keepUserReachedInPart(wc: WriteContext, userId: number): void {
  const { reached, unreached } = grantsByReach(wc, userId);
  if (unreached === 0) return;
  for (const grant of reached) purgeWithRules(wc, 'Profile_User', grant);
  throw new KeptRefusal(
    `The user also has authorizations in entities you cannot reach: it is kept, and only its authorizations in your entities were removed (${reached.length})`,
  );
}

/** Trashing a user by update (`is_deleted = 1`) needs the same reach as a delete; nothing is removed. */
export function requireWholeReach(wc: WriteContext, userId: number): void {
  if (grantsByReach(wc, userId).unreached > 0) {
    throw new ItemError('The user has authorizations in entities you cannot reach: it cannot be put in the trash; delete it to remove its authorizations in your entities');
  }
}

/** Rows the purge removes with their own rules, before the generic cascade runs. */
const OWN_ROWS: [typeName: string, where: string][] = [
  ['SavedSearch', 'users_id = ? AND is_private = 1'],
  ['Reminder', 'users_id = ?'],
  ['ReminderTranslation', 'users_id = ?'],
  ['Ticket_User', 'users_id = ?'],
  ['Problem_User', 'users_id = ?'],
  ['Change_User', 'users_id = ?'],
];

export function purgeUserData(wc: WriteContext, userId: number): void {
  for (const [typeName, where] of OWN_ROWS) {
    const table = itemtypeOrThrow(typeName).table;
    for (const row of selectAll(wc.db, `SELECT * FROM ${table} WHERE ${where} ORDER BY id`, userId)) purgeWithRules(wc, typeName, row);
  }
  // Personal column choices: shared defaults are users_id 0, which a reset would collide with.
  run(wc.db, 'DELETE FROM glpi_displaypreferences WHERE users_id = ?', userId);
  run(wc.db, "UPDATE glpi_consumables SET date_out = NULL WHERE itemtype = 'User' AND items_id = ?", userId);
}
