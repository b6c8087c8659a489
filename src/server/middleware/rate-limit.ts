import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ApiDeps } from '../context';
import { HttpError } from '../errors';
import type { RateLimitRule } from '../services/rate-limit';
import { clientAddress } from './credentials';

/** Answers 429 with Retry-After once a client passes `rule.limit` calls in the window. */
export function rateLimit(deps: Pick<ApiDeps, 'rateLimiter'>, rule: RateLimitRule, keyOf: (c: Context) => string = clientAddress) {
  return createMiddleware(async (c, next) => {
    const wait = await deps.rateLimiter.check(rule, keyOf(c));
    if (wait !== undefined) {
      throw new HttpError(429, `Terlalu banyak permintaan; coba lagi dalam ${wait} detik`, undefined, { 'Retry-After': String(wait) });
    }
    await next();
  });
}
