import type { ReactNode } from 'react';
import { AreaSelects } from '../shared/AreaSelects';
import { Field } from '../shared/Field';
import type { FieldErrors } from '../shared/form-errors';
import { GenderChoice } from '../shared/GenderChoice';
import { PASSWORD_HINT } from '../shared/NewPasswordFields';
import { PasswordInput } from '../shared/PasswordInput';
import { TermsAndNewsletter } from './TermsAndNewsletter';

/*
 * The fields every account sign-up asks for (/Register and the coding studio's coder sign-up): the
 * same labels, autofill names and limits, checked by the same schema (`RegisterRequestSchema`, which
 * the coder's extends). The form keeps the values and messages; these only lay the fields out.
 */

type TextField = 'email' | 'name' | 'phone' | 'birthDate';
type ChoiceField = 'gender' | 'provinceId' | 'cityId';

/** The empty values of `PersonFields`, in the order the fields stand. */
export const PERSON_EMPTY = { email: '', name: '', phone: '', birthDate: '', gender: '', provinceId: '', cityId: '' };
/** The empty values of `AccountFields`, in the order the fields stand. */
export const ACCOUNT_EMPTY = { password: '', passwordRepeat: '', newsletter: false, acceptTerms: false };

const PASSWORD_FIELDS = [
  ['password', 'Kata sandi', PASSWORD_HINT],
  ['passwordRepeat', 'Ulangi kata sandi', undefined],
] as const;

/** A text input's binding as the forms make it (`useForm().text`, /Register's own `text`). */
interface TextBinding {
  value: string;
  onChange(event: { target: { value: string } }): void;
  onBlur(event?: { relatedTarget: EventTarget | null }): void;
}

/**
 * Who signs up: e-mail, full name, phone and birth date, gender, province and city (SPEC §5). The
 * hints differ a little between the forms, and /Register's e-mail message may carry a link.
 */
export function PersonFields({
  values,
  errors,
  text,
  set,
  leave,
  emailError,
  nameHint,
  phoneHint,
  onGenderBlur,
}: {
  values: Record<ChoiceField, string>;
  errors: FieldErrors<TextField | ChoiceField>;
  text(name: TextField): TextBinding;
  set(name: ChoiceField, value: string): void;
  leave(name: 'provinceId' | 'cityId'): void;
  /** Shown instead of the e-mail's own message (a taken address, with a way to sign in). */
  emailError?: ReactNode;
  nameHint?: string;
  phoneHint: string;
  onGenderBlur?: () => void;
}) {
  return (
    <>
      <Field name="email" label="Email" error={emailError ?? errors.email}>
        {(control) => (
          <input {...control} {...text('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} required />
        )}
      </Field>
      <Field name="name" label="Nama lengkap" hint={nameHint} error={errors.name}>
        {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={100} required />}
      </Field>
      <div className="form__row">
        <Field name="phone" label="Nomor HP" hint={phoneHint} error={errors.phone}>
          {(control) => <input {...control} {...text('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={20} required />}
        </Field>
        <Field name="birthDate" label="Tanggal lahir" error={errors.birthDate}>
          {(control) => <input {...control} {...text('birthDate')} type="date" autoComplete="bday" required />}
        </Field>
      </div>
      <GenderChoice value={values.gender} error={errors.gender} onChange={(gender) => set('gender', gender)} onBlur={onGenderBlur} />
      <AreaSelects
        provinceId={values.provinceId}
        cityId={values.cityId}
        errors={{ provinceId: errors.provinceId, cityId: errors.cityId }}
        onProvince={(id) => set('provinceId', id)}
        onCity={(id) => set('cityId', id)}
        onBlur={leave}
      />
    </>
  );
}

/** The new account's password, typed twice, and the terms to accept with the newsletter opt-in. */
export function AccountFields({
  values,
  errors,
  setPassword,
  setChecked,
  leave,
}: {
  values: { password: string; passwordRepeat: string; newsletter: boolean; acceptTerms: boolean };
  errors: FieldErrors<'password' | 'passwordRepeat' | 'acceptTerms'>;
  setPassword(name: 'password' | 'passwordRepeat', value: string): void;
  setChecked(name: 'newsletter' | 'acceptTerms', checked: boolean): void;
  leave(name: 'password' | 'passwordRepeat' | 'acceptTerms'): void;
}) {
  return (
    <>
      {PASSWORD_FIELDS.map(([name, label, hint]) => (
        <Field key={name} name={name} label={label} hint={hint} error={errors[name]}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              value={values[name]}
              onChange={(v) => setPassword(name, v)}
              onBlur={() => leave(name)}
            />
          )}
        </Field>
      ))}
      <TermsAndNewsletter
        newsletter={values.newsletter}
        acceptTerms={values.acceptTerms}
        error={errors.acceptTerms}
        onNewsletter={(checked) => setChecked('newsletter', checked)}
        onTerms={(checked) => {
          setChecked('acceptTerms', checked);
          leave('acceptTerms');
        }}
      />
    </>
  );
}
