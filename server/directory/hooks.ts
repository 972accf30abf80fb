/**
 * Rules of the directories' rows (AuthLDAP): the root DN's password is sealed with the data
 * folder's key before it is stored, and never returned (a hidden column); `_blank_passwd` empties
 * it. Attribute names (the `*_field` columns) are stored lower-cased, as GLPI does. One directory
 * at most is the default one. The client certificate and key are absolute paths.
 */
import { isAbsolute } from 'node:path';
import { sealSecret } from '../core/secrets';
import { secretKey } from '../db/secret-key';
import { run, type Row } from '../db/rows';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import type { Params } from '../core/params';

function applyRootPassword(wc: WriteContext, row: Row, input: Params): void {
  if (input._blank_passwd !== undefined && String(input._blank_passwd) !== '0') {
    row.rootdn_passwd = null;
    return;
  }
  const given = input.rootdn_passwd;
  if (given === undefined || given === '') return; // GLPI's form leaves an empty field for "unchanged"
  if (typeof given !== 'string') throw new ItemError('rootdn_passwd must be a string');
  row.rootdn_passwd = sealSecret(secretKey(wc.services.store.dataDir), given);
}

function lowerFields(values: Row): void {
  for (const [column, value] of Object.entries(values)) if (column.endsWith('_field') && typeof value === 'string') values[column] = value.toLowerCase();
}

/** The client certificate and key are files of this machine, named by absolute paths (GLPI's are too). */
function checkClientFiles(values: Row): void {
  for (const column of ['tls_certfile', 'tls_keyfile']) {
    const value = values[column];
    if (typeof value === 'string' && value.trim() !== '' && !isAbsolute(value.trim())) throw new ItemError(`${column} must be the absolute path of a PEM file on the server`);
  }
}

function keepOneDefault(wc: WriteContext, id: unknown, values: Row): void {
  if (Number(values.is_default) === 1) run(wc.db, 'UPDATE glpi_authldaps SET is_default = 0 WHERE id <> ? AND is_default = 1', Number(id));
}

export const authLdapHooks: ItemHooks = {
  prepareAdd(wc, _type, row, input) {
    lowerFields(row);
    checkClientFiles(row);
    applyRootPassword(wc, row, input);
  },
  afterAdd(wc, _type, row) {
    keepOneDefault(wc, row.id, row);
  },
  prepareUpdate(wc, _type, _old, changes, input) {
    lowerFields(changes);
    checkClientFiles(changes);
    applyRootPassword(wc, changes, input);
  },
  afterUpdate(wc, _type, old, changes) {
    keepOneDefault(wc, old.id, changes);
  },
};
