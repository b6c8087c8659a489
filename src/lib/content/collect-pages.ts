import type { Page } from '~/lib/api/posts';

/** Every item of a paged list, asking for one page after another until the last. */
export async function collectPages<T>(fetchPage: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchPage(page);
    items.push(...result.items);
    if (page >= result.totalPages || result.items.length === 0) return items;
  }
}
