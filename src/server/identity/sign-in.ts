import type { ApiDeps } from '../context';
import type { users } from '../db/schema';
import { fail } from '../platform/errors';
import type { TenantRecord } from '../platform/tenants';
import { checkPassword } from './sessions';
import { signInWaitError, takeSignInTurn } from './sign-in-delays';

/**
 * Sign-in calls per address and minute, whatever their outcome and whichever way in (one count for
 * generate/token and the account login page): failures are slowed by `sign-in-delays.ts`; this caps
 * the password hashing any one address can ask for, while leaving room for a class behind one
 * school address signing in together.
 */
export const SIGN_IN_CALLS = { name: 'sign-in', limit: 60, windowMs: 60_000 };

/**
 * Checks e-mail and password under the waits and the lock of `sign-in-delays.ts`. Both ways
 * in share it (the auth service's generate/token and the account login page's form), so they count
 * the same failures and give the same answers. Answers the user whose password it was (the caller
 * opens a session or issues a code); throws `wrongCredentials` (one answer to a wrong password and an
 * unknown e-mail, so neither reveals who has an account), `tooMany`/`accountLocked` with a retry
 * time, or `accountDeactivated` (403, only once the password was right, so it reveals nothing more).
 * Operators see a failure's tenant and address, never the e-mail or the password tried.
 */
export async function attemptSignIn(
  deps: Pick<ApiDeps, 'db' | 'rateLimiter'>,
  tenant: TenantRecord,
  address: string,
  email: string,
  password: string,
): Promise<typeof users.$inferSelect> {
  const turn = await takeSignInTurn(deps.rateLimiter, address, `${tenant.lmsId}:${email.trim().toLowerCase()}`);
  if (turn.wait !== undefined) throw signInWaitError(turn);
  const user = await checkPassword(deps.db, tenant.lmsId, email, password).catch(async (error: unknown) => {
    await turn.unchecked();
    throw error;
  });
  if (!user) {
    console.warn(`[auth] gagal masuk: ${tenant.code} dari ${address}`);
    throw fail('wrongCredentials');
  }
  await turn.succeeded();
  if (user.deactivatedAt) throw fail('accountDeactivated');
  return user;
}
