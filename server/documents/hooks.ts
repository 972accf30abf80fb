/**
 * Document business rules: a multipart upload fills a Document (POST /Document/, or PUT to
 * replace its file), or becomes Documents linked to the item being written (POST /Ticket/ with
 * `_filename` in the manifest, and every itemtype that can have documents). Files are written
 * inside the transaction that records them; whatever ends up unused is released after it.
 */
import { toId, type Params } from '../core/params';
import { itemtype, itemtypeOrThrow, type Itemtype } from '../registry';
import { addItem } from '../items/crud';
import { HISTORY, logRelation, writeLog } from '../items/history';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { nameOf } from '../items/names';
import { findById, insertRow, selectOne, type Row } from '../db/rows';
import { nowString } from '../core/clock';
import { releaseFile, writeStored } from './storage';
import { prepareUploads, preparedFiles, uploadResult, type PreparedFile } from './upload';

/** Writes a prepared file in place; if the transaction does not keep a Document using it, it goes. */
function storeFile(wc: WriteContext, file: PreparedFile): void {
  const dir = wc.services.store.documentsDir;
  try {
    writeStored(dir, file.filepath, file.bytes);
  } catch (error) {
    console.error('[deskbase] storing a document file failed:', error);
    throw new ItemError(`File "${file.filename}" could not be stored on the server`);
  }
  releaseFile(wc.db, dir, file.filepath, file.sha1);
}

/** The columns a stored file sets on its Document. */
function fileColumns(file: PreparedFile): Row {
  return { filename: file.filename, filepath: file.filepath, mime: file.mime, sha1sum: file.sha1 };
}

/** `itemtype` + `items_id` on a Document's input ask for a link to that item (not columns of Document). */
function takeLinkFields(input: Params): void {
  if (input.itemtype === undefined && input.items_id === undefined) return;
  input._link_itemtype = input.itemtype;
  input._link_items_id = input.items_id;
  delete input.itemtype;
  delete input.items_id;
}

function linkTarget(input: Params): { type: Itemtype; id: number } | null {
  if (input._link_itemtype === undefined && input._link_items_id === undefined) return null;
  const type = typeof input._link_itemtype === 'string' ? itemtype(input._link_itemtype) : undefined;
  const id = toId(input._link_items_id);
  if (!type || id === null) throw new ItemError('itemtype and items_id must name an existing item to link the document to');
  return { type, id };
}

/** GLPI's default name of a document created for an item. */
function linkedName(wc: WriteContext, target: { type: Itemtype; id: number }): string {
  return `Document: ${target.type.name} - ${nameOf(wc.db, target.type, target.id) || target.id}`;
}

const documentItem = () => itemtypeOrThrow('Document_Item');

export const documentHooks: ItemHooks = {
  async prepareInput(wc, _type, input) {
    takeLinkFields(input);
    await prepareUploads(wc, input);
  },
  prepareAdd(wc, _type, row, input) {
    const file = preparedFiles(input)[0];
    if (file) Object.assign(row, fileColumns(file));
    if (row.users_id === undefined || row.users_id === 0) row.users_id = Number(wc.scope.user.id);
    if (typeof row.tag !== 'string' || row.tag === '') row.tag = crypto.randomUUID();
    if (typeof row.name !== 'string' || row.name.trim() === '') {
      const target = linkTarget(input);
      if (target) row.name = linkedName(wc, target);
      else if (typeof row.filename === 'string' && row.filename !== '') row.name = row.filename;
    }
  },
  afterAdd(wc, _type, row, input) {
    const [file, ...ignored] = preparedFiles(input);
    if (file) {
      storeFile(wc, file);
      wc.extra.upload_result = uploadResult([{ file }, ...ignored.map((f) => ({ file: f, error: 'A document holds one file: only the first one was stored' }))]);
    }
    const target = linkTarget(input);
    if (target) addItem(wc, documentItem(), { documents_id: Number(row.id), itemtype: target.type.name, items_id: target.id });
  },
  prepareUpdate(_wc, _type, _old, changes, input) {
    const file = preparedFiles(input)[0];
    if (file) Object.assign(changes, fileColumns(file));
  },
  afterUpdate(wc, _type, old, _changes, input) {
    const [file, ...ignored] = preparedFiles(input);
    if (file) {
      storeFile(wc, file);
      // The replaced file goes if nothing uses it any more (GLPI's rule on replacing a file).
      if (old.filepath !== file.filepath) releaseFile(wc.db, wc.services.store.documentsDir, old.filepath, old.sha1sum);
      wc.extra.upload_result = uploadResult([{ file }, ...ignored.map((f) => ({ file: f, error: 'A document holds one file: only the first one was stored' }))]);
    }
    const target = linkTarget(input);
    if (target) addItem(wc, documentItem(), { documents_id: Number(old.id), itemtype: target.type.name, items_id: target.id });
  },
  afterPurge(wc, _type, row) {
    // Trash keeps the file; a purge releases it unless another Document shares the content.
    releaseFile(wc.db, wc.services.store.documentsDir, row.filepath, row.sha1sum);
  },
};

/** The item a row without an entity of its own belongs to (a follow-up's or a task's ticket). */
function ownerOf(wc: WriteContext, type: Itemtype, item: Row): { type: Itemtype; row: Row } | null {
  const owner = type.owners[0];
  if (!owner) return null;
  const ownerType = itemtype('fk' in owner ? owner.itemtype : String(item.itemtype ?? ''));
  const id = Number('fk' in owner ? item[owner.fk] : item.items_id);
  const row = ownerType ? findById(wc.db, ownerType.table, id) : null;
  return ownerType && row ? { type: ownerType, row } : null;
}

/** The entity a document attached to this item belongs to: its own, or its owner's (a follow-up's ticket's). */
function entityOf(wc: WriteContext, type: Itemtype, item: Row): { entities_id: number; is_recursive: number } {
  const recursive = type.mayBeRecursive ? Number(item.is_recursive ?? 0) : 0;
  if (type.name === 'Entity') return { entities_id: Number(item.id), is_recursive: recursive };
  if (type.entityAssign) return { entities_id: Number(item.entities_id ?? 0), is_recursive: recursive };
  const owner = ownerOf(wc, type, item);
  if (owner) return entityOf(wc, owner.type, owner.row);
  return { entities_id: wc.scope.session.entityId ?? wc.scope.activeEntities[0] ?? 0, is_recursive: 0 };
}

/**
 * GLPI's addFiles: each uploaded file becomes a Document of the item's entity (or reuses one
 * there with the same content), linked to the item. Creating the item (or updating it) is what
 * the request needed the right for, as in GLPI: no Document right is asked.
 */
function attachFiles(wc: WriteContext, type: Itemtype, item: Row, input: Params): void {
  const files = preparedFiles(input);
  if (files.length === 0) return;
  const itemId = Number(item.id);
  const { entities_id, is_recursive } = entityOf(wc, type, item);
  const now = nowString();
  const me = Number(wc.scope.user.id);
  const linkType = documentItem();
  const documentType = itemtypeOrThrow('Document');
  for (const file of files) {
    storeFile(wc, file);
    const existing = selectOne(
      wc.db,
      'SELECT id FROM glpi_documents WHERE entities_id = ? AND sha1sum = ? AND is_blacklisted = 0 AND is_deleted = 0 ORDER BY id LIMIT 1',
      entities_id,
      file.sha1,
    );
    let documentId = existing ? Number(existing.id) : 0;
    if (!documentId) {
      const category = type.name === 'Ticket' ? wc.services.store.settings.number('documentcategories_id_forticket') || 0 : 0;
      documentId = insertRow(wc.db, 'glpi_documents', {
        entities_id,
        is_recursive,
        name: `Document ${type.name} ${itemId}`,
        ...fileColumns(file),
        documentcategories_id: category && selectOne(wc.db, 'SELECT id FROM glpi_documentcategories WHERE id = ?', category) ? category : 0,
        users_id: me,
        tickets_id: type.name === 'Ticket' ? itemId : 0,
        tag: crypto.randomUUID(),
        date_creation: now,
        date_mod: now,
      });
      if (wc.history) writeLog(wc.db, wc.actor, { itemtype: documentType.name, itemsId: documentId, action: HISTORY.CREATE_ITEM });
    }
    const linked = selectOne(wc.db, 'SELECT id FROM glpi_documents_items WHERE documents_id = ? AND itemtype = ? AND items_id = ?', documentId, type.name, itemId);
    if (!linked) {
      const link: Row = { documents_id: documentId, itemtype: type.name, items_id: itemId, entities_id, is_recursive, users_id: me, date_creation: now, date_mod: now, date: now };
      link.id = insertRow(wc.db, linkType.table, link);
      logRelation(wc, linkType, link, HISTORY.ADD_RELATION);
    }
  }
  wc.extra.upload_result = uploadResult(files.map((file) => ({ file })));
}

export const attachmentHooks: ItemHooks = {
  prepareInput(wc, _type, input) {
    return prepareUploads(wc, input) ?? undefined;
  },
  afterAdd(wc, type, row, input) {
    attachFiles(wc, type, row, input);
  },
  afterUpdate(wc, type, old, changes, input) {
    attachFiles(wc, type, { ...old, ...changes }, input);
  },
};
