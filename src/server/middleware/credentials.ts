import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIES, HEADERS } from '~/contract/common';

/** Where a credential came from; cookie credentials are the ones a cross-site request can ride on. */
export interface Credential {
  value: string;
  fromCookie: boolean;
}

/** The app token: the AppToken header, else the client token cookie. */
export function appTokenOf(c: Context): Credential | undefined {
  const header = c.req.header(HEADERS.appToken)?.trim();
  if (header) return { value: header, fromCookie: false };
  const cookie = getCookie(c, COOKIES.appToken)?.trim();
  return cookie ? { value: cookie, fromCookie: true } : undefined;
}

/** The user's access token: Authorization with or without `Bearer ` (SPEC §6), else the token cookie. */
export function accessTokenOf(c: Context): Credential | undefined {
  const header = c.req.header(HEADERS.authorization)?.trim();
  if (header) {
    const value = header.replace(/^bearer\s+/i, '').trim();
    return value ? { value, fromCookie: false } : undefined;
  }
  const cookie = getCookie(c, COOKIES.token)?.trim();
  return cookie ? { value: cookie, fromCookie: true } : undefined;
}

/** The client's address: the socket's, or the first forwarded one when `TRUST_PROXY` says a proxy sets it. */
export function clientAddress(c: Context): string {
  if (process.env.TRUST_PROXY === 'true') {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
