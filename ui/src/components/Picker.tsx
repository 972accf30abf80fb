import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../data/api';
import { type Choice, itemLabel } from '../data/options';
import { typeDef } from '../lib/itemtypes';
import { t } from '../lib/i18n';

const PAGE = 20;

interface Props {
  id: string;
  /** The collection picked from. */
  itemtype: string;
  value: number;
  /** Name of the current value, when known. */
  display?: string;
  onChange: (id: number, label: string) => void;
  disabled?: boolean;
  /** Offer "none" (id 0). */
  allowNone?: boolean;
  describedBy?: string;
  label?: string;
}

/**
 * A type-ahead over the API: each keystroke asks the collection for names containing the text
 * (tree types by complete name), a page at a time, so no row cap applies to what can be picked.
 */
export function Picker({ id, itemtype, value, display, onChange, disabled, allowNone = true, describedBy, label }: Props) {
  const field = typeDef(itemtype).title ?? 'name';
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<Choice[]>([]);
  const [total, setTotal] = useState(0);
  const [active, setActive] = useState(0);
  const [failed, setFailed] = useState(false);
  // Entity 0 (the root) is a real item: a name given for 0 is shown.
  const current = display && display !== String(value) ? display : value ? `#${value}` : '';
  const listId = `${id}-list`;
  const seq = useRef(0);

  useEffect(() => {
    if (!open) return;
    const mine = ++seq.current;
    api
      .list(itemtype, { range: `0-${PAGE - 1}`, sort: field, searchText: text ? { [field]: text } : undefined })
      .then((page) => {
        if (mine !== seq.current) return;
        setChoices(page.items.map((item) => ({ id: item.id, label: itemLabel(item) })));
        setTotal(page.total);
        setActive(0);
        setFailed(false);
      })
      .catch(() => mine === seq.current && setFailed(true));
  }, [open, text, itemtype, field]);

  const options: Choice[] = [...(allowNone ? [{ id: 0, label: '—' }] : []), ...choices];
  const pick = (choice: Choice) => {
    onChange(choice.id, choice.id ? choice.label : '');
    setOpen(false);
    setText('');
  };

  return (
    <div class="picker">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={describedBy}
        autoComplete="off"
        disabled={disabled}
        placeholder={current || t('Type to search…')}
        value={open ? text : current}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onInput={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, options.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter' && open && options[active]) pick(options[active]!);
          else if (e.key === 'Escape') setOpen(false);
          else return;
          e.preventDefault();
        }}
      />
      {open && (
        <ul id={listId} role="listbox" class="picker-list">
          {failed && <li class="muted">{t('Your profile cannot list these.')}</li>}
          {options.map((c, i) => (
            <li
              key={c.id}
              role="option"
              aria-selected={i === active}
              class={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(c);
              }}
            >
              {c.label}
            </li>
          ))}
          {total > choices.length && <li class="muted">{t('{count} more: type to narrow', { count: total - choices.length })}</li>}
        </ul>
      )}
    </div>
  );
}
