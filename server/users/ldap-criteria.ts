import type { ItemHooks } from '../items/hooks';

/**
 * An LDAP criterion of the authorization rules (RuleRightParameter) names a directory attribute,
 * which GLPI compares in lower case: as GLPI, its value is lowered when it is added (an update
 * keeps what it is given).
 */
export const ldapCriterionHooks: ItemHooks = {
  prepareAdd(_wc, _type, row) {
    if (typeof row.value === 'string') row.value = row.value.toLowerCase();
  },
};
