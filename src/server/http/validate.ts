import type { Context } from 'hono';
import { z } from 'zod';
import { fail } from '../platform/errors';
import { fieldErrors } from './errors';
import { MAX_BODY_BYTES } from './limits';

/**
 * Reads and validates a JSON body. Only `application/json` is accepted: besides being the contract,
 * it means a cross-site form cannot reach a mutating call without a CORS preflight. `textPlain`
 * also takes JSON sent as `text/plain` (what `navigator.sendBeacon` sends for a string); such a
 * call is CORS-simple, so its route must authenticate by header or check the site (requireAppToken does).
 */
export async function readJson<T extends z.core.$ZodType>(
  c: Context,
  schema: T,
  options: { textPlain?: boolean } = {},
): Promise<z.infer<T>> {
  const type = c.req.header('Content-Type') ?? '';
  const accepted = options.textPlain ? /^(application\/json|text\/plain)\s*(;|$)/i : /^application\/json\s*(;|$)/i;
  if (!accepted.test(type))
    throw fail('wrongContentType', { accepted: options.textPlain ? 'application/json atau text/plain' : 'application/json' });
  const text = await c.req.text();
  // Backstop to the app's body limit, which trusts Content-Length: the text actually read counts.
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw fail('bodyTooLarge', { maxKb: MAX_BODY_BYTES / 1024 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail('invalidJson');
  }
  // Top-level safeParse: the schema may be of zod's full build or of zod/mini (contract/mini.ts).
  const result = z.safeParse(schema, body);
  if (!result.success) throw fail('invalid', { fields: fieldErrors(result.error) });
  return result.data;
}

/** Validates the query string; a parameter given twice is refused rather than silently picked. */
export function readQuery<T extends z.core.$ZodType>(c: Context, schema: T): z.infer<T> {
  const all = c.req.queries();
  const repeated = Object.entries(all).find(([, values]) => values.length > 1);
  if (repeated) throw fail('invalid', { fields: [{ field: repeated[0], message: 'parameter hanya boleh dikirim sekali' }] });
  const result = z.safeParse(schema, c.req.query());
  if (!result.success) throw fail('invalid', { fields: fieldErrors(result.error) });
  return result.data;
}
