import type { Paged } from '~/contract/paged';

/**
 * A page of `items` of `totalItems` in all, `perPage` a page: the paged result of SPEC §3 that every
 * list answers (`~/contract/paged`). The one place `totalPages` is worked out, so no list rounds it
 * differently; its keys come in the order the wire has always had.
 */
export const pageOf = <T>(items: T[], page: number, perPage: number, totalItems: number): Paged<T> => ({
  items,
  page,
  perPage,
  totalItems,
  totalPages: Math.ceil(totalItems / perPage),
});
