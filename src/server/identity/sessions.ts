import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { UserDetail } from '~/contract/auth';
import { roleOfKind } from '~/contract/roles';
import type { Db, Tx } from '../db/client';
import { userSessions, users } from '../db/schema';
import { hashSecret } from '../platform/hash';
import { UNKNOWN_USER_HASH, verifyPassword } from './passwords';

/** How long a sign-in lasts: the 30-day cookie lifetime of SPEC §9. */
export const SESSION_SECONDS = 2_592_000;

/** The user behind a request, with the role of SPEC §6. */
export type SessionUser = UserDetail;

function toDetail(row: typeof users.$inferSelect): SessionUser {
  return { id: row.id, lmsId: row.lmsId, email: row.email, name: row.name, kind: row.kind, role: roleOfKind(row.kind) };
}

/**
 * The user of one tenant with this e-mail and password, or undefined. Unknown e-mails cost the same
 * time as wrong passwords, and both give the same answer, so the call does not reveal who has an account.
 */
export async function checkPassword(db: Db, lmsId: string, email: string, password: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.lmsId, lmsId), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  const matches = await verifyPassword(password, row?.passwordHash ?? UNKNOWN_USER_HASH);
  return row && matches ? row : undefined;
}

/** A new sign-in of `row` (after a password, a sign-up or a one-time code): only the token's hash is stored. */
export async function openSession(db: Db | Tx, row: typeof users.$inferSelect, now = new Date()): Promise<OpenedSession> {
  const accessToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
  await db.delete(userSessions).where(and(eq(userSessions.userId, row.id), lt(userSessions.expiresAt, now)));
  await db.insert(userSessions).values({ tokenHash: hashSecret(accessToken), lmsId: row.lmsId, userId: row.id, expiresAt });
  return { accessToken, expiresAt, user: toDetail(row) };
}

/** What a sign-in hands back once: the access token (never stored), its end and the user. */
export interface OpenedSession {
  accessToken: string;
  expiresAt: Date;
  user: SessionUser;
}

/** The LoginResult body of every call that signs someone in (generate/token, user/register, exchange/token). */
export function loginResult(session: OpenedSession) {
  return {
    accessToken: session.accessToken,
    tokenType: 'Bearer' as const,
    expiresAt: session.expiresAt.toISOString(),
    user: session.user,
  };
}

/**
 * Ends the sign-in of `accessToken`, or with `everywhere` every live sign-in of its user; the number
 * ended. A revoked token is refused by `userOfToken` from then on.
 */
export async function revokeSessions(db: Db, accessToken: string, everywhere: boolean, now = new Date()): Promise<number> {
  const tokenHash = hashSecret(accessToken);
  const live = and(isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now));
  if (!everywhere) {
    const ended = await db
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(eq(userSessions.tokenHash, tokenHash), live))
      .returning({ tokenHash: userSessions.tokenHash });
    return ended.length;
  }
  const [own] = await db.select({ userId: userSessions.userId }).from(userSessions).where(eq(userSessions.tokenHash, tokenHash)).limit(1);
  if (!own) return 0;
  const ended = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.userId, own.userId), live))
    .returning({ tokenHash: userSessions.tokenHash });
  return ended.length;
}

/**
 * Ends every live sign-in of account `userId` but the one of `keepAccessToken` (all of them without
 * one): after a password reset, or another's sign-ins after a change. The number ended.
 */
export async function revokeUserSessions(db: Db | Tx, userId: string, keepAccessToken?: string, now = new Date()): Promise<number> {
  const live = and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now));
  const ended = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(keepAccessToken ? and(live, ne(userSessions.tokenHash, hashSecret(keepAccessToken))) : live)
    .returning({ tokenHash: userSessions.tokenHash });
  return ended.length;
}

/** The live session of an access token (when it began and ends) and the user's count of live sessions. */
export async function sessionDetail(db: Db, accessToken: string, now = new Date()) {
  const [row] = await db
    .select({ userId: userSessions.userId, createdAt: userSessions.createdAt, expiresAt: userSessions.expiresAt })
    .from(userSessions)
    .where(and(eq(userSessions.tokenHash, hashSecret(accessToken)), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  const [live] = await db
    .select({ n: count() })
    .from(userSessions)
    .where(and(eq(userSessions.userId, row.userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now)));
  return { signedInAt: row.createdAt, expiresAt: row.expiresAt, activeSessions: Number(live?.n ?? 0) };
}

/**
 * The user of a live access token, or undefined for an unknown, expired or revoked one, or one of a
 * deactivated account (deactivation ends the sessions too; this holds should one be opened anyway).
 * The user is read afresh on every call, so a role an admin changed counts from the next request.
 */
export async function userOfToken(db: Db, accessToken: string, now = new Date()): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.tokenHash, hashSecret(accessToken)),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1);
  return row ? toDetail(row.user) : undefined;
}
