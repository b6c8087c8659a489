import { Field } from './Field';
import type { FieldErrors } from './form-errors';
import { PasswordInput } from './PasswordInput';

/** The sign-up's password rule as every form that sets a password says it (contract/auth.ts `NewPasswordSchema`). */
export const PASSWORD_HINT = 'Minimal 8 karakter, memuat huruf dan angka.';

type Name = 'password' | 'passwordRepeat';

interface Props {
  values: Record<Name, string>;
  errors: FieldErrors<Name>;
  set: (name: Name) => (value: string) => void;
}

/** A new password typed twice, as /Atur-Ulang-Password and /Akun's 'Ganti password' ask for it. */
export function NewPasswordFields({ values, errors, set }: Props) {
  return (
    <>
      <Field name="password" label="Kata sandi baru" hint={PASSWORD_HINT} error={errors.password}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" value={values.password} onChange={set('password')} />}
      </Field>
      <Field name="passwordRepeat" label="Ulangi kata sandi baru" error={errors.passwordRepeat}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" value={values.passwordRepeat} onChange={set('passwordRepeat')} />
        )}
      </Field>
    </>
  );
}
