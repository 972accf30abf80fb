import type { Item } from '../../data/api';
import { FieldInput } from '../../components/FieldInput';
import { fieldFor, type FieldDef, type Values } from '../../data/fields';
import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';
import { href } from '../../lib/router';
import { showDate } from '../../lib/dates';
import { useSession } from '../../data/session';
import { DocumentLink } from './Documents';

interface Props {
  itemtype: string;
  /** null for a new item. */
  id: number | null;
  item: Item | null;
  /** The item with its dropdowns named, to show beside the ids. */
  names: Item | null;
  parts: { main: FieldDef[]; more: FieldDef[] };
  values: Values;
  onValues: (change: (values: Values) => Values) => void;
  locked: Set<string>;
  busy: boolean;
  editable: boolean;
  onSubmit: (e: Event) => void;
  onUndo: () => void;
}

/** An item's fields as a form: the main ones, the others folded under "More fields", then save or undo. */
export function ItemForm({ itemtype, id, item, names, parts, values, onValues, locked, busy, editable, onSubmit, onUndo }: Props) {
  const { info } = useSession();
  const def = typeDef(itemtype);
  /** A new item's entity is named from the session's entities (there is no expanded item yet). */
  const entityName = (value: unknown) => info.entities.find((e) => e.id === Number(value))?.name;
  const input = (f: FieldDef) => (
    <FieldInput key={f.key} field={fieldFor(itemtype, f, values)} value={values[f.key]} display={names?.[f.key] ?? (f.key === 'entities_id' ? entityName(values[f.key]) : undefined)} locked={locked.has(f.key)} onChange={(v) => onValues((s) => ({ ...s, [f.key]: v }))} />
  );
  return (
    <form class="item-form" onSubmit={onSubmit} aria-label={t('{type} details', { type: def.label })}>
      <fieldset disabled={busy || !editable}>
        <legend class="sr-only">{t('{type} details', { type: def.label })}</legend>
        <div class="form-grid">{parts.main.map(input)}</div>
        {parts.more.length > 0 && (
          <details class="more">
            <summary>{t('More fields ({count})', { count: parts.more.length })}</summary>
            <div class="form-grid">{parts.more.map(input)}</div>
          </details>
        )}
      </fieldset>
      {itemtype === 'Document' && item && <DocumentLink id={item.id} name={String(item.filename || item.name || '')} />}
      {item && (
        <p class="muted meta">
          {item.date_creation ? t('Created {date}', { date: showDate(item.date_creation) }) : ''}
          {item.date_mod ? ` · ${t('Last update {date}', { date: showDate(item.date_mod) })}` : ''}
        </p>
      )}
      {editable && (
        <div class="form-actions">
          <button type="submit" disabled={busy}>
            {id === null ? t('Create {type}', { type: def.label.toLowerCase() }) : t('Save')}
          </button>
          {id === null ? (
            <a class="button secondary" href={href([itemtype])}>
              {t('Cancel')}
            </a>
          ) : (
            <button type="button" class="secondary" disabled={busy} onClick={onUndo}>
              {t('Undo changes')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
