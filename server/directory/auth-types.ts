/** GLPI's authtype of directory users. */
export const AUTH_LDAP = 3;
