import { Field } from '../shared/Field';
import type { FieldErrors } from '../shared/form-errors';

type Prefix = 'contact' | 'mentor';

/**
 * The person the organisers reach about a registration, someone other than the visitor (the school's
 * contact, the team's mentor teacher): name, then e-mail and phone side by side, each labelled with
 * who they are ('Email guru'). Their inputs take no autofill of the visitor's own details, bar the
 * name where `nameAutoComplete` says so.
 */
export function ContactFields<P extends Prefix>({
  prefix,
  who,
  nameHint,
  nameAutoComplete,
  text,
  errors,
}: {
  /** The fields' names are `{prefix}Name`, `{prefix}Email` and `{prefix}Phone`. */
  prefix: P;
  /** Who the person is, ending each label: 'penanggung jawab', 'guru'. */
  who: string;
  nameHint?: string;
  nameAutoComplete?: 'name';
  text(name: `${P}Name` | `${P}Email` | `${P}Phone`): {
    value: string;
    onChange(event: { target: { value: string } }): void;
    onBlur(event?: { relatedTarget: EventTarget | null }): void;
  };
  errors: FieldErrors<string>;
}) {
  const name = `${prefix}Name` as const;
  const email = `${prefix}Email` as const;
  const phone = `${prefix}Phone` as const;
  return (
    <>
      <Field name={name} label={`Nama ${who}`} hint={nameHint} error={errors[name]}>
        {(control) => <input {...control} {...text(name)} type="text" autoComplete={nameAutoComplete} maxLength={100} required />}
      </Field>
      <div className="form__row">
        <Field name={email} label={`Email ${who}`} error={errors[email]}>
          {(control) => <input {...control} {...text(email)} type="email" inputMode="email" maxLength={254} required />}
        </Field>
        <Field name={phone} label={`Nomor HP ${who}`} error={errors[phone]}>
          {(control) => <input {...control} {...text(phone)} type="tel" inputMode="tel" maxLength={20} required />}
        </Field>
      </div>
    </>
  );
}
