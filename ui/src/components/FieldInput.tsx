import type { FieldDef } from '../data/fields';
import { fromInputValue, toInputValue } from '../data/fields';
import { useEffect, useState } from 'preact/hooks';
import { dateInputText, datePlaceholder, parseDateInput } from '../lib/dates';
import { Picker } from './Picker';
import { t } from '../lib/i18n';

interface Props {
  field: FieldDef;
  value: unknown;
  /** Display name of a foreign key's current value (from expand_dropdowns). */
  display?: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  idPrefix?: string;
  /** Locked against the inventory (GLPI 10's Lockedfield): a lock beside the label. */
  locked?: boolean;
}

function Lock() {
  return (
    <span class="lock" role="img" title={t('Locked: the inventory keeps this value')} aria-label={t('Locked: the inventory keeps this value')}>
      🔒
    </span>
  );
}

/** One labelled form control, chosen by the field's kind. */
export function FieldInput({ field, value, display, onChange, disabled, idPrefix = 'f', locked = false }: Props) {
  const id = `${idPrefix}-${field.key}`;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const readOnly = field.readOnly || disabled;
  const wide = field.kind === 'textarea';

  if (field.kind === 'checkbox') {
    return (
      <div class="field field-check">
        <input
          id={id}
          type="checkbox"
          checked={Number(value) === 1 || value === true}
          disabled={readOnly}
          onChange={(e) => onChange(e.currentTarget.checked ? 1 : 0)}
        />
        <label for={id}>{field.label}</label>
        {locked && <Lock />}
      </div>
    );
  }

  return (
    <div class={wide ? 'field field-wide' : 'field'}>
      <label for={id}>
        {field.label}
        {locked && <Lock />}
      </label>
      <Control field={field} id={id} value={value} display={display} onChange={onChange} readOnly={!!readOnly} describedBy={hintId} />
      {field.hint && (
        <small id={hintId} class="hint">
          {field.hint}
        </small>
      )}
    </div>
  );
}

interface ControlProps {
  field: FieldDef;
  id: string;
  value: unknown;
  display?: unknown;
  onChange: (value: unknown) => void;
  readOnly: boolean;
  describedBy?: string;
}

function Control({ field, id, value, display, onChange, readOnly, describedBy }: ControlProps) {
  const text = toInputValue(value);
  const common = { id, name: field.key, 'aria-describedby': describedBy };
  switch (field.kind) {
    case 'textarea':
      return <textarea {...common} rows={field.key === 'content' ? 6 : 3} value={text} readOnly={readOnly} onInput={(e) => onChange(e.currentTarget.value)} />;
    case 'enum':
      return (
        <select
          {...common}
          value={text}
          disabled={readOnly}
          onChange={(e) => {
            const raw = e.currentTarget.value;
            onChange(typeof field.choices?.[0]?.[0] === 'number' ? Number(raw) : raw);
          }}
        >
          {!field.choices?.some(([v]) => String(v) === text) && <option value={text}>{text || '—'}</option>}
          {field.choices?.map(([v, label]) => (
            <option key={v} value={String(v)}>
              {label}
            </option>
          ))}
        </select>
      );
    case 'date':
    case 'datetime':
      return <DateField common={common} kind={field.kind} value={value} onChange={onChange} readOnly={readOnly} />;
    case 'fk':
      return <ForeignKey field={field} common={common} value={value} display={display} onChange={onChange} readOnly={readOnly} />;
    default: {
      if (field.kind === 'password') {
        return (
          <input {...common} type="password" value={text} readOnly={readOnly} autoComplete="new-password" onInput={(e) => onChange(e.currentTarget.value)} />
        );
      }
      const types: Partial<Record<FieldDef['kind'], 'number' | 'email'>> = {
        number: 'number',
        email: 'email',
      };
      // Preact's typings split <input> by type; these types all take the attributes used here.
      const type = (types[field.kind] ?? 'text') as 'text';
      return (
        <input
          {...common}
          type={type}
          value={text}
          readOnly={readOnly}
          step={field.kind === 'number' ? 'any' : undefined}
          autoComplete="off"
          onInput={(e) => onChange(fromInputValue(field.kind, e.currentTarget.value))}
        />
      );
    }
  }
}

interface ForeignKeyProps {
  field: FieldDef;
  common: { id: string; name: string; 'aria-describedby'?: string };
  value: unknown;
  display?: unknown;
  onChange: (value: unknown) => void;
  readOnly: boolean;
}

/** A type-ahead over the target collection; the current value is named by expand_dropdowns or the last pick. */
function ForeignKey({ field, common, value, display, onChange, readOnly }: ForeignKeyProps) {
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const current = Number(value) || 0;
  const name = picked ?? (typeof display === 'string' ? display : undefined);
  return (
    <Picker
      id={common.id}
      itemtype={field.target!}
      value={current}
      display={name}
      describedBy={common['aria-describedby']}
      disabled={readOnly}
      allowNone={field.target !== 'Entity'}
      onChange={(id, label) => {
        setPicked(label);
        onChange(id);
      }}
    />
  );
}

interface DateFieldProps {
  common: { id: string; name: string; 'aria-describedby'?: string };
  kind: 'date' | 'datetime';
  value: unknown;
  onChange: (value: unknown) => void;
  readOnly: boolean;
}

/**
 * A date typed in the user's format (GLPI's date_format preference, 24-hour time), not the
 * browser's locale: what is typed goes out as the API's date once it reads as one (else as typed,
 * for the API to refuse with its message).
 */
function DateField({ common, kind, value, onChange, readOnly }: DateFieldProps) {
  const withTime = kind === 'datetime';
  const [text, setText] = useState(() => dateInputText(value, withTime));
  // A value set from outside (a reload after saving) shows, unless it is what the text already says.
  useEffect(() => {
    if ((parseDateInput(text, withTime) ?? '') !== String(value ?? '')) setText(dateInputText(value, withTime));
  }, [value]);
  return (
    <input
      {...common}
      type="text"
      inputMode="numeric"
      placeholder={datePlaceholder(withTime)}
      value={text}
      readOnly={readOnly}
      autoComplete="off"
      onInput={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        onChange(typed.trim() === '' ? '' : (parseDateInput(typed, withTime) ?? typed));
      }}
    />
  );
}
