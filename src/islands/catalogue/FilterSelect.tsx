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
 * A labelled select of a filter. A value that is none of the choices (several programs, or one
 * the tenant no longer has, from a shared address) gets an option of its own, so the select shows
 * that something is chosen and the form sends it back unchanged.
 */
export function FilterSelect({ id, name, label, all, choices, value = '', onPick }: Props) {
  const count = value ? value.split(',').length : 0;
  const unknown = count > 0 && !choices.some((choice) => choice.value === value);
  return (
    <div className="class-filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(event) => onPick(event.target.value)}>
        {all !== undefined && <option value="">{all}</option>}
        {unknown && <option value={value}>{count > 1 ? `${count} dipilih` : 'Pilihan lain'}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
