import type { ReactNode } from 'react';
import type { ApiClient } from '~/lib/api/client';
import type { SessionUser } from '~/stores/session';
import { useSignedIn } from './use-signed-in';

/**
 * The payout pages' gate: while the app starts, a status line with the way to sign in; signed out,
 * what signing in is for and a link that comes back to `returnTo`; signed in, `children`.
 */
export function SignInGate({
  returnTo,
  loading,
  prompt,
  children,
}: {
  returnTo: string;
  /** The status line while the app starts, e.g. 'Memuat data pencairan…'. */
  loading: string;
  /** Why to sign in, for a visitor who is signed out. */
  prompt: string;
  children: (user: SessionUser, client: ApiClient) => ReactNode;
}) {
  const signIn = useSignedIn();
  const href = `/Login?redirect=${encodeURIComponent(returnTo)}`;
  if (signIn.state === 'starting') {
    return (
      <p role="status">
        {loading} Belum masuk? <a href={href}>Masuk ke akun Anda</a>.
      </p>
    );
  }
  if (signIn.state === 'signed-out') {
    return (
      <div className="form-note">
        <p>{prompt}</p>
        <p>
          <a className="btn btn--primary" href={href}>
            Masuk ke akun Anda
          </a>
        </p>
      </div>
    );
  }
  return children(signIn.user, signIn.client);
}
