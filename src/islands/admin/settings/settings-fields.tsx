import type { ReactNode } from 'react';
import { Field } from '../../shared/Field';
import { type COLOURS, colourInputValue } from './settings-draft';

/*
 * The settings form's controls: labelled by `shared/Field` (hint and message tied to the control),
 * named by the setting's path, so the server's `fields` and the contract's issues land beside them.
 */

interface TextProps {
  name: string;
  label: string;
  hint?: ReactNode;
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  maxLength?: number;
  type?: 'text' | 'url';
}

export function TextField({ name, label, hint, value, error, onChange, rows, maxLength, type = 'text' }: TextProps) {
  return (
    <Field name={name} label={label} hint={hint} error={error}>
      {(control) =>
        rows ? (
          <textarea {...control} rows={rows} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input
            {...control}
            type={type}
            maxLength={maxLength}
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

interface SelectProps {
  name: string;
  label: string;
  hint?: ReactNode;
  value: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  onChange(value: string): void;
}

export function SelectField({ name, label, hint, value, options, error, onChange }: SelectProps) {
  return (
    <Field name={name} label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

interface ColourProps {
  colour: (typeof COLOURS)[number];
  value: string;
  error?: string | undefined;
  /** The id of a message about all colours (the server's AA refusal), read with each one. */
  sharedMessage?: string | undefined;
  onChange(value: string): void;
}

/** One colour: the browser's colour picker and the hex code, kept in step; a half-typed code waits until it is whole. */
export function ColourField({ colour, value, error, sharedMessage, onChange }: ColourProps) {
  const name = `css.${colour.key}`;
  return (
    <Field name={name} label={colour.label} hint={colour.use} error={error}>
      {(control) => (
        <div className="settings-colour">
          <input
            type="color"
            aria-label={`${colour.label}: pemilih warna`}
            value={colourInputValue(value)}
            onChange={(event) => onChange(event.target.value)}
          />
          <input
            {...control}
            aria-describedby={[control['aria-describedby'], sharedMessage].filter(Boolean).join(' ') || undefined}
            type="text"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            size={8}
            value={value}
            onChange={(event) => onChange(event.target.value.trim())}
          />
        </div>
      )}
    </Field>
  );
}
