import { EMAIL_MESSAGE, miniEnvelope, z } from './mini';
import { ROLES } from './roles';

/*
 * The auth service (SPEC §7 "POST generate/token on the auth service; GET user/detail"), sign-up,
 * sign-out and the account service's return path. Written in zod/mini: the sign-in and sign-up
 * islands validate with these very schemas (see mini.ts).
 */

const Email = z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Email terlalu panjang'), z.email(EMAIL_MESSAGE));

/** POST generate/token on the auth service: sign in with e-mail and password. */
export const LoginRequestSchema = z.strictObject({
  email: Email,
  password: z.string().check(z.minLength(1, 'Kata sandi wajib diisi'), z.maxLength(200, 'Kata sandi terlalu panjang')),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** A signed-in user as the auth service describes them (SPEC §3 "User session detail"). */
export const UserDetailSchema = z.object({
  id: z.string(),
  lmsId: z.string(),
  email: z.string(),
  name: z.string(),
  kind: z.number().check(z.int()),
  role: z.nullable(z.enum(ROLES)),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** The access token to send as `Authorization` (with or without the Bearer prefix). */
export const LoginResultSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  tokenType: z.literal('Bearer'),
  expiresAt: z.iso.datetime(),
  user: UserDetailSchema,
});
export type LoginResult = z.infer<typeof LoginResultSchema>;
export const LoginResponseSchema = miniEnvelope(LoginResultSchema);
export const UserDetailResponseSchema = miniEnvelope(UserDetailSchema);

/** A new password, wherever one is chosen (sign-up, reset, change): 8–200 characters with letters and digits. */
export const NewPasswordSchema = z.string().check(
  z.minLength(8, 'Kata sandi minimal 8 karakter'),
  z.maxLength(200, 'Kata sandi maksimal 200 karakter'),
  z.refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), 'Kata sandi harus memuat huruf dan angka'),
);

/** Phone numbers as Indonesians write them: 08… or +62…, spaces, dots and dashes allowed between digits. */
export const PHONE_PATTERN = /^(?:0|\+62)8\d{7,12}$/;
/** The digits of a phone number as typed: spaces, dots, dashes and brackets go. */
export const phoneDigits = (phone: string) => phone.replace(/[\s.\-()]/g, '');

/** Youngest and oldest age a learner may sign up at. */
export const SIGN_UP_AGE = { min: 10, max: 100 } as const;

/** Whole years between an ISO date (YYYY-MM-DD) and `today` (same form). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Today's date in Jakarta, YYYY-MM-DD: the day a birth date is judged against, on the server and in the browser alike. */
export const jakartaToday = (now = new Date()) => new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * Sign-up (/Register) with the original platform's fields (docs/design.md "Facts"): e-mail, name,
 * phone 08…/+62…, birth date, gender L/P, province → city, password and repeat, newsletter opt-in,
 * accept terms. One schema for the island (messages beside each field) and the server.
 */
export const RegisterRequestSchema = z
  .strictObject({
    email: Email,
    name: z.string().check(
      z.trim(),
      z.minLength(2, 'Nama minimal 2 karakter'),
      z.maxLength(100, 'Nama maksimal 100 karakter'),
      z.refine((value) => !/\p{Cc}/u.test(value), 'Nama harus satu baris, tanpa karakter kontrol'),
    ),
    phone: z.string().check(
      z.maxLength(20, 'Nomor HP terlalu panjang'),
      z.refine((value) => PHONE_PATTERN.test(phoneDigits(value)), 'Nomor HP harus diawali 08 atau +62, mis. 081234567890'),
    ),
    birthDate: z.iso.date('Tanggal lahir wajib diisi dengan format tanggal yang valid').check(
      z.refine((value) => {
        const age = ageOn(value, jakartaToday());
        return age >= SIGN_UP_AGE.min && age <= SIGN_UP_AGE.max;
      }, `Umur harus antara ${SIGN_UP_AGE.min} dan ${SIGN_UP_AGE.max} tahun`),
    ),
    gender: z.enum(['L', 'P'], 'Pilih jenis kelamin: L (laki-laki) atau P (perempuan)'),
    provinceId: z.string().check(z.regex(/^\d{2}$/, 'Pilih provinsi')),
    cityId: z.string().check(z.regex(/^\d{2}\.\d{2}$/, 'Pilih kota atau kabupaten')),
    password: NewPasswordSchema,
    passwordRepeat: z.string().check(z.minLength(1, 'Ulangi kata sandi')),
    newsletter: z.boolean(),
    acceptTerms: z.literal(true, 'Anda harus menyetujui syarat dan ketentuan'),
  })
  .check(
    z.refine((form) => form.password === form.passwordRepeat, { message: 'Kata sandi tidak sama', path: ['passwordRepeat'] }),
    z.refine((form) => form.cityId.startsWith(`${form.provinceId}.`), { message: 'Kota tidak berada di provinsi ini', path: ['cityId'] }),
  );
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** POST user/logout on the auth service: ends this sign-in, or with `everywhere` every sign-in of the account. */
export const LogoutRequestSchema = z.strictObject({ everywhere: z.optional(z.boolean()) });
export const LogoutResponseSchema = miniEnvelope(z.object({ revoked: z.number().check(z.int()) }));

/**
 * POST exchange/token on the auth service: the one-time code the account login page hands
 * /CallbackAuth (redirect-login mode, SPEC §2), traded for a sign-in exactly once.
 */
export const CodeExchangeRequestSchema = z.strictObject({
  code: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Kode masuk tidak valid')),
});
