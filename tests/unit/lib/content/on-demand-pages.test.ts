import { describe, expect, it } from 'vitest';
import { ApiRequestError, createApiClient } from '~/lib/api';
import { LIST_FAMILIES } from '~/lib/content/families';
import { isListPage, POST_LIST_PAGES, rendersOnDemand } from '~/lib/content/on-demand';
import { loadOnDemand, onDemandPage } from '~/lib/content/on-demand-pages';
import { fakeFetch, json, TEST_BASES } from '../api/fakes';

describe('onDemandPage: what an address the build did not write shows', () => {
  it.each([
    ['/News', { view: 'post-list', family: 'News' }],
    ['/Gallery', { view: 'paged-list', list: 'gallery' }],
    ['/Event', { view: 'paged-list', list: 'event' }],
    ['/Event/Program', { view: 'paged-list', list: 'program' }],
    ['/Career', { view: 'paged-list', list: 'career' }],
    ['/Event/Careers', { view: 'paged-list', list: 'job-board' }],
    ['/News/berita-baru', { view: 'post', request: { kindSlug: 'news', key: { slug: 'berita-baru' }, family: 'News' } }],
    ['/Articles/artikel-baru', { view: 'post', request: { kindSlug: 'articles', key: { slug: 'artikel-baru' } } }],
    ['/Articles/Detail/9', { view: 'post', request: { kindSlug: 'articles', key: { id: 9 }, family: undefined } }],
    ['/Articles/artikel/Detail/9/judul', { view: 'post', request: { kindSlug: 'articles', key: { id: 9 }, family: undefined } }],
    ['/Blog/7', { view: 'post', request: { kindSlug: 'blog', key: { id: 7 }, family: 'Blog' } }],
    ['/Podcasts/5/episode', { view: 'post', request: { kindSlug: 'podcasts', key: { id: 5 }, family: 'Podcasts' } }],
    ['/Tulisan-Temans/12', { view: 'post', request: { kindSlug: 'tulisan-temans', key: { id: 12 }, family: 'Tulisan-Temans' } }],
    ['/Berita/Detail/3', { view: 'post', request: { kindSlug: 'news', key: { id: 3 }, family: 'Berita' } }],
    ['/Event/festival-baru', { view: 'event', slug: 'festival-baru' }],
    ['/Event/Program/12', { view: 'program', id: 12 }],
    ['/Event/Program/12/program-baru', { view: 'program', id: 12 }],
    ['/Event/Careers/4', { view: 'job', id: 4 }],
    ['/Event/Careers/4/mentor-data', { view: 'job', id: 4 }],
    ['/Career/karier-baru', { view: 'career', slug: 'karier-baru' }],
    ['/Portfolio/csr/bootcamp-baru', { view: 'portfolio', kind: 'csr', slug: 'bootcamp-baru' }],
  ])('%s → %o', (path, page) => {
    expect(onDemandPage(path)).toEqual(page);
  });

  it.each([
    '/Gallery/foto',
    '/Event/Program/abc',
    '/Event/Program/0',
    '/Event/Program/12/program/lagi',
    '/Event/Careers/x',
    '/Event/a/b',
    '/Event/Bukan_Slug',
    '/Career/a/b',
    '/Portfolio/lainnya/x',
    '/Portfolio/csr',
    '/Portfolio/csr/a/b',
    '/Articles/Detail',
    '/About',
    // Every route has its shape: no extra segments, literal parts as written, slugs and ids where SPEC has them.
    '/News/berita/lain/lagi',
    '/News/12/Bukan_Slug',
    '/Blog/judul-tulisan',
    '/Blog/7/judul/lagi',
    '/Tulisan-Temans/a/b',
    '/Articles/x/detail/5',
    '/Articles/DETAIL/5',
    '/Articles/Detail/5/a/b',
    '/Articles/Bukan_Slug/Detail/5',
    '/Berita/Detail/5/judul/lagi',
    '/Berita/detail/5',
    '/event/festival',
    '/Event/program/12',
  ])('%s is the 404 page', (path) => {
    expect(onDemandPage(path)).toBeUndefined();
  });
});

describe('list pages', () => {
  it('every post list family is a list page, with the paged lists', () => {
    expect(Object.values(LIST_FAMILIES).map((family) => family.base)).toEqual([...POST_LIST_PAGES]);
    expect(['/News', '/Gallery', '/Event', '/Event/Program', '/Career', '/Event/Careers'].every(isListPage)).toBe(true);
  });

  it('other pages keep their built file whatever the query', () => {
    expect(['/About', '/', '/Portfolio', '/News/x', '/Gallery/', '/gallery'].some(isListPage)).toBe(false);
  });

  it('only content is rendered on demand', () => {
    expect(['/News/x', '/Blog', '/Articles/a', '/Event/x', '/Career/x', '/Portfolio/csr/x', '/Gallery'].every(rendersOnDemand)).toBe(true);
    expect(['/About', '/', '/Pricing/x', '/konten/News', '/Program/x'].some(rendersOnDemand)).toBe(false);
  });
});

describe('loadOnDemand', () => {
  const ITEM = {
    id: 2,
    title: 'Bootcamp Baru',
    slug: 'bootcamp-baru',
    kind: 'csr',
    value: '100%',
    figure: 'penempatan kerja',
    photo: '',
    photos: [],
    video: { link: '', thumbnail: '' },
    description: '<p>Isi</p>',
    date: null,
    batchs: [],
    clientName: 'Mitra',
    projectLink: '',
    images: [],
    summary: 'Ringkas',
    cover: '',
  };
  const clientAnswering = (status: number, body: unknown) =>
    createApiClient({ bases: TEST_BASES, fetch: fakeFetch(() => json(status, body)).fetch });

  it('gives the item found under its own kind', async () => {
    const client = clientAnswering(200, { statusCode: 200, message: 'OK', data: ITEM });
    expect(await loadOnDemand(client, { view: 'portfolio', kind: 'csr', slug: 'bootcamp-baru' })).toMatchObject({ item: { id: 2 } });
    // The same item asked for under another kind is not there, as in the build.
    expect(await loadOnDemand(client, { view: 'portfolio', kind: 'corporate', slug: 'bootcamp-baru' })).toBeUndefined();
  });

  it('is the 404 page when the API has no such item', async () => {
    const client = clientAnswering(404, { statusCode: 404, message: 'Karier tidak ditemukan' });
    expect(await loadOnDemand(client, { view: 'career', slug: 'tidak-ada' })).toBeUndefined();
  });

  it('lets an outage through to the error page', async () => {
    const client = clientAnswering(503, { statusCode: 503, message: 'Basis data tidak tersedia' });
    await expect(loadOnDemand(client, { view: 'job', id: 4 })).rejects.toBeInstanceOf(ApiRequestError);
  });
});
