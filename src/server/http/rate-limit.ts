import { createMiddleware } from 'hono/factory';
import type { ApiDeps } from '../context';
import type { RateLimitRule } from '../platform/rate-limit';
import { clientAddress } from './credentials';
import { HttpError } from './errors';

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
  if (wait !== undefined) throw tooManyRequests(wait);
}

/** 429 with Retry-After, saying in the message when to try again (`what`: what there were too many of). */
export function tooManyRequests(wait: number, what = 'permintaan'): HttpError {
  return new HttpError(429, `Terlalu banyak ${what}; coba lagi dalam ${wait} detik`, undefined, { 'Retry-After': String(wait) });
}
