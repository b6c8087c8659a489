import { createHash } from 'node:crypto';
import { dayKey } from '~/lib/format/dates';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit';

/**
 * A post's views count each visitor once per post per day (the Asia/Jakarta day, WIB). Who viewed
 * what today is kept in the shared state that rate limits use (`shared-state.ts`: in process, or
 * Redis shared by every server process), not in the database: it is short-lived and disposable.
 * The key holds the day, so a new day starts new keys; each lives a day and then expires.
 */
const FIRST_VIEW: RateLimitRule = { name: 'post-view', limit: 1, windowMs: 24 * 60 * 60 * 1000 };

/**
 * Who is viewing, as an opaque hash: the signed-in user when there is one (the same person on two
 * devices is one visitor), else the client address and user agent (two people behind one address
 * on different browsers are two). Addresses are hashed, so the store holds no address.
 */
export function visitorId(visitor: { userId: string } | { address: string; userAgent: string }): string {
  const text = 'userId' in visitor ? `user\n${visitor.userId}` : `client\n${visitor.address}\n${visitor.userAgent}`;
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/** Whether this is the visitor's first view of the post today (and remembers that it was). */
export async function isFirstViewToday(rateLimiter: RateLimiter, visitor: string, postId: number, now = new Date()): Promise<boolean> {
  const day = dayKey(now.toISOString(), 'WIB');
  return (await rateLimiter.check(FIRST_VIEW, `${postId}:${day}:${visitor}`)) === undefined;
}
