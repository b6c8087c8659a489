import { describe, expect, it } from 'vitest';
import { BERITA_PATH, listPath, postPath } from '~/lib/content/paths';
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
