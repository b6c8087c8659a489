import { RedirectRefusedError, safeReturnPath } from '~/lib/auth/return-path';

/** The `redirect` query parameter of this page: where the visitor asked to go after signing in. */
export const requestedReturn = (): string | null => new URLSearchParams(location.search).get('redirect');

/**
 * Where to go after signing in: the same-origin path in `value` (the `redirect` parameter by
 * default), /Akun without one; undefined when it would leave the site (SPEC §5 ERR_REDIRECT), and
 * then the visitor stays here.
 */
export function returnTarget(value: string | null = requestedReturn()): string | undefined {
  try {
    return safeReturnPath(value, location.origin, '/Akun');
  } catch (error) {
    if (error instanceof RedirectRefusedError) return undefined;
    throw error;
  }
}

/** The refusal of an off-site return address: the visitor is signed in and stays on this site. */
export function RedirectRefused() {
  return (
    <div className="form-alert" role="alert" data-error="ERR_REDIRECT">
      <p>Alamat tujuan ditolak (ERR_REDIRECT): Anda tetap di situs ini.</p>
      <p>
        <a href="/Akun">Buka halaman Akun</a>
      </p>
    </div>
  );
}
