import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ACCOUNT_LINK_HOURS } from '~/contract/account';
import type { Db, Tx } from '../db/client';
import { accountTokens } from '../db/schema';
import { hashSecret } from '../platform/hash';

/** What a mailed account link is for; its lifetime is `ACCOUNT_LINK_HOURS[purpose]`. */
export type AccountLinkPurpose = keyof typeof ACCOUNT_LINK_HOURS;

const DAY = 86_400_000;
/** How long a link is remembered after it ran out (used or not), so a late click still hears why it is refused. */
export const KEEP_EXPIRED_DAYS = 30;

/** Why a link was refused: it ran out, it was used (or a newer use ended it), or no such link was made here. */
export type LinkRefusal = 'expired' | 'used' | 'unknown';

/**
 * Makes the one-time token of a mailed link: 32 random bytes, base64url (43 characters). Only its
 * SHA-256 is stored, bound to the tenant, the account and the purpose. Tokens that ran out more than
 * `KEEP_EXPIRED_DAYS` ago are swept on the way; younger ones stay, so a link opened late is told
 * 'kedaluwarsa' (or 'sudah dipakai'), not 'tidak dikenal'.
 */
export async function issueAccountToken(
  db: Db | Tx,
  grant: { lmsId: string; userId: string; purpose: AccountLinkPurpose },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_DAYS * DAY)));
  await db.insert(accountTokens).values({
    tokenHash: hashSecret(token),
    ...grant,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_LINK_HOURS[grant.purpose] * 3_600_000),
  });
  return token;
}

/**
 * Spends a token of tenant `lmsId` for `purpose`: the account it was made for, or why it is refused.
 * One UPDATE … WHERE used_at IS NULL AND expires_at > now RETURNING decides, so of two parallel uses
 * exactly one wins; a refusal changes nothing. Call it in the transaction of what the link does.
 */
export async function spendAccountToken(
  db: Db | Tx,
  lmsId: string,
  purpose: AccountLinkPurpose,
  token: string,
  now = new Date(),
): Promise<{ userId: string } | { refused: LinkRefusal }> {
  const mine = and(eq(accountTokens.tokenHash, hashSecret(token)), eq(accountTokens.lmsId, lmsId), eq(accountTokens.purpose, purpose));
  const [spent] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(mine, isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ userId: accountTokens.userId });
  if (spent) return spent;
  const [row] = await db.select({ usedAt: accountTokens.usedAt }).from(accountTokens).where(mine).limit(1);
  if (!row) return { refused: 'unknown' };
  return { refused: row.usedAt ? 'used' : 'expired' };
}

/** Ends every open link of `purpose` of an account (after one was used, or the password changed otherwise); expired ones stay expired. */
export async function endAccountTokens(db: Db | Tx, userId: string, purpose: AccountLinkPurpose, now = new Date()): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
}
