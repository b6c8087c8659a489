import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authCodes, users } from '../db/schema';
import { hashSecret } from '../platform/hash';

/** How long a one-time code of the account login page lives: long enough for one redirect, no more. */
export const AUTH_CODE_SECONDS = 60;

/**
 * Makes the one-time code the account login page hands `/CallbackAuth` (redirect-login mode, SPEC §2):
 * 32 random bytes, base64url (43 characters). Only the hash is stored, bound to the tenant, the user
 * and the origin it goes back to. Codes that ran out more than an hour ago are swept on the way.
 */
export async function issueAuthCode(db: Db, grant: { lmsId: string; userId: string; returnOrigin: string }, now = new Date()) {
  const code = randomBytes(32).toString('base64url');
  await db.delete(authCodes).where(lt(authCodes.expiresAt, new Date(now.getTime() - 3_600_000)));
  await db.insert(authCodes).values({
    codeHash: hashSecret(code),
    ...grant,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_CODE_SECONDS * 1000),
  });
  return code;
}

/**
 * Spends a code of tenant `lmsId`: the user it was issued for, or undefined when it is unknown, of
 * another tenant, expired or already spent. One UPDATE … WHERE used_at IS NULL RETURNING decides, so
 * of two parallel exchanges exactly one wins.
 */
export async function spendAuthCode(db: Db, lmsId: string, code: string, now = new Date()) {
  const [spent] = await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(
      and(eq(authCodes.codeHash, hashSecret(code)), eq(authCodes.lmsId, lmsId), isNull(authCodes.usedAt), gt(authCodes.expiresAt, now)),
    )
    .returning({ userId: authCodes.userId, returnOrigin: authCodes.returnOrigin });
  if (!spent) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, spent.userId)).limit(1);
  return user;
}
