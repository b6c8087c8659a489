import { eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../context';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { fail } from '../platform/errors';
import { enqueueMail } from '../platform/outbox';
import type { RateLimitRule } from '../platform/rate-limit';
import { type AccountMailParties, verificationMail } from './account-mails';
import { endAccountTokens, issueAccountToken, spendAccountToken } from './account-tokens';
import type { SessionUser } from './sessions';
import { waitInWords } from './sign-in-delays';

const HOUR = 3_600_000;
/** Verification mails one account may ask for an hour (the sign-up's own mail not counted). */
export const RESEND_PER_ACCOUNT: RateLimitRule = { name: 'verify-resend-account', limit: 3, windowMs: HOUR };
/** And one e-mail address of a tenant, whichever account asks. */
export const RESEND_PER_EMAIL: RateLimitRule = { name: 'verify-resend-email', limit: 3, windowMs: HOUR };

/** The account a link is made for. */
type Owner = Pick<SessionUser, 'id' | 'lmsId' | 'email' | 'name'>;

/** Makes a verification link of `owner` and queues its mail in `tx`, the transaction of the sign-up or the resend. */
export async function queueVerification(tx: Db | Tx, owner: Owner, site: AccountMailParties['site'], now = new Date()): Promise<void> {
  const token = await issueAccountToken(tx, { lmsId: owner.lmsId, userId: owner.id, purpose: 'verify-email' }, now);
  await enqueueMail(tx, owner.lmsId, verificationMail({ to: owner, site }, token));
}

/**
 * Spends a verification link of tenant `lmsId` and marks its account's e-mail verified (an account
 * verified before keeps its first time); the account's other open verification links end with it.
 * An expired, used or unknown link is refused (`verifyLinkExpired`, `verifyLinkUsed`,
 * `verifyLinkUnknown`) and changes nothing.
 */
export async function verifyEmail(db: Db, lmsId: string, token: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const spent = await spendAccountToken(tx, lmsId, 'verify-email', token, now);
    if ('refused' in spent) {
      throw fail(spent.refused === 'expired' ? 'verifyLinkExpired' : spent.refused === 'used' ? 'verifyLinkUsed' : 'verifyLinkUnknown');
    }
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(users.id, spent.userId))
      .returning({ email: users.email, verifiedAt: users.emailVerifiedAt });
    if (!row?.verifiedAt) throw fail('verifyLinkUnknown');
    await endAccountTokens(tx, spent.userId, 'verify-email', now);
    return { email: row.email, verifiedAt: row.verifiedAt.toISOString() };
  });
}

/**
 * Sends the signed-in `user` a new verification link (POST email/resend): refused for a verified
 * account (`emailAlreadyVerified`), and past `RESEND_PER_ACCOUNT` or `RESEND_PER_EMAIL` with the wait
 * (`accountMailLimit`, 429). Older links stay valid until they run out. Answers the address it went to.
 */
export async function resendVerification(
  deps: Pick<ApiDeps, 'db' | 'rateLimiter' | 'mail'>,
  user: SessionUser,
  site: AccountMailParties['site'],
  now = new Date(),
): Promise<{ email: string }> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!row) throw fail('sessionInvalid');
  if (row.emailVerifiedAt) throw fail('emailAlreadyVerified');
  for (const [rule, key] of [
    [RESEND_PER_ACCOUNT, row.id],
    [RESEND_PER_EMAIL, `${row.lmsId}:${row.email}`],
  ] as const) {
    const wait = await deps.rateLimiter.check(rule, key);
    if (wait !== undefined) throw fail('accountMailLimit', { wait: waitInWords(wait) }, { retryAfterSeconds: wait });
  }
  await deps.db.transaction((tx) => queueVerification(tx, row, site, now));
  deps.mail?.kick();
  return { email: row.email };
}
