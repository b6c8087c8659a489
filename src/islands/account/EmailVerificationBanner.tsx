import { linkLifetime } from '~/contract/account-links';
import type { UserProfile } from '~/contract/users';
import { Deferred } from './Deferred';
import '../shared/account-links.css';
import '../shared/forms.css';
import './account-security.css';

/** The resend button (shared/ResendVerification.tsx, with the account schemas): its own chunk, for an unverified account only. */
const loadResend = () => import('../shared/ResendVerification');

/**
 * On /Akun while the account's e-mail is not verified: says so, where the link went and that a link
 * lasts `ACCOUNT_LINK_HOURS` from its sending (the last one may be long gone), with 'Kirim ulang email
 * verifikasi' (sending, sent, rate limited with the time to ask again, already verified, failed),
 * whose code is loaded when the banner shows. Renders nothing for a verified account.
 */
export function EmailVerificationBanner({ profile }: { profile: UserProfile }) {
  if (profile.emailVerified) return null;
  return (
    <section className="verify-banner" aria-labelledby="akun-verifikasi">
      <h2 id="akun-verifikasi">Verifikasi email</h2>
      <p>
        Email Anda belum diverifikasi. Tautan verifikasi dikirim ke <strong>{profile.email}</strong> dan berlaku{' '}
        {linkLifetime('verify-email')} sejak dikirim. Tidak menemukan emailnya (periksa juga folder spam) atau tautannya sudah kedaluwarsa?
        Kirim ulang. Sementara itu Anda tetap bisa memakai situs ini.
      </p>
      <Deferred load={loadResend} loading="Memuat tombol kirim ulang…" failure="Tombol kirim ulang belum dapat dimuat.">
        {({ ResendVerification }) => <ResendVerification />}
      </Deferred>
    </section>
  );
}
