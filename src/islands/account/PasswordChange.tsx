import { type FormEvent, useRef, useState } from 'react';
import { PasswordChangeFormSchema } from '~/contract/account';
import { changePassword } from '~/lib/api/account';
import { ApiRequestError } from '~/lib/api/errors';
import { failureMessage } from '~/lib/auth/request-errors';
import { appClient } from '../shared/app-client';
import { Field, SubmitButton } from '../shared/Field';
import { type FieldErrors, fieldErrors, focusFirstInvalid, serverIssues } from '../shared/form-errors';
import { NewPasswordFields } from '../shared/NewPasswordFields';
import { PasswordInput } from '../shared/PasswordInput';
import { useHydrated } from '../shared/use-hydrated';

type Name = 'currentPassword' | 'password' | 'passwordRepeat';
const ORDER: Name[] = ['currentPassword', 'password', 'passwordRepeat'];
const EMPTY = { currentPassword: '', password: '', passwordRepeat: '' };

/**
 * On /Akun: change the password (POST password/change) with the current one, the new one twice (the
 * sign-up's rules). A wrong current password is marked on its field; other refusals (too many tries,
 * offline) are an alert; what was typed stays. Success clears the fields, says how many other
 * devices were signed out (this one stays) and that a notice went to the account's e-mail. Its own
 * chunk: AccountPanel.tsx loads it into the 'Ganti password' section on first render.
 */
export function PasswordChange() {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (name: Name) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = PasswordChangeFormSchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrors<Name>(parsed.error.issues);
    setErrors(found);
    setAlert(undefined);
    setDone(undefined);
    if (!parsed.success) return focusFirstInvalid(form.current, ORDER, found);
    setBusy(true);
    try {
      const { revoked } = await changePassword(await appClient(), {
        currentPassword: parsed.data.currentPassword,
        password: parsed.data.password,
      });
      setValues(EMPTY);
      const others = revoked ? `${revoked} perangkat lain telah dikeluarkan` : 'Tidak ada perangkat lain yang sedang masuk';
      setDone(`Password berhasil diubah. ${others}; perangkat ini tetap masuk. Pemberitahuan sudah dikirim ke email Anda.`);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? fieldErrors<Name>(serverIssues(error.fields)) : {};
      if (Object.keys(fields).length) {
        setErrors(fields);
        focusFirstInvalid(form.current, ORDER, fields);
      } else setAlert(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="form" method="post" noValidate onSubmit={submit} aria-label="Ganti password">
      {alert && (
        <div className="form-alert" role="alert">
          <p>{alert}</p>
        </div>
      )}
      <Field name="currentPassword" label="Kata sandi saat ini" error={errors.currentPassword}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} />
        )}
      </Field>
      <NewPasswordFields values={values} errors={errors} set={set} />
      <SubmitButton busy={busy} ready={hydrated}>
        Simpan password baru
      </SubmitButton>
      <div role="status">
        {done && (
          <div className="form-note">
            <p>{done}</p>
          </div>
        )}
      </div>
      <p className="form__links">
        Lupa password saat ini? <a href="/Lupa-Password">Atur ulang lewat email</a>
      </p>
    </form>
  );
}
