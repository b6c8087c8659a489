import type { Context } from 'hono';
import { fail } from '../platform/errors';
import { originHost, servesHost, type TenantRecord } from '../platform/tenants';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request method changes state (everything but GET, HEAD and OPTIONS). */
export const isMutating = (method: string) => !SAFE_METHODS.has(method);

/**
 * CSRF rule for calls authenticated by cookie (Astro's checkOrigin does not cover the API): a
 * mutating call authorised by a cookie must come from the same origin or from a host of the tenant
 * the cookie belongs to; a page of another tenant cannot ride on it. Header-authenticated calls
 * need no check: a cross-site page cannot set those headers without a CORS preflight.
 */
export function assertSameSite(c: Context, tenant: TenantRecord): void {
  if (!isMutating(c.req.method)) return;
  const site = c.req.header('Sec-Fetch-Site');
  if (site === 'same-origin' || site === 'none') return;
  const host = originHost(c.req.header('Origin'));
  if (host && (host === c.req.header('Host')?.toLowerCase() || servesHost(tenant, host))) return;
  throw fail('crossSiteRefused');
}
