import { ACCOUNT_LINK_HOURS } from '~/contract/account';
import type { MailMessage } from '../platform/outbox';

/*
 * The mail an account's owner gets about the account itself: the verification link, the password
 * reset link and the notice that the password changed. Plain text, in Indonesian, signed with the
 * tenant's name; the links go to the tenant's own site with the token in the fragment, so it stays
 * out of server logs and Referer headers.
 */

/** Who a mail is to and from: the account's owner and the tenant whose site it is. */
export interface AccountMailParties {
  to: { email: string; name: string };
  site: { title: string; origin: string };
}

const hello = (name: string) => `Halo ${name.trim().split(/\s+/)[0] ?? ''},`;
const signature = (title: string) => ['Salam,', `Tim ${title}`];
const jakarta = (at: Date) => `${at.toLocaleString('id-ID', { timeZone: 'Asia/Jakarta', dateStyle: 'long', timeStyle: 'short' })} WIB`;

/** The verification link of a new account or a resend (kind `verify-email`), valid 24 hours. */
export function verificationMail({ to, site }: AccountMailParties, token: string): MailMessage {
  const hours = ACCOUNT_LINK_HOURS['verify-email'];
  return {
    kind: 'verify-email',
    to: [to.email],
    subject: `Verifikasi email akun ${site.title}`,
    text: [
      hello(to.name),
      '',
      `Terima kasih telah mendaftar di ${site.title}. Buka tautan berikut untuk memverifikasi alamat email Anda:`,
      '',
      `${site.origin}/Verifikasi-Email#token=${token}`,
      '',
      `Tautan ini berlaku ${hours} jam dan hanya dapat dipakai sekali. Selama belum diverifikasi, akun Anda tetap bisa dipakai; jika tautannya sudah kedaluwarsa, masuk lalu kirim ulang email verifikasi dari halaman Akun (${site.origin}/Akun).`,
      '',
      `Jika Anda tidak merasa mendaftar di ${site.title}, abaikan email ini: tanpa tautan ini alamat Anda tidak akan terverifikasi.`,
      '',
      ...signature(site.title),
    ].join('\n'),
  };
}

/** The password reset link (kind `reset-password`), valid 1 hour. */
export function resetMail({ to, site }: AccountMailParties, token: string): MailMessage {
  const hours = ACCOUNT_LINK_HOURS['reset-password'];
  return {
    kind: 'reset-password',
    to: [to.email],
    subject: `Atur ulang password akun ${site.title}`,
    text: [
      hello(to.name),
      '',
      `Kami menerima permintaan untuk mengatur ulang password akun ${site.title} dengan alamat email ini. Buka tautan berikut untuk membuat password baru:`,
      '',
      `${site.origin}/Atur-Ulang-Password#token=${token}`,
      '',
      `Tautan ini berlaku ${hours} jam dan hanya dapat dipakai sekali. Setelah password diganti, semua perangkat yang masuk ke akun ini akan dikeluarkan.`,
      '',
      'Jika Anda tidak meminta pengaturan ulang password, abaikan email ini: password Anda tidak berubah.',
      '',
      ...signature(site.title),
    ].join('\n'),
  };
}

/** The notice after a reset or a change (kind `password-changed`). */
export function passwordChangedMail({ to, site }: AccountMailParties, how: 'reset' | 'change', at = new Date()): MailMessage {
  return {
    kind: 'password-changed',
    to: [to.email],
    subject: `Password akun ${site.title} telah diubah`,
    text: [
      hello(to.name),
      '',
      `Password akun Anda di ${site.title} telah diubah pada ${jakarta(at)}.`,
      how === 'reset'
        ? 'Semua perangkat yang masuk ke akun ini telah dikeluarkan; masuk kembali dengan password baru.'
        : 'Perangkat lain yang masuk ke akun ini telah dikeluarkan; perangkat tempat password diubah tetap masuk.',
      '',
      `Jika bukan Anda yang mengubahnya, segera atur ulang password lewat ${site.origin}/Lupa-Password lalu hubungi kami.`,
      '',
      ...signature(site.title),
    ].join('\n'),
  };
}
