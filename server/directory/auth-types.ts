/** GLPI's authtype of directory users. */
export { GLPI_AUTHTYPE_LDAP as AUTH_LDAP } from '../registry/values';
