import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { readPageConfig } from '~/lib/api/page-config';
import { buildAccountLoginUrl, rememberState } from '~/lib/auth/redirect-login';
import { $session } from '~/stores/session';
import { appClient } from '../shared/app-client';
import { IslandBoundary } from '../shared/IslandBoundary';
import { requestedReturn } from '../shared/return-to';
import { SignedInNotice } from '../shared/SignedInNotice';
import { useHydrated } from '../shared/use-hydrated';
import '../shared/forms.css';

const NOT_READY = 'Halaman belum siap menghubungi layanan akun. Periksa koneksi internet Anda, lalu muat ulang halaman.';

/**
 * /Login in redirect-login mode (SPEC §2): one button that sends the visitor to the account
 * service's login page with redirectTo, lmsId, code, generatedToken and a one-time state kept with
 * the return path in this tab's session storage; /CallbackAuth finishes the sign-in.
 */
function RedirectLogin() {
  const session = useStore($session);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  if (session) return <SignedInNotice user={session} />;

  const go = async () => {
    setBusy(true);
    setAlert(undefined);
    const client = await appClient();
    const config = readPageConfig();
    const { appToken, lmsId } = client.credentials();
    if (!config || !appToken || !lmsId) {
      setAlert(NOT_READY);
      setBusy(false);
      return;
    }
    try {
      const state = rememberState(sessionStorage, requestedReturn() ?? '/Akun');
      location.assign(buildAccountLoginUrl(config.login.url, { origin: location.origin, lmsId, appCode: config.appCode, appToken, state }));
    } catch {
      // Session storage refused (a private mode that blocks it): without it the return cannot be checked.
      setAlert(
        'Peramban menolak penyimpanan sesi, sehingga masuk dengan akun tidak bisa dilanjutkan. Izinkan penyimpanan situs, lalu coba lagi.',
      );
      setBusy(false);
    }
  };

  return (
    <div className="form">
      {alert && (
        <div className="form-alert" role="alert">
          <p>{alert}</p>
        </div>
      )}
      <p>Anda akan diarahkan ke halaman masuk layanan akun, lalu kembali ke situs ini setelah berhasil masuk.</p>
      <button
        className="btn btn--primary form__submit"
        type="button"
        onClick={go}
        disabled={busy || !hydrated}
        aria-busy={busy || undefined}
      >
        {busy ? 'Memproses…' : 'Masuk dengan akun'}
      </button>
      <noscript>
        <p>Aktifkan JavaScript di peramban Anda untuk masuk.</p>
      </noscript>
    </div>
  );
}

/** The /Login island of redirect-login mode (`client:load`). */
export default function RedirectLoginIsland() {
  return (
    <IslandBoundary source="RedirectLogin">
      <RedirectLogin />
    </IslandBoundary>
  );
}
