import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PasswordResetFormSchema } from '~/contract/account';
import { resetPassword } from '~/lib/api/account';
import { ApiRequestError } from '~/lib/api/errors';
import { failureMessage } from '~/lib/auth/request-errors';
import { browserEnvironment } from '~/stores/app';
import { $session, dropSession } from '~/stores/session';
import { appClient } from '../shared/app-client';
import { SubmitButton } from '../shared/Field';
import { type FieldErrors, fieldErrors, focusFirstInvalid, serverIssues } from '../shared/form-errors';
import { IslandBoundary } from '../shared/IslandBoundary';
import { takeLinkToken } from '../shared/link-token';
import { NewPasswordFields } from '../shared/NewPasswordFields';
import { useHydrated } from '../shared/use-hydrated';
import '../shared/forms.css';
import '../shared/account-links.css';

type Name = 'password' | 'passwordRepeat';
const ORDER: Name[] = ['password', 'passwordRepeat'];
/** The words for a link without its token. */
export const RESET_LINK_INCOMPLETE = 'Tautan atur ulang password tidak lengkap. Buka tautan lengkap dari email, atau minta tautan baru.';

/** An alert, and whether it is about the link (then the way to a new one goes with it). */
type Alert = { message: string; link: boolean };

/**
 * /Atur-Ulang-Password#token=…: the link of the reset mail. The token leaves the address bar at
 * once; the new password is typed twice (the sign-up's rules) and sent with it (POST
 * password/reset). Success says every device was signed out, this browser too when it was signed in
 * as that account, and links to /Login. A refused link (expired, used, unknown) says why, links to
 * /Lupa-Password and keeps what was typed.
 */
function ResetPasswordForm() {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const token = useRef<string | undefined>(undefined);
  const [values, setValues] = useState({ password: '', passwordRepeat: '' });
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [alert, setAlert] = useState<Alert>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    token.current = takeLinkToken();
    if (!token.current) setAlert({ message: RESET_LINK_INCOMPLETE, link: true });
  }, []);
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const set = (name: Name) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = PasswordResetFormSchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrors<Name>(parsed.error.issues);
    setErrors(found);
    if (!token.current) return setAlert({ message: RESET_LINK_INCOMPLETE, link: true });
    setAlert(undefined);
    if (!parsed.success) return focusFirstInvalid(form.current, ORDER, found);
    setBusy(true);
    try {
      const client = await appClient();
      const result = await resetPassword(client, { token: token.current, password: parsed.data.password });
      // Every sign-in of that account has ended: this browser's too, when it was one of them.
      if ($session.get()?.email === result.email) dropSession(browserEnvironment(), client);
      setDone(true);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? fieldErrors<Name>(serverIssues(error.fields)) : {};
      if (fields.password) {
        setErrors(fields);
        focusFirstInvalid(form.current, ORDER, fields);
      }
      const aboutLink = error instanceof ApiRequestError && [400, 409, 410].includes(error.statusCode) && !fields.password;
      setAlert({ message: failureMessage(error), link: aboutLink });
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="form-done">
        <h2 ref={heading} tabIndex={-1}>
          Password berhasil diubah
        </h2>
        <p>
          Semua perangkat yang masuk ke akun ini telah dikeluarkan, termasuk perangkat ini bila sedang masuk. Kami juga mengirim
          pemberitahuan ke email Anda.
        </p>
        <p>
          <a href="/Login">Masuk dengan password baru</a>
        </p>
      </div>
    );
  }

  return (
    <form ref={form} className="form" method="post" noValidate onSubmit={submit} aria-label="Atur ulang password">
      {alert && (
        <div className="form-alert" role="alert">
          <p>{alert.message}</p>
          {alert.link && (
            <p>
              <a href="/Lupa-Password">Minta tautan baru</a>
            </p>
          )}
        </div>
      )}
      <NewPasswordFields values={values} errors={errors} set={set} />
      <SubmitButton busy={busy} ready={hydrated}>
        Simpan password baru
      </SubmitButton>
      <p>Setelah disimpan, semua perangkat yang masuk ke akun ini akan dikeluarkan.</p>
      <noscript>
        <p>Aktifkan JavaScript di peramban Anda untuk mengatur ulang password.</p>
      </noscript>
    </form>
  );
}

/** The /Atur-Ulang-Password island (`client:load`: the visitor came for this form). */
export default function ResetPasswordIsland() {
  return (
    <IslandBoundary source="ResetPasswordForm">
      <ResetPasswordForm />
    </IslandBoundary>
  );
}
