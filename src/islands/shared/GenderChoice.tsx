import { ChoiceGroup } from './Field';

const GENDERS = [
  ['L', 'Laki-laki'],
  ['P', 'Perempuan'],
] as const;

/** The sign-up's gender, L or P (docs/design.md "Facts"), as two radios under one legend. */
export function GenderChoice({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: string;
  error?: string | undefined;
  onChange(value: 'L' | 'P'): void;
  onBlur?: (() => void) | undefined;
}) {
  return (
    <ChoiceGroup name="gender" legend="Jenis kelamin" error={error}>
      {(control) => (
        <div className="choices">
          {GENDERS.map(([gender, label]) => (
            <label className="choice" key={gender}>
              <input
                {...control}
                type="radio"
                value={gender}
                checked={value === gender}
                onChange={() => onChange(gender)}
                onBlur={onBlur}
              />
              {label}
            </label>
          ))}
        </div>
      )}
    </ChoiceGroup>
  );
}
