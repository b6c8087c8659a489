import { describe, expect, it } from 'vitest';
import { BERITA_PATH, listPath, pageWindow, postPath } from '~/lib/content/paths';
import { preloadTarget } from '~/lib/content/preload';

const post = (kindSlug: Parameters<typeof postPath>[0]['kindSlug']) => ({ kindSlug, id: 12, slug: 'judul-tulisan' });

describe('addresses of posts (SPEC §2)', () => {
  it('puts each kind at its route: by slug, or by id and slug for blog and program posts', () => {
    expect(postPath(post('news'))).toBe('/News/judul-tulisan');
    expect(postPath(post('blog'))).toBe('/Blog/12/judul-tulisan');
    expect(postPath(post('articles'))).toBe('/Articles/judul-tulisan');
    expect(postPath(post('podcasts'))).toBe('/Podcasts/judul-tulisan');
    expect(postPath(post('tulisan-temans'))).toBe('/Tulisan-Temans/judul-tulisan');
    expect(postPath(post('program'))).toBe('/Event/Program/12/judul-tulisan');
  });

  it('puts news under /Berita when the list is the Indonesian one', () => {
    expect(postPath(post('news'), BERITA_PATH)).toBe('/Berita/judul-tulisan');
    expect(listPath(BERITA_PATH, { page: 2 })).toBe('/Berita?page=2');
  });

  it('builds addresses the preload function reads back to the same post', () => {
    for (const kindSlug of ['news', 'podcasts', 'tulisan-temans'] as const) {
      expect(preloadTarget(postPath(post(kindSlug)))).toEqual({ kind: 'post', kindSlug, slug: 'judul-tulisan' });
    }
    expect(preloadTarget(postPath(post('blog')))).toEqual({ kind: 'post-by-id', kindSlug: 'blog', id: 12 });
    expect(preloadTarget('/Articles/judul-tulisan/Detail/12/judul-tulisan')).toEqual({ kind: 'post-by-id', kindSlug: 'articles', id: 12 });
    expect(preloadTarget('/Articles/Detail/12')).toEqual({ kind: 'post-by-id', kindSlug: 'articles', id: 12 });
  });
});

describe('pageWindow: the page links of a list', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 7, [1, 2, 3, null, 7]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [50, 500, [1, null, 48, 49, 50, 51, 52, null, 500]],
    [500, 500, [1, null, 498, 499, 500]],
    [5, 9, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
  ])('page %i of %i → %o', (page, total, links) => {
    expect(pageWindow(page, total)).toEqual(links);
  });

  it('keeps every page reachable: each page links to its neighbours, and the links stay few', () => {
    const total = 500;
    for (let page = 1; page <= total; page++) {
      const links = pageWindow(page, total);
      expect(links.length).toBeLessThanOrEqual(9);
      if (page > 1) expect(links).toContain(page - 1);
      if (page < total) expect(links).toContain(page + 1);
    }
  });
});
