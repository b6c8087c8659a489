import { useStore } from '@nanostores/react';
import { type FormEvent, useRef, useState } from 'react';
import { LoginRequestSchema } from '~/contract/auth';
import { signIn } from '~/lib/api/auth';
import { ApiRequestError } from '~/lib/api/errors';
import { BAD_CREDENTIALS_MESSAGE, failureMessage } from '~/lib/auth/request-errors';
import { browserEnvironment } from '~/stores/app';
import { $session, keepSession } from '~/stores/session';
import { appClient } from '../shared/app-client';
import { Field, SubmitButton } from '../shared/Field';
import { type FieldErrors, fieldErrors, focusFirstInvalid } from '../shared/form-errors';
import { IslandBoundary } from '../shared/IslandBoundary';
import { PasswordInput } from '../shared/PasswordInput';
import { RedirectRefused, requestedReturn, returnTarget } from '../shared/return-to';
import { SignedInNotice } from '../shared/SignedInNotice';
import { typedAhead } from '../shared/typed-ahead';
import { useHydrated } from '../shared/use-hydrated';
import '../shared/forms.css';

type Name = 'email' | 'password';
const ORDER: Name[] = ['email', 'password'];

/** The /Register link, carrying the return address along. */
const registerHref = () => {
  const back = typeof location === 'undefined' ? null : requestedReturn();
  return back ? `/Register?redirect=${encodeURIComponent(back)}` : '/Register';
};

/**
 * /Login: e-mail and password against the auth service (`generate/token`). Wrong password and
 * unknown e-mail read the same; a lockout says when to try again; offline and server failures keep
 * what was typed. After signing in, the visitor goes to the `redirect` path, or stays when it leads
 * off the site (ERR_REDIRECT).
 */
function LoginForm() {
  const session = useStore($session);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => typedAhead('Masuk', { email: '', password: '' }));
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<'leaving' | 'refused'>();

  if (outcome === 'refused') return <RedirectRefused />;
  if (outcome === 'leaving') return <p role="status">Berhasil masuk. Membuka halaman tujuan…</p>;
  if (session && !busy) return <SignedInNotice user={session} />;

  const set = (name: Name) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = LoginRequestSchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrors<Name>(parsed.error.issues);
    setErrors(found);
    setAlert(undefined);
    if (!parsed.success) {
      focusFirstInvalid(form.current, ORDER, found);
      return;
    }
    setBusy(true);
    try {
      const client = await appClient();
      const result = await signIn(client, parsed.data);
      keepSession(result, browserEnvironment(), client);
      const target = returnTarget();
      setOutcome(target ? 'leaving' : 'refused');
      if (target) location.assign(target);
    } catch (error) {
      const refused = error instanceof ApiRequestError && error.statusCode === 401;
      setAlert(refused ? BAD_CREDENTIALS_MESSAGE : failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="form" method="post" noValidate onSubmit={submit} aria-label="Masuk">
      {alert && (
        <div className="form-alert" role="alert">
          <p>{alert}</p>
        </div>
      )}
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
            onChange={(event) => set('email')(event.target.value)}
          />
        )}
      </Field>
      <Field name="password" label="Kata sandi" error={errors.password}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" value={values.password} onChange={set('password')} />}
      </Field>
      <SubmitButton busy={busy} ready={hydrated}>
        Masuk
      </SubmitButton>
      <p className="form__links">
        <a href="/Lupa-Password">Lupa password?</a>
      </p>
      <p className="form__links">
        Belum punya akun? <a href={hydrated ? registerHref() : '/Register'}>Daftar sekarang</a>
      </p>
      <noscript>
        <p>Aktifkan JavaScript di peramban Anda untuk masuk.</p>
      </noscript>
    </form>
  );
}

/** The /Login island (hydrated with `client:load`: the visitor came for this form). */
export default function LoginIsland() {
  return (
    <IslandBoundary source="LoginForm">
      <LoginForm />
    </IslandBoundary>
  );
}
