import { and, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../context';
import { users } from '../db/schema';
import { fail, isError } from '../platform/errors';
import { enqueueMail } from '../platform/outbox';
import type { RateLimitRule } from '../platform/rate-limit';
import type { TenantRecord } from '../platform/tenants';
import { passwordChangedMail, resetMail } from './account-mails';
import { endAccountTokens, issueAccountToken, spendAccountToken } from './account-tokens';
import { hashPassword } from './passwords';
import { revokeUserSessions, type SessionUser } from './sessions';
import { attemptSignIn } from './sign-in';

const HOUR = 3_600_000;
/** password/forgot calls per client address an hour; past it 429. */
export const FORGOT_PER_ADDRESS: RateLimitRule = { name: 'password-forgot-address', limit: 5, windowMs: HOUR };
/** Reset mails per e-mail of a tenant an hour; past it the same answer, and no mail. */
export const FORGOT_PER_EMAIL: RateLimitRule = { name: 'password-forgot-email', limit: 3, windowMs: HOUR };
/** password/change calls per account an hour (wrong current passwords also count in the sign-in waits). */
export const CHANGE_PER_ACCOUNT: RateLimitRule = { name: 'password-change', limit: 10, windowMs: HOUR };
/** The reset mails password/forgot is still preparing after its answer went out. */
const preparing = new Set<Promise<void>>();

/**
 * POST password/forgot, after the per-address limit: when `FORGOT_PER_EMAIL` allows, starts mailing
 * a reset link (valid `ACCOUNT_LINK_HOURS['reset-password']` hours) if the tenant has an account with
 * `email` that is not deactivated, and returns without waiting for it: the caller answers
 * `FORGOT_ANSWER` at once, so the answer takes the same time whether the address is known (a lookup
 * and a write) or not (a lookup).
 * A failure of that work is logged, never thrown.
 */
export async function requestPasswordReset(
  deps: Pick<ApiDeps, 'db' | 'rateLimiter' | 'mail'>,
  tenant: TenantRecord,
  email: string,
  origin: string,
  now = new Date(),
): Promise<void> {
  // Counted for unknown addresses too: the limit behaves the same whoever owns the address.
  if ((await deps.rateLimiter.check(FORGOT_PER_EMAIL, `${tenant.lmsId}:${email}`)) !== undefined) return;
  const work = mailResetLink(deps, tenant, email, origin, now).catch((error: unknown) => {
    console.error('password/forgot: the reset mail could not be queued', error);
  });
  preparing.add(work);
  void work.finally(() => preparing.delete(work));
}

/** Resolves once every reset mail password/forgot started so far is queued (or failed and logged). */
export async function forgotMailsSettled(): Promise<void> {
  while (preparing.size > 0) await Promise.all([...preparing]);
}

/** The reset link of the account with `email` and its mail, in one transaction; nothing for an unknown address. */
async function mailResetLink(
  deps: Pick<ApiDeps, 'db' | 'mail'>,
  tenant: TenantRecord,
  email: string,
  origin: string,
  now: Date,
): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.lmsId, tenant.lmsId), eq(users.email, email)))
    .limit(1);
  // A deactivated account gets no link (the answer is the same): it could not be used.
  if (!row || row.deactivatedAt) return;
  await deps.db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, { lmsId: row.lmsId, userId: row.id, purpose: 'reset-password' }, now);
    await enqueueMail(tx, row.lmsId, resetMail({ to: row, site: { title: tenant.title, origin } }, token));
  });
  deps.mail?.kick();
}

/**
 * POST password/reset: spends the reset link and, in one transaction, sets the new password, ends
 * every sign-in of the account and its other open reset links, marks its e-mail verified (the owner
 * read the mail) and queues the notice. An expired, used or unknown link is refused
 * (`resetLinkExpired`, `resetLinkUsed`, `resetLinkUnknown`), as is the link of an account deactivated
 * since it was mailed (`accountDeactivated`); a refusal changes nothing.
 */
export async function resetPassword(
  deps: Pick<ApiDeps, 'db' | 'mail'>,
  tenant: TenantRecord,
  token: string,
  password: string,
  origin: string,
  now = new Date(),
): Promise<{ email: string; revoked: number }> {
  // scrypt is slow and PGlite runs one transaction at a time: hash before it begins.
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction(async (tx) => {
    const spent = await spendAccountToken(tx, tenant.lmsId, 'reset-password', token, now);
    if ('refused' in spent) {
      throw fail(spent.refused === 'expired' ? 'resetLinkExpired' : spent.refused === 'used' ? 'resetLinkUsed' : 'resetLinkUnknown');
    }
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(users.id, spent.userId))
      .returning();
    if (!row) throw fail('resetLinkUnknown');
    // Thrown inside the transaction: the link stays unspent and the password unchanged.
    if (row.deactivatedAt) throw fail('accountDeactivated');
    await endAccountTokens(tx, row.id, 'reset-password', now);
    const revoked = await revokeUserSessions(tx, row.id, undefined, now);
    await enqueueMail(tx, row.lmsId, passwordChangedMail({ to: row, site: { title: tenant.title, origin } }, 'reset', now));
    return { email: row.email, revoked };
  });
  deps.mail?.kick();
  return done;
}

/**
 * POST password/change for the signed-in `user`: the current password is checked as a sign-in is
 * (same waits and locks; a wrong one is `currentPasswordWrong`, 400 on `currentPassword`), then in
 * one transaction the new password is set, every other sign-in of the account and its open reset
 * links end (the caller's `accessToken` stays signed in) and the notice is queued.
 */
export async function changePassword(
  deps: Pick<ApiDeps, 'db' | 'rateLimiter' | 'mail'>,
  tenant: TenantRecord,
  user: SessionUser,
  request: { address: string; accessToken: string; currentPassword: string; password: string; origin: string },
  now = new Date(),
): Promise<{ revoked: number }> {
  await attemptSignIn(deps, tenant, request.address, user.email, request.currentPassword).catch((error: unknown) => {
    if (isError(error, 'wrongCredentials'))
      throw fail('currentPasswordWrong', { fields: [{ field: 'currentPassword', message: 'Password saat ini salah.' }] });
    throw error;
  });
  const passwordHash = await hashPassword(request.password);
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).returning();
    if (!row) throw fail('sessionInvalid');
    await endAccountTokens(tx, row.id, 'reset-password', now);
    const revoked = await revokeUserSessions(tx, row.id, request.accessToken, now);
    await enqueueMail(
      tx,
      row.lmsId,
      passwordChangedMail({ to: row, site: { title: tenant.title, origin: request.origin } }, 'change', now),
    );
    return { revoked };
  });
  deps.mail?.kick();
  return done;
}
