import type { Db } from './connection';
import { insertRow, selectOne } from './rows';
import { nowString } from '../core/clock';
import { DOCUMENT_TYPES } from '../registry/document-types';

/**
 * Migration 2: GLPI's fresh-install document types (the upload whitelist), all uploadable, each
 * with its MIME type. Types an administrator already made (same extension) are left as they are;
 * GLPI's ids are kept when they are free.
 */
export function seedDocumentTypes(db: Db): void {
  const now = nowString();
  for (const type of DOCUMENT_TYPES) {
    if (selectOne(db, 'SELECT id FROM glpi_documenttypes WHERE LOWER(ext) = ?', type.ext)) continue;
    const row: Record<string, unknown> = { name: type.name, ext: type.ext, icon: type.icon, mime: type.mime, is_uploadable: 1, date_creation: now, date_mod: now };
    if (!selectOne(db, 'SELECT id FROM glpi_documenttypes WHERE id = ?', type.id)) row.id = type.id;
    insertRow(db, 'glpi_documenttypes', row);
  }
}
