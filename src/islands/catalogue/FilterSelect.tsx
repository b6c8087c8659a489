import { useEffect, useRef, useState } from 'react';

/** One option of a filter. */
export interface Choice {
  value: string;
  label: string;
}

interface Props {
  id: string;
  /** The address's parameter (class-query.ts), so the form works without JavaScript. */
  name: string;
  label: string;
  /** The option that filters nothing (value ''); none for a choice that always has a value (the order). */
  all?: string;
  choices: Choice[];
  value: string | undefined;
  onPick(value: string): void;
}

/** A list filter's value as the select holds it: `3`, or `1,4` for several (an address may ask for more than one). */
export function listValue(values: readonly (number | string)[] | undefined): string | undefined {
  return values?.length ? values.join(',') : undefined;
}

/**
 * What a select applies when the visitor is done with a keyboard choice (on leaving it, or Enter):
 * the value it shows now, unless that is what the list already shows (then nothing, undefined).
 */
export function settledPick(shown: string | undefined, applied: string): string | undefined {
  return shown !== undefined && shown !== applied ? shown : undefined;
}

/**
 * A labelled select of a filter. A choice made with a pointer applies at once; one made with the
 * keyboard (arrow keys on a closed select change it in Chromium, a change each) is held in the
 * select and applies when the visitor leaves it or presses Enter (or 'Terapkan filter'), so walking
 * the options never reloads the list. A value that is none of the choices (several programs, or
 * one the tenant no longer has, from a shared address) gets an option of its own, so the select
 * shows that something is chosen and the form sends it back unchanged.
 */
export function FilterSelect({ id, name, label, all, choices, value = '', onPick }: Props) {
  // The keyboard's choice not applied yet; the last input was a key (not a pointer).
  const [draft, setDraft] = useState<string>();
  const keyed = useRef(false);
  // Applied, cleared, or moved by back and forward: the select shows the list's value again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new applied `value` is what drops the held choice.
  useEffect(() => setDraft(undefined), [value]);
  const shown = draft ?? value;
  const settle = () => {
    const picked = settledPick(draft, value);
    setDraft(undefined);
    if (picked !== undefined) onPick(picked);
  };
  const count = shown ? shown.split(',').length : 0;
  const unknown = count > 0 && !choices.some((choice) => choice.value === shown);
  return (
    <div className="class-filters__field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={shown}
        onPointerDown={() => {
          keyed.current = false;
        }}
        onKeyDown={(event) => {
          // Only arrows on the closed select step through the choices; a choice made in the opened list applies.
          keyed.current =
            (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Home' || event.key === 'End') && !event.altKey;
          if (event.key === 'Enter') settle();
        }}
        onChange={(event) => {
          const held = keyed.current;
          keyed.current = false;
          if (held) setDraft(event.target.value);
          else onPick(event.target.value);
        }}
        onBlur={settle}
      >
        {all !== undefined && <option value="">{all}</option>}
        {unknown && <option value={shown}>{count > 1 ? `${count} dipilih` : 'Pilihan lain'}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
