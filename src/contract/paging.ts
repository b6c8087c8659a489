import { z } from 'zod';

/** A positive whole number sent in a query string (`?page=2`). */
export const QueryInt = z.coerce
  .number({ error: 'harus berupa angka' })
  .int('harus bilangan bulat')
  .positive('harus lebih dari 0')
  .max(2_147_483_647, 'terlalu besar');

/** `page` and a page size with the default of the list (SPEC §9: 6 for blog-like lists, 10 for posts). */
export function pagingQuery(defaultSize: number) {
  return {
    page: QueryInt.default(1),
    pageSize: QueryInt.max(100, 'maksimal 100 per halaman').default(defaultSize),
  };
}

/** `true`/`false` in a query string. */
export const QueryBool = z
  .enum(['true', 'false', '1', '0'], { error: 'harus true atau false' })
  .transform((v) => v === 'true' || v === '1');
