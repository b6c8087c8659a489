import { z } from 'zod';
import { envelope } from './common';
import { ROLES } from './roles';

/** POST generate/token on the auth service: sign in with e-mail and password. */
export const LoginRequestSchema = z.strictObject({
  email: z.email('email tidak valid').max(254),
  password: z.string().min(1, 'password wajib diisi').max(200),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** A signed-in user as the auth service describes them (SPEC §3 "User session detail"). */
export const UserDetailSchema = z.object({
  id: z.string(),
  lmsId: z.string(),
  email: z.string(),
  name: z.string(),
  kind: z.number().int(),
  role: z.enum(ROLES).nullable(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** The access token to send as `Authorization` (with or without the Bearer prefix). */
export const LoginResultSchema = z.object({
  accessToken: z.string().min(1),
  tokenType: z.literal('Bearer'),
  expiresAt: z.iso.datetime(),
  user: UserDetailSchema,
});
export type LoginResult = z.infer<typeof LoginResultSchema>;
export const LoginResponseSchema = envelope(LoginResultSchema);
export const UserDetailResponseSchema = envelope(UserDetailSchema);
