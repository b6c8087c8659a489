import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { linkLifetime } from '~/contract/account';
import { verifyEmail } from '~/lib/api/account';
import { ApiRequestError } from '~/lib/api/errors';
import { failureMessage } from '~/lib/auth/request-errors';
import { $session } from '~/stores/session';
import { appClient } from '../shared/app-client';
import { IslandBoundary } from '../shared/IslandBoundary';
import { takeLinkToken } from '../shared/link-token';
import { ResendVerification } from '../shared/ResendVerification';
import '../shared/forms.css';
import '../shared/account-links.css';

/** The words for a link without its token (cut off by a mail program, or the page opened by hand). */
export const LINK_INCOMPLETE = 'Tautan verifikasi tidak lengkap. Buka tautan lengkap dari email verifikasi Anda.';

type View =
  | { kind: 'working' }
  | { kind: 'done'; email: string }
  /** `again`: the server gave no verdict (offline, 5xx), so the same link may be tried again. */
  | { kind: 'refused'; message: string; again: boolean };

/**
 * /Verifikasi-Email#token=…: the link of the verification mail. The token leaves the address bar
 * first, then is spent (POST email/verify): success links to /Akun; a refusal (expired, used,
 * unknown) says why and how to get a new link: the resend button when signed in, else sign in.
 */
function VerifyEmail() {
  const session = useStore($session);
  const [view, setView] = useState<View>({ kind: 'working' });
  const token = useRef<string | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  const spend = async () => {
    if (!token.current) return setView({ kind: 'refused', message: LINK_INCOMPLETE, again: false });
    setView({ kind: 'working' });
    try {
      const client = await appClient();
      setView({ kind: 'done', email: (await verifyEmail(client, token.current)).email });
    } catch (error) {
      const verdict = error instanceof ApiRequestError && error.statusCode < 500 && error.statusCode !== 429;
      setView({ kind: 'refused', message: failureMessage(error), again: !verdict });
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the page's first render.
  useEffect(() => {
    token.current = takeLinkToken();
    void spend();
  }, []);
  useEffect(() => {
    if (view.kind !== 'working') heading.current?.focus();
  }, [view.kind]);

  // Also the server-rendered markup.
  if (view.kind === 'working') {
    return (
      <div className="account-link">
        <p role="status">Memverifikasi email Anda…</p>
        <noscript>
          <p>Aktifkan JavaScript di peramban Anda untuk memverifikasi email.</p>
        </noscript>
      </div>
    );
  }
  if (view.kind === 'done') {
    return (
      <div className="form-done">
        <h2 ref={heading} tabIndex={-1}>
          Email terverifikasi
        </h2>
        <p>
          Terima kasih. Alamat <strong>{view.email}</strong> sudah terverifikasi.
        </p>
        <p>
          <a href="/Akun">Buka halaman Akun</a>
        </p>
      </div>
    );
  }
  return (
    <div className="account-link">
      <h2 ref={heading} tabIndex={-1}>
        Email belum terverifikasi
      </h2>
      <div className="form-alert" role="alert">
        <p>{view.message}</p>
        {view.again && (
          <button className="btn btn--primary" type="button" onClick={spend}>
            Coba lagi
          </button>
        )}
      </div>
      {session ? (
        <>
          <p>Butuh tautan baru? Kami kirim ke alamat email akun Anda; tautannya berlaku {linkLifetime('verify-email')}.</p>
          <ResendVerification />
        </>
      ) : (
        <p>
          Butuh tautan baru? <a href="/Login?redirect=%2FAkun">Masuk ke akun Anda</a>, lalu pilih 'Kirim ulang email verifikasi' di halaman
          Akun.
        </p>
      )}
    </div>
  );
}

/** The /Verifikasi-Email island (`client:load`: the visitor came for this). */
export default function VerifyEmailIsland() {
  return (
    <IslandBoundary source="VerifyEmail">
      <VerifyEmail />
    </IslandBoundary>
  );
}
