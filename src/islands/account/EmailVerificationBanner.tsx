import { linkLifetime } from '~/contract/account';
import type { UserProfile } from '~/contract/users';
import { ResendVerification } from '../shared/ResendVerification';
import '../shared/forms.css';
import './account-security.css';

/**
 * On /Akun while the account's e-mail is not verified: says so, where the link went and that a link
 * lasts `ACCOUNT_LINK_HOURS` from its sending (the last one may be long gone), with 'Kirim ulang email
 * verifikasi' (sending, sent, rate limited with the time to ask again, already verified, failed).
 * Renders nothing for a verified account.
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
      <ResendVerification />
    </section>
  );
}
