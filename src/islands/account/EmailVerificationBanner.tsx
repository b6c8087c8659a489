import type { UserProfile } from '~/contract/users';
import { ResendVerification } from '../shared/ResendVerification';
import '../shared/forms.css';
import './account-security.css';

/**
 * On /Akun while the account's e-mail is not verified: says so, where the link went and for how
 * long it lasts, with 'Kirim ulang email verifikasi' (sending, sent, rate limited with the time to
 * ask again, already verified, failed). Renders nothing for a verified account.
 */
export function EmailVerificationBanner({ profile }: { profile: UserProfile }) {
  if (profile.emailVerified) return null;
  return (
    <section className="verify-banner" aria-labelledby="akun-verifikasi">
      <h2 id="akun-verifikasi">Verifikasi email</h2>
      <p>
        Email Anda belum diverifikasi. Kami sudah mengirim tautan verifikasi ke <strong>{profile.email}</strong>; tautannya berlaku 24 jam.
        Sementara itu Anda tetap bisa memakai situs ini. Tidak menemukan emailnya? Periksa folder spam, atau kirim ulang.
      </p>
      <ResendVerification />
    </section>
  );
}
