import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { UserDetail } from '~/contract/auth';
import { roleOfKind } from '~/contract/roles';
import type { Db } from '../db/client';
import { userSessions, users } from '../db/schema';
import { hashSecret } from './hash';
import { UNKNOWN_USER_HASH, verifyPassword } from './passwords';

/** How long a sign-in lasts: the 30-day cookie lifetime of SPEC §9. */
export const SESSION_SECONDS = 2_592_000;

/** The user behind a request, with the role of SPEC §6. */
export type SessionUser = UserDetail;

function toDetail(row: typeof users.$inferSelect): SessionUser {
  return { id: row.id, lmsId: row.lmsId, email: row.email, name: row.name, kind: row.kind, role: roleOfKind(row.kind) };
}

/**
 * Signs a user of one tenant in with e-mail and password. Unknown e-mails cost the same time as
 * wrong passwords, and both give the same answer, so the call does not reveal who has an account.
 */
export async function signIn(db: Db, lmsId: string, email: string, password: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.lmsId, lmsId), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  const matches = await verifyPassword(password, row?.passwordHash ?? UNKNOWN_USER_HASH);
  if (!row || !matches) return undefined;

  const accessToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
  await db.delete(userSessions).where(and(eq(userSessions.userId, row.id), lt(userSessions.expiresAt, now)));
  await db.insert(userSessions).values({ tokenHash: hashSecret(accessToken), lmsId, userId: row.id, expiresAt });
  return { accessToken, expiresAt, user: toDetail(row) };
}

/** The user of a live access token, or undefined for an unknown, expired or revoked one. */
export async function userOfToken(db: Db, accessToken: string, now = new Date()): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.tokenHash, hashSecret(accessToken)), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now)))
    .limit(1);
  return row ? toDetail(row.user) : undefined;
}
