import type { Context } from 'hono';
import type { Paged } from '~/contract/paged';

/**
 * The API's success answers, written once: `{ statusCode, message, data }` (SPEC §7). Routes return
 * `ok(c, data)`, `created(c, data, message)`, `accepted(c, data, message)` or `page(c, paged)`;
 * no route writes the envelope by hand. Errors are thrown (`fail`, platform/errors.ts) and shaped by
 * http/errors.ts.
 *
 * @example
 *   app.get('/v1/thing', async (c) => ok(c, await findThing(db, id)));
 *   app.post('/v1/thing', async (c) => created(c, await createThing(db, input), 'Thing dibuat'));
 */

/** 200 with `data`; `message` defaults to `OK`. */
export function ok<T>(c: Context, data: T, message = 'OK') {
  return c.json({ statusCode: 200 as const, message, data }, 200);
}

/** 201: something was made; the message says what (`Post dibuat`). */
export function created<T>(c: Context, data: T, message: string) {
  return c.json({ statusCode: 201 as const, message, data }, 201);
}

/** 202: the work was queued (a build, a mail) and happens after the answer. */
export function accepted<T>(c: Context, data: T, message: string) {
  return c.json({ statusCode: 202 as const, message, data }, 202);
}

/** 200 with one page of a list, in the one paged shape of SPEC §3. */
export function page<T>(c: Context, paged: Paged<T>, message = 'OK') {
  return ok(c, paged, message);
}
