import { describe, expect, it } from 'vitest';
import { detailRequest, listFamilyOf } from '~/lib/content/families';
import { readListQuery } from '~/lib/content/on-demand';
import { preloadTarget } from '~/lib/content/preload';

describe('on-demand content addresses', () => {
  it.each([
    ['/News', 'News'],
    ['/Berita', 'Berita'],
    ['/Blog', 'Blog'],
    ['/Podcasts', 'Podcasts'],
    ['/Tulisan-Temans', 'Tulisan-Temans'],
    ['/news', undefined],
    ['/News/x', undefined],
    ['/Articles', undefined],
  ])('%s is the list of %s', (path, family) => {
    expect(listFamilyOf(path)).toBe(family);
  });

  it.each([
    ['/News/berita-baru', { kindSlug: 'news', key: { slug: 'berita-baru' }, family: 'News' }],
    ['/News/12/judul', { kindSlug: 'news', key: { id: 12 }, family: 'News' }],
    ['/Berita/berita-baru', { kindSlug: 'news', key: { slug: 'berita-baru' }, family: 'Berita' }],
    ['/Berita/Detail/12/judul', { kindSlug: 'news', key: { id: 12 }, family: 'Berita' }],
    ['/Blog/7/judul', { kindSlug: 'blog', key: { id: 7 }, family: 'Blog' }],
    ['/Podcasts/episode-baru', { kindSlug: 'podcasts', key: { slug: 'episode-baru' }, family: 'Podcasts' }],
    ['/Tulisan-Temans/cerita', { kindSlug: 'tulisan-temans', key: { slug: 'cerita' }, family: 'Tulisan-Temans' }],
    ['/Articles/x/Detail/9/judul', { kindSlug: 'articles', key: { id: 9 }, family: undefined }],
  ])('%s asks for %o', (path, wanted) => {
    expect(detailRequest(path, preloadTarget)).toEqual(wanted);
  });

  it.each(['/Berita/Detail', '/Berita/Detail/abc', '/Berita/a/b', '/Berita/Bukan_Slug', '/Event/Program/3', '/Portfolio/csr/x'])(
    '%s is no post page to render on demand',
    (path) => {
      expect(detailRequest(path, preloadTarget)).toBeUndefined();
    },
  );

  it('reads a list query leniently', () => {
    expect(readListQuery(new URLSearchParams('page=2&search=%20data%20&category=umum'))).toEqual({
      page: 2,
      search: 'data',
      category: 'umum',
    });
    expect(readListQuery(new URLSearchParams('page=-1&category=Bukan Slug'))).toEqual({ page: 1, search: undefined, category: undefined });
    expect(readListQuery(new URLSearchParams(`search=${'x'.repeat(300)}`)).search).toHaveLength(100);
  });
});
