import { type DomainError, fail } from '../platform/errors';
import type { DelayRule, RateLimiter } from '../platform/rate-limit';

/**
 * Password guessing is slowed per address and stopped per account, without letting anyone lock the
 * owner out by failing on purpose from many addresses.
 *
 * - Each address has 10 free failures, then waits 1, 2, 4 … up to 60 s before its next attempt is
 *   checked. This throttles each guesser, over every account it tries. Forgotten 15 minutes after
 *   its last failure.
 * - Each account is locked after its 5th failure: 5 minutes, doubling with each failure after the
 *   lock (10, 20, then at most 30 minutes), forgotten 30 minutes after the last failure (issue 13:
 *   "five wrong passwords lock the account for a while"). The lock holds back only addresses that
 *   have themselves failed at least 3 times at that account. An address with fewer is judged on its
 *   own record, so
 *   the owner signing in from their usual place (or after a typo or two) gets in whatever others
 *   try; a guesser past its third failure waits for the account, so many addresses together still
 *   get few guesses at one account, plus the first three of each new address.
 * - Every attempt counts as a failure until it succeeds, so a burst of parallel attempts cannot
 *   slip past the count. A success takes its own back and clears the account's failures (the owner
 *   is in); an address's earlier failures stay until forgotten, so signing in to an account of one's
 *   own cannot wipe the failures made guessing at another.
 * - Unknown e-mails count as accounts too, so the answers do not reveal which e-mails have one.
 */
export const ADDRESS_DELAYS: DelayRule = {
  name: 'sign-in-address',
  free: 10,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetMs: 15 * 60_000,
};
export const ACCOUNT_DELAYS: DelayRule = {
  name: 'sign-in-account',
  free: 5,
  firstDelayMs: 5 * 60_000,
  maxDelayMs: 30 * 60_000,
  forgetMs: 30 * 60_000,
};
/** Failures of its own at one account after which an address also waits for that account's lock. */
export const OWN_FAILURES_BEFORE_ACCOUNT_DELAY = 3;
/**
 * Failures of one address at one account, only counted (never a wait): whether the account's lock
 * holds that address back. Per account, not per address, because a school's pupils share one
 * address: a classmate's typos, or their guessing at another account, must not lock a learner out.
 */
export const PAIR_FAILURES: DelayRule = {
  name: 'sign-in-pair',
  free: Number.MAX_SAFE_INTEGER,
  firstDelayMs: 0,
  maxDelayMs: 0,
  forgetMs: ACCOUNT_DELAYS.forgetMs,
};

/** A sign-in attempt that may go ahead (then report its success, or that it could not be checked), or the seconds it must wait. */
export type SignInTurn =
  | { wait: number; by: 'address' | 'account' }
  | { wait?: undefined; succeeded(): Promise<void>; unchecked(): Promise<void> };

/** Asks whether an attempt on `account` (tenant and e-mail) from `address` may be checked now. */
export async function takeSignInTurn(limiter: RateLimiter, address: string, account: string): Promise<SignInTurn> {
  const byAddress = await limiter.strike(ADDRESS_DELAYS, address);
  if (byAddress.wait !== undefined) return { wait: byAddress.wait, by: 'address' };
  const pair = `${address}|${account}`;
  const byPair = await limiter.strike(PAIR_FAILURES, pair, false);
  const clean = byPair.failures < OWN_FAILURES_BEFORE_ACCOUNT_DELAY;
  // Counted from every address, so fresh addresses raise the wait of those that keep guessing.
  const byAccount = await limiter.strike(ACCOUNT_DELAYS, account, !clean);
  if (byAccount.wait !== undefined) {
    // Not checked, so not a failure of this address.
    await limiter.forgive(ADDRESS_DELAYS, address);
    await limiter.forgive(PAIR_FAILURES, pair);
    return { wait: byAccount.wait, by: 'account' };
  }
  return {
    succeeded: async () => {
      await limiter.forgive(ADDRESS_DELAYS, address);
      await limiter.forgive(PAIR_FAILURES, pair, true);
      await limiter.forgive(ACCOUNT_DELAYS, account, true);
    },
    // The check failed (the database is down, say): no one's failure.
    unchecked: async () => {
      await limiter.forgive(ADDRESS_DELAYS, address);
      await limiter.forgive(PAIR_FAILURES, pair);
      await limiter.forgive(ACCOUNT_DELAYS, account);
    },
  };
}

/** A wait as a person reads it: whole minutes rounded up from one minute on, else seconds. */
export function waitInWords(seconds: number): string {
  return seconds >= 60 ? `${Math.ceil(seconds / 60)} menit` : `${seconds} detik`;
}

/** The refusal of a sign-in that must wait (429, Retry-After): the account's lock says so; an address's wait is worded as before. */
export function signInWaitError(turn: { wait: number; by: 'address' | 'account' }): DomainError {
  return turn.by === 'account'
    ? fail('accountLocked', { wait: waitInWords(turn.wait) }, { retryAfterSeconds: turn.wait })
    : fail('tooMany', { what: 'percobaan masuk', seconds: turn.wait }, { retryAfterSeconds: turn.wait });
}

/** The message of that refusal. */
export function signInWaitMessage(turn: { wait: number; by: 'address' | 'account' }): string {
  return signInWaitError(turn).message;
}
