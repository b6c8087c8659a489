import { z } from './mini';

/**
 * A page of a list (SPEC §3): items, page, perPage, totalItems, totalPages. The one paged shape of
 * every list the platform answers. zod/mini because islands import the lists' contracts; the
 * full-zod contracts (posts, careers, portfolio) wrap it as well, since both builds of zod share
 * one core and accept each other's schemas.
 */
export function paged<T extends z.core.SomeType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().check(z.int(), z.positive()),
    perPage: z.number().check(z.int(), z.positive()),
    totalItems: z.number().check(z.int(), z.nonnegative()),
    totalPages: z.number().check(z.int(), z.nonnegative()),
  });
}

/** A page of `T` as `paged(schema)` parses it: what servers build and clients read. */
export interface Paged<T> {
  items: T[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
}
