import { describe, expect, it } from 'vitest';
import { collectPages } from '~/lib/content/collect-pages';

const pageOf = (all: number[], page: number, perPage: number) => ({
  items: all.slice((page - 1) * perPage, page * perPage),
  page,
  perPage,
  totalItems: all.length,
  totalPages: Math.ceil(all.length / perPage),
});

describe('collectPages', () => {
  it('asks for page after page until the last, keeping the order', async () => {
    const all = Array.from({ length: 14 }, (_, index) => index + 1);
    const asked: number[] = [];
    const items = await collectPages(async (page) => {
      asked.push(page);
      return pageOf(all, page, 6);
    });
    expect(items).toEqual(all);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('asks once for an empty list', async () => {
    let calls = 0;
    const items = await collectPages(async (page) => {
      calls++;
      return pageOf([], page, 6);
    });
    expect(items).toEqual([]);
    expect(calls).toBe(1);
  });

  it('passes on the failure of any page', async () => {
    await expect(
      collectPages(async (page) => {
        if (page === 2) throw new Error('gagal');
        return pageOf([1, 2, 3, 4], page, 2);
      }),
    ).rejects.toThrow('gagal');
  });
});
