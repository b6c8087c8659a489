import { createMiddleware } from 'hono/factory';
import type { ApiDeps } from '../context';
import { errorResponse } from '../errors';
import { originHost } from '../services/tenants';
import { accessTokenOf, appTokenOf } from './credentials';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF rule for calls authenticated by cookie (Astro's checkOrigin does not cover the API): a
 * mutating call that would be authorised by a cookie must come from the same origin or from a
 * tenant's own host. Header-authenticated calls need no check: a cross-site page cannot set headers.
 */
export function csrfGuard(deps: Pick<ApiDeps, 'tenants'>) {
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const usesCookie = appTokenOf(c)?.fromCookie || accessTokenOf(c)?.fromCookie;
    if (!usesCookie) return next();

    const site = c.req.header('Sec-Fetch-Site');
    if (site === 'same-origin' || site === 'none') return next();
    const host = originHost(c.req.header('Origin'));
    const ownHost = c.req.header('Host')?.toLowerCase();
    if (host && (host === ownHost || (await deps.tenants.byHost(host)))) return next();
    return errorResponse(c, 403, 'Permintaan lintas situs ditolak: kirim dari situs tenant atau gunakan header AppToken/Authorization');
  });
}
