import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIES, HEADERS } from '~/contract/common';
import { forwardedFor, visitorNetwork } from './proxy';

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

/**
 * The client's address: behind `hops` trusted proxies, the entry that many places from the right of
 * X-Forwarded-For (entries further left are whatever the client wrote); otherwise the socket's.
 * An IPv6 address counts as its /64 network (`visitorNetwork`): limits and waits know a visitor by it.
 */
export function clientAddress(c: Context, hops = 0): string {
  const forwarded = forwardedFor(c.req.header('X-Forwarded-For'), hops);
  if (forwarded) return visitorNetwork(forwarded);
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return visitorNetwork(incoming?.socket?.remoteAddress ?? 'local');
}
