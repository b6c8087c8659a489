import { createMiddleware } from 'hono/factory';
import type { ApiDeps } from '../context';
import { fail } from '../platform/errors';
import type { RateLimitRule } from '../platform/rate-limit';
import { clientAddress } from './credentials';

/** Answers 429 with Retry-After once a client passes `rule.limit` calls in the window. */
export function rateLimit(deps: Pick<ApiDeps, 'rateLimiter' | 'trustProxyHops'>, rule: RateLimitRule) {
  return createMiddleware(async (c, next) => {
    await enforceLimit(deps, rule, clientAddress(c, deps.trustProxyHops));
    await next();
  });
}

/** Counts one call on `key` (an address, an account, …) and throws 429 past the rule's limit. */
export async function enforceLimit(deps: Pick<ApiDeps, 'rateLimiter'>, rule: RateLimitRule, key: string): Promise<void> {
  const wait = await deps.rateLimiter.check(rule, key);
  if (wait !== undefined) throw fail('tooMany', { seconds: wait }, { retryAfterSeconds: wait });
}
