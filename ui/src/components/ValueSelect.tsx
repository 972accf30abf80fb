/** A select over a fixed list of [value, label] pairs; numbers stay numbers. */
export function ValueSelect<T extends string | number>({ id, value, choices, onChange }: { id: string; value: T; choices: readonly (readonly [T, string])[]; onChange: (value: T) => void }) {
  return (
    <select
      id={id}
      value={String(value)}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        onChange((typeof value === 'number' ? Number(raw) : raw) as T);
      }}
    >
      {choices.map(([v, label]) => (
        <option key={String(v)} value={String(v)}>
          {label}
        </option>
      ))}
    </select>
  );
}
