import { useState } from 'react';
import type { SessionUser } from '~/stores/session';
import { signOutHere } from './sign-out';

/** Shown on /Login and /Register to a visitor who is already signed in: who they are, their account, and a way out. */
export function SignedInNotice({ user }: { user: SessionUser }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const leave = async () => {
    setBusy(true);
    setMessage(await signOutHere());
    setBusy(false);
  };
  return (
    <div className="form-note">
      <p>
        Anda sudah masuk sebagai <strong>{user.name}</strong> ({user.email}).
      </p>
      <p className="form__links">
        <a href="/Akun">Buka halaman Akun</a> atau{' '}
        <button className="link-button" type="button" onClick={leave} disabled={busy}>
          {busy ? 'Memproses…' : 'Keluar'}
        </button>{' '}
        untuk masuk dengan akun lain.
      </p>
      {message && <p role="alert">{message}</p>}
    </div>
  );
}
