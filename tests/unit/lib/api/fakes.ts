import { createDecipheriv } from 'node:crypto';
import type { AppStartEnvironment, CookieJar, StorageLike } from '~/lib/api';

/** A request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  /** Path below the site, e.g. `/api/v1/authorizer/version`. */
  path: string;
  headers: Headers;
  body: unknown;
}

/** Absolute bases, as Node's fetch needs (the browser resolves the relative defaults against the page). */
export const SITE = 'https://site.example';
export const TEST_BASES = { main: `${SITE}/api/`, auth: `${SITE}/api/auth/`, core: `${SITE}/api/core/` };

/** A JSON response like the platform's. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that records every request and answers with `handler`. */
export function fakeFetch(handler: (request: SeenRequest) => Response | Promise<Response>) {
  const requests: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const seen = { method: request.method, url, path: url.pathname, headers: request.headers, body: text ? JSON.parse(text) : undefined };
    requests.push(seen);
    return handler(seen);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** Opens a wire app token with Node's own AES-256-CTR, as the server does. */
export function openAppToken(wire: string, cipherKeyHex: string) {
  const dot = wire.indexOf('.');
  const sealed = Buffer.from(wire.slice(dot + 1), 'base64url');
  const decipher = createDecipheriv('aes-256-ctr', Buffer.from(cipherKeyHex, 'hex'), sealed.subarray(0, 16));
  const payload = Buffer.concat([decipher.update(sealed.subarray(16)), decipher.final()]).toString('latin1');
  return { code: wire.slice(0, dot), counter: sealed.subarray(0, 16).toString('hex'), payload };
}

/** Local storage in memory. */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** Cookies in memory, remembering each one's lifetime. */
export function memoryCookies(initial: Record<string, string> = {}): CookieJar & { jar: Map<string, { value: string; maxAge?: number }> } {
  const jar = new Map<string, { value: string; maxAge?: number }>(Object.entries(initial).map(([name, value]) => [name, { value }]));
  return {
    jar,
    get: (name) => jar.get(name)?.value,
    set: (name, value, maxAge) => void jar.set(name, { value, maxAge }),
    remove: (name) => void jar.delete(name),
  };
}

/** A browser environment in memory for `runAppStart`. */
export function memoryEnvironment(options: { storage?: Record<string, string>; cookies?: Record<string, string>; domain?: string } = {}) {
  const logged: unknown[][] = [];
  const env = {
    storage: memoryStorage(options.storage),
    cookies: memoryCookies(options.cookies),
    domain: options.domain ?? 'site.example',
    log: (...args: unknown[]) => void logged.push(args),
  } satisfies AppStartEnvironment;
  return { env, logged };
}
