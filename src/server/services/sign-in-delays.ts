import type { DelayRule, RateLimiter } from './rate-limit';

/**
 * Password guessing is slowed by waits that grow with failures, never by a lock: a lock per account
 * would let anyone lock the owner out by failing on purpose from many addresses.
 *
 * - Each address has 10 free failures, then waits 1, 2, 4 … up to 60 s before its next attempt is
 *   checked. This throttles each guesser, over every account it tries.
 * - Each account has 10 free failures, then the same waits, but they hold back only addresses that
 *   have themselves failed at least 3 times. An address with fewer is judged on its own record, so
 *   the owner signing in from their usual place (or after a typo or two) gets in whatever others
 *   try; a guesser past its third failure waits for the account, so many addresses together still
 *   get about one guess a minute at one account, plus the first three of each new address.
 * - Every attempt counts as a failure until it succeeds, so a burst of parallel attempts cannot
 *   slip past the count. A success takes its own back and clears the account's failures (the owner
 *   is in); an address's earlier failures stay until forgotten, so signing in to an account of one's
 *   own cannot wipe the failures made guessing at another.
 * - Failures are forgotten 15 minutes after the last one. Unknown e-mails count as accounts too, so
 *   the answers do not reveal which e-mails have one.
 */
const WAITS = { free: 10, firstDelayMs: 1000, maxDelayMs: 60_000, forgetMs: 15 * 60_000 };
export const ADDRESS_DELAYS: DelayRule = { name: 'sign-in-address', ...WAITS };
export const ACCOUNT_DELAYS: DelayRule = { name: 'sign-in-account', ...WAITS };
/** Failures of its own after which an address also waits for the account's delay. */
export const OWN_FAILURES_BEFORE_ACCOUNT_DELAY = 3;

/** A sign-in attempt that may go ahead (then report its success, or that it could not be checked), or the seconds it must wait. */
export type SignInTurn = { wait: number } | { wait?: undefined; succeeded(): Promise<void>; unchecked(): Promise<void> };

/** Asks whether an attempt on `account` (tenant and e-mail) from `address` may be checked now. */
export async function takeSignInTurn(limiter: RateLimiter, address: string, account: string): Promise<SignInTurn> {
  const byAddress = await limiter.strike(ADDRESS_DELAYS, address);
  if (byAddress.wait !== undefined) return { wait: byAddress.wait };
  const clean = byAddress.failures < OWN_FAILURES_BEFORE_ACCOUNT_DELAY;
  // Counted from every address, so fresh addresses raise the wait of those that keep guessing.
  const byAccount = await limiter.strike(ACCOUNT_DELAYS, account, !clean);
  if (byAccount.wait !== undefined) {
    // Not checked, so not a failure of this address.
    await limiter.forgive(ADDRESS_DELAYS, address);
    return { wait: byAccount.wait };
  }
  return {
    succeeded: async () => {
      await limiter.forgive(ADDRESS_DELAYS, address);
      await limiter.forgive(ACCOUNT_DELAYS, account, true);
    },
    // The check failed (the database is down, say): no one's failure.
    unchecked: async () => {
      await limiter.forgive(ADDRESS_DELAYS, address);
      await limiter.forgive(ACCOUNT_DELAYS, account);
    },
  };
}
