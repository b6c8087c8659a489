import { type FormEvent, useRef, useState } from 'react';
import { linkLifetime, PasswordForgotRequestSchema } from '~/contract/account';
import { forgotPassword } from '~/lib/api/account';
import { failureMessage } from '~/lib/auth/request-errors';
import { appClient } from '../shared/app-client';
import { Field, SubmitButton } from '../shared/Field';
import { type FieldErrors, fieldErrors, focusFirstInvalid } from '../shared/form-errors';
import { IslandBoundary } from '../shared/IslandBoundary';
import { typedAhead } from '../shared/typed-ahead';
import { useHydrated } from '../shared/use-hydrated';
import '../shared/forms.css';

/**
 * /Lupa-Password: the account's e-mail (POST password/forgot). The answer is the same whether or
 * not the address has an account, and is shown as the server words it; the address stays in the
 * field, so a typo can be fixed and sent again. A refusal (too many requests, offline) is an alert.
 */
function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => typedAhead('Lupa password', { email: '' }));
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [alert, setAlert] = useState<string>();
  const [answer, setAnswer] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = PasswordForgotRequestSchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrors<'email'>(parsed.error.issues);
    setErrors(found);
    setAlert(undefined);
    setAnswer(undefined);
    if (!parsed.success) return focusFirstInvalid(form.current, ['email'], found);
    setBusy(true);
    try {
      setAnswer(await forgotPassword(await appClient(), parsed.data.email));
    } catch (error) {
      setAlert(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="form" method="post" noValidate onSubmit={submit} aria-label="Lupa password">
      {alert && (
        <div className="form-alert" role="alert">
          <p>{alert}</p>
        </div>
      )}
      <p>
        Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat password baru; tautannya berlaku {linkLifetime('reset-password')}.
      </p>
      <Field name="email" label="Email" error={errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            required
            value={values.email}
            onChange={(event) => setValues({ email: event.target.value })}
          />
        )}
      </Field>
      <SubmitButton busy={busy} ready={hydrated}>
        Kirim tautan
      </SubmitButton>
      <div role="status">
        {answer && (
          <div className="form-note">
            <p>{answer}</p>
          </div>
        )}
      </div>
      <p className="form__links">
        Ingat password Anda? <a href="/Login">Masuk</a>
      </p>
      <noscript>
        <p>Aktifkan JavaScript di peramban Anda untuk meminta tautan.</p>
      </noscript>
    </form>
  );
}

/** The /Lupa-Password island (`client:load`: the visitor came for this form). */
export default function ForgotPasswordIsland() {
  return (
    <IslandBoundary source="ForgotPasswordForm">
      <ForgotPasswordForm />
    </IslandBoundary>
  );
}
