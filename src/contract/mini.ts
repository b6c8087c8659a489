import * as z from 'zod/mini';
import id from 'zod/v4/locales/id.js';

/**
 * zod's small build, for the schemas that islands import: the full build is about 90 KB gzip in a
 * browser bundle, this one about 6 KB (src/islands/README.md "Size budget"). Server and island
 * validate with the very same schema objects; messages speak Indonesian as everywhere else.
 */
z.config(id());

export { z };

/** Success envelope of the main services: the payload sits in `data` (as `common.ts` `envelope`). */
export function miniEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ statusCode: z.number().check(z.int()), message: z.string(), data });
}
