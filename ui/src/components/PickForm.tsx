import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Picker } from './Picker';

interface Props {
  /** The form's accessible name ("Add an actor"). */
  label: string;
  pickerId: string;
  pickerLabel: string;
  itemtype: string;
  button: string;
  /** Fields shown before the picker (a role, a type…). */
  children?: ComponentChildren;
  /** Nothing was picked. */
  onMissing: () => void;
  /** Adds the picked item; true when it was added (the picker then empties). */
  onAdd: (picked: { id: number; name: string }) => Promise<boolean>;
}

/** A small form that adds one picked item (an actor, a linked asset, a group membership). */
export function PickForm({ label, pickerId, pickerLabel, itemtype, button, children, onMissing, onAdd }: Props) {
  const [picked, setPicked] = useState({ id: 0, name: '' });
  // Another collection: what was picked in the previous one no longer applies.
  useEffect(() => setPicked({ id: 0, name: '' }), [itemtype]);
  return (
    <form
      class="form-grid"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        if (!picked.id) return onMissing();
        void onAdd(picked).then((ok) => ok && setPicked({ id: 0, name: '' }));
      }}
    >
      {children}
      <div class="field">
        <label for={pickerId}>{pickerLabel}</label>
        <Picker key={itemtype} id={pickerId} itemtype={itemtype} value={picked.id} display={picked.name} allowNone={false} onChange={(id, name) => setPicked({ id, name })} />
      </div>
      <div class="form-actions">
        <button type="submit">{button}</button>
      </div>
    </form>
  );
}
