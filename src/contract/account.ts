import { ACCOUNT_LINK_HOURS, linkLifetime } from './account-links';
import { NewPasswordSchema } from './auth';
import { miniEnvelope, RequiredEmail, z } from './mini';

/*
 * The account's own mail links on the auth service: e-mail verification (`email/verify`,
 * `email/resend`) and passwords (`password/forgot`, `password/reset`, `password/change`). The links
 * carry a one-time token in the fragment of `/Verifikasi-Email#token=…` and
 * `/Atur-Ulang-Password#token=…`. zod/mini: the account islands validate with these very schemas.
 */

/** How long each mailed link lives (account-links.ts, without zod for the /Akun banner). */
export { ACCOUNT_LINK_HOURS, linkLifetime };

/** A mailed link's token: 32 random bytes, base64url (43 characters). */
export const AccountLinkTokenSchema = z
  .string('Tautan tidak lengkap')
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Tautan tidak lengkap atau rusak: buka tautan lengkap dari email'));

/** The token in a page's fragment (`#token=…`), or undefined when there is none. */
export function linkTokenOf(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token || undefined;
}

/** POST email/verify: the token of the verification link. */
export const EmailVerifyRequestSchema = z.strictObject({ token: AccountLinkTokenSchema });
export const EmailVerifyResponseSchema = miniEnvelope(z.object({ email: z.string(), verifiedAt: z.iso.datetime() }));

/** POST email/resend (signed in): sends a new verification link; the answer names the address it went to. */
export const EmailResendRequestSchema = z.strictObject({});
export const EmailResendResponseSchema = miniEnvelope(z.object({ email: z.string() }));

/** POST password/forgot: answered the same whether or not the address has an account. */
export const PasswordForgotRequestSchema = z.strictObject({ email: RequiredEmail });
export const PasswordForgotResponseSchema = miniEnvelope(z.object({}));
/** The one answer of password/forgot. */
export const FORGOT_ANSWER = `Jika email tersebut terdaftar, kami sudah mengirim tautan untuk mengatur ulang password. Periksa kotak masuk dan folder spam; tautan berlaku ${linkLifetime('reset-password')}.`;

const PasswordRepeat = z.string().check(z.minLength(1, 'Ulangi kata sandi baru'));
/** The forms ask for the new password twice; the server takes `password` alone. */
const sameTwice = z.refine<{ password: string; passwordRepeat: string }>((form) => form.password === form.passwordRepeat, {
  message: 'Kata sandi tidak sama',
  path: ['passwordRepeat'],
});

/** POST password/reset: the reset link's token and the new password. Every sign-in of the account ends. */
export const PasswordResetRequestSchema = z.strictObject({ token: AccountLinkTokenSchema, password: NewPasswordSchema });
export const PasswordResetFormSchema = z.strictObject({ password: NewPasswordSchema, passwordRepeat: PasswordRepeat }).check(sameTwice);
/** `email`: the account whose password changed (a browser signed in as it signs out too); `revoked`: sign-ins ended. */
export const PasswordResetResponseSchema = miniEnvelope(z.object({ email: z.string(), revoked: z.number().check(z.int()) }));

const CurrentPassword = z.string().check(z.minLength(1, 'Kata sandi saat ini wajib diisi'), z.maxLength(200, 'Kata sandi terlalu panjang'));

/** POST password/change (signed in): the current password and the new one. Every other sign-in ends. */
export const PasswordChangeRequestSchema = z.strictObject({ currentPassword: CurrentPassword, password: NewPasswordSchema });
export const PasswordChangeFormSchema = z
  .strictObject({ currentPassword: CurrentPassword, password: NewPasswordSchema, passwordRepeat: PasswordRepeat })
  .check(sameTwice);
export const PasswordChangeResponseSchema = miniEnvelope(z.object({ revoked: z.number().check(z.int()) }));
