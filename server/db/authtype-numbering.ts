/**
 * Earlier Deskbase versions stored users' `authtype` with GLPI's numbering (3 LDAP, 2 mail
 * server), where Deskbase now follows the specification's (2 LDAP, 3 mail: AUTHTYPE). A user is
 * renumbered only where its `auths_id` says which kind it is: a 3 naming an LDAP directory (and
 * no mail server, unless the directory gave it a DN) was GLPI's LDAP; a 2 naming a mail server
 * and no directory was GLPI's mail. Anything else may have been written by a client already
 * using the specification's numbers, so it is kept as it is and said in the log. RuleRight's
 * `TYPE` criteria, whose patterns only ever meant GLPI's numbers, are renumbered all.
 */
import type { Db } from './connection';
import { run, selectValues } from './rows';
import { AUTHTYPE } from '../registry/values';
import type { UpgradeNote } from './upgrade-note';

const GLPI_LDAP = 3;
const GLPI_MAIL = 2;

const NAMES_LDAP = 'auths_id IN (SELECT id FROM glpi_authldaps)';
const NAMES_MAIL = 'auths_id IN (SELECT id FROM glpi_authmails)';
const WAS_GLPI_NUMBERED = `(authtype = ${GLPI_LDAP} AND ${NAMES_LDAP} AND (NOT ${NAMES_MAIL} OR COALESCE(user_dn, '') <> ''))
  OR (authtype = ${GLPI_MAIL} AND ${NAMES_MAIL} AND NOT ${NAMES_LDAP})`;

export function renumberAuthtypes(db: Db, note: UpgradeNote = () => {}): void {
  const kept = selectValues(db, `SELECT id FROM glpi_users WHERE authtype IN (${GLPI_LDAP}, ${GLPI_MAIL}) AND NOT (${WAS_GLPI_NUMBERED}) ORDER BY id`).map((r) => Number(r[0]));
  // One statement for both kinds: renumbering one kind first would let the other step take its rows back.
  run(db, `UPDATE glpi_users SET authtype = CASE authtype WHEN ${GLPI_LDAP} THEN ${AUTHTYPE.LDAP} ELSE ${AUTHTYPE.MAIL} END WHERE ${WAS_GLPI_NUMBERED}`);
  run(
    db,
    `UPDATE glpi_rulecriterias SET pattern = CASE pattern WHEN ? THEN ? ELSE ? END
     WHERE criteria = 'TYPE' AND pattern IN (?, ?) AND rules_id IN (SELECT id FROM glpi_rules WHERE sub_type = 'RuleRight')`,
    String(GLPI_LDAP),
    String(AUTHTYPE.LDAP),
    String(AUTHTYPE.MAIL),
    String(GLPI_LDAP),
    String(GLPI_MAIL),
  );
  if (kept.length) {
    note(`authtype: ${kept.length} user(s) with authtype 2 or 3 kept as stored (2 now means LDAP, 3 a mail server), their auths_id not telling which numbering wrote them: ids ${kept.slice(0, 20).join(', ')}${kept.length > 20 ? ', …' : ''}`);
  }
}
