import { UserDetailSchema } from './auth';
import { miniEnvelope, z } from './mini';

/** The session behind a call (SPEC §3 "User session detail", `detail_auth`): when it began and ends. */
export const SessionDetailSchema = z.object({
  lmsId: z.string(),
  signedInAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** Live sign-ins of this account, this one included (the account page offers to end the others). */
  activeSessions: z.number().check(z.int()),
});

/** GET v1/user/me: the signed-in user's profile with `detail_auth`. Sign-up fields are null for accounts made by staff. */
export const UserProfileSchema = z.extend(UserDetailSchema, {
  phone: z.nullable(z.string()),
  birthDate: z.nullable(z.iso.date()),
  gender: z.nullable(z.enum(['L', 'P'])),
  province: z.nullable(z.object({ id: z.string(), name: z.string() })),
  city: z.nullable(z.object({ id: z.string(), name: z.string() })),
  newsletter: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Whether the owner opened a verification link (or reset the password through a mailed link). */
  emailVerified: z.boolean(),
  detail_auth: SessionDetailSchema,
});
export type UserProfile = z.infer<typeof UserProfileSchema>;
export const UserProfileResponseSchema = miniEnvelope(UserProfileSchema);
