import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { CHAT_TOKEN_PATTERN, type ChatLoginResult, type ChatUser } from '~/contract/chat';
import type { Db } from '../db/client';
import { chatIdentities } from '../db/schema';
import { SESSION_SECONDS } from '../identity';
import { hashSecret } from '../platform/hash';

/*
 * Who talks to the assistant (SPEC §7 "Chat": v1/identity/login and me). A visitor needs no account:
 * login gives this browser a guest identity; with the site's sign-in it is the account's, and every
 * identity of that account sees the same conversations. The token lasts as a sign-in does (30 days);
 * only its SHA-256 is stored.
 */

export interface ChatIdentity {
  id: string;
  lmsId: string;
  userId: string | null;
  name: string | null;
}

export async function openIdentity(
  db: Db,
  input: { lmsId: string; workspace: string; userId: string | null; name: string | null },
  now = new Date(),
): Promise<ChatLoginResult> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
  // Expired guests of the tenant go when a new identity comes (their conversations with them). An
  // account's identities stay: its other identities still read the conversations they began.
  await db
    .delete(chatIdentities)
    .where(and(eq(chatIdentities.lmsId, input.lmsId), isNull(chatIdentities.userId), lt(chatIdentities.expiresAt, now)));
  const [row] = await db
    .insert(chatIdentities)
    .values({ lmsId: input.lmsId, userId: input.userId, name: input.name, tokenHash: hashSecret(token), expiresAt })
    .returning();
  if (!row) throw new Error('identitas obrolan tidak tersimpan');
  return { token, expires_at: expiresAt.toISOString(), user: chatUserOf(row, input.workspace) };
}

export function chatUserOf(identity: Pick<ChatIdentity, 'id' | 'userId' | 'name'>, workspace: string): ChatUser {
  return { id: identity.id, kind: identity.userId ? 'account' : 'guest', name: identity.name, workspace_id: workspace };
}

/** How often use moves a token's expiry on (at most one write a day per identity). */
const EXTEND_AFTER_MS = 86_400_000;

/** The identity holding this token, while it lasts; a token in use lasts 30 days from its last day of use. */
export async function identityOfToken(db: Db, token: string, now = new Date()): Promise<ChatIdentity | undefined> {
  if (!CHAT_TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({
      id: chatIdentities.id,
      lmsId: chatIdentities.lmsId,
      userId: chatIdentities.userId,
      name: chatIdentities.name,
      lastSeenAt: chatIdentities.lastSeenAt,
    })
    .from(chatIdentities)
    .where(and(eq(chatIdentities.tokenHash, hashSecret(token)), gt(chatIdentities.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > EXTEND_AFTER_MS) {
    await db
      .update(chatIdentities)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000) })
      .where(eq(chatIdentities.id, row.id));
  }
  return { id: row.id, lmsId: row.lmsId, userId: row.userId, name: row.name };
}
