import { type ReactNode, useId } from 'react';

/** What a form control needs to be tied to its label, hint and message. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  name: string;
  label: ReactNode;
  /** The message beside the field, when it is invalid (text, or text with a link). */
  error?: ReactNode;
  /** A standing hint under the label (format, rules). */
  hint?: ReactNode;
  /** Renders the control with the props that tie it to the label and messages. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * One labelled form field: the label, an optional hint, the control, and the field's message beside
 * it, tied together with `aria-describedby` and marked with `aria-invalid` (islands README "Accessibility").
 */
export function Field({ name, label, error, hint, children }: FieldProps) {
  const id = `${useId()}-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

interface ChoiceGroupProps {
  name: string;
  legend: ReactNode;
  error?: string | undefined;
  children: (control: Omit<ControlProps, 'id'>) => ReactNode;
}

/** A group of radios or checkboxes under one legend, with its message tied to each option. */
export function ChoiceGroup({ name, legend, error, children }: ChoiceGroupProps) {
  const baseId = useId();
  const errorId = error ? `${baseId}-${name}-error` : undefined;
  return (
    <fieldset className="field field--group" data-invalid={error ? '' : undefined}>
      <legend>{legend}</legend>
      {children({ name, 'aria-invalid': error ? true : undefined, 'aria-describedby': errorId })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The submit button: disabled and saying 'Memproses…' while the form is sent, and until the island can handle it. */
export function SubmitButton({ busy, ready, children }: { busy: boolean; ready: boolean; children: ReactNode }) {
  return (
    <button className="btn btn--primary form__submit" type="submit" disabled={busy || !ready} aria-busy={busy || undefined}>
      {busy ? 'Memproses…' : children}
    </button>
  );
}
