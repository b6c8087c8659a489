import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { fail } from '../platform/errors';

const NUL = '\u0000';
export const NUL_MESSAGE = 'karakter NUL (U+0000) tidak diizinkan';

/** The path of the first string (or key) holding a NUL in a JSON value, '(body)' for the top; undefined when none does. */
function nulPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') || '(body)' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '\\u0000')].join('.');
    const found = nulPath(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The query parameter, or '(path)', that holds a NUL once decoded; undefined when none does. */
function nulInUrl(c: Context, pathname: string): string | undefined {
  if (/%00/i.test(pathname)) return '(path)';
  for (const [key, values] of Object.entries(c.req.queries())) {
    if (key.includes(NUL)) return key.replaceAll(NUL, '\\u0000');
    if (values.some((value) => value.includes(NUL))) return key;
  }
  return undefined;
}

/**
 * Refuses a NUL character anywhere in the path, the query or a JSON body with 400 and one log line.
 * PostgreSQL cannot store U+0000 in text or jsonb, so such a value would otherwise fail deep in a
 * query as a 500 with a stack trace; and no field has a use for it. Runs before the routes, for all.
 */
export function refuseNulBytes() {
  return createMiddleware(async (c, next) => {
    // The path as sent (still percent-encoded), so that the log line holds no control character.
    const { pathname } = new URL(c.req.url);
    let field = nulInUrl(c, pathname);
    if (field === undefined && c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json/i.test(c.req.header('Content-Type') ?? '')) {
      // Read once here; Hono keeps the text for the route's own read. A body that is not JSON is the route's to refuse.
      const text = await c.req.text();
      if (text.includes(NUL) || /\\u0000/i.test(text)) {
        try {
          field = nulPath(JSON.parse(text));
        } catch {
          field = text.includes(NUL) ? '(body)' : undefined;
        }
      }
    }
    if (field !== undefined) {
      console.warn(`[api] ${c.req.method} ${pathname}: ditolak, karakter NUL di ${JSON.stringify(field)}`);
      throw fail('nulCharacter', { fields: [{ field, message: NUL_MESSAGE }] });
    }
    await next();
  });
}
