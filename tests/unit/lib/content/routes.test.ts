import { describe, expect, it } from 'vitest';
import type { Career } from '~/contract/careers';
import type { PortfolioItem } from '~/contract/portfolio';
import type { Post } from '~/contract/posts';
import type { CareerJobDetail } from '~/lib/api/careers';
import { LIST_FAMILIES } from '~/lib/content/families';
import { isListPage, POST_LIST_PAGES } from '~/lib/content/on-demand';
import { contentRoute, type ItemIndex, itemLookup, loadRoute, mainAddress, mainAddresses, rendersOnDemand } from '~/lib/content/routes';
import { fakeSource } from './fake-source';

describe('contentRoute: what an item address shows', () => {
  it.each([
    ['/News/berita-baru', { view: 'post', request: { kindSlug: 'news', key: { slug: 'berita-baru' }, family: 'News' } }],
    ['/News/12', { view: 'post', request: { kindSlug: 'news', key: { id: 12 }, family: 'News' } }],
    ['/News/12/judul-apa-saja', { view: 'post', request: { kindSlug: 'news', key: { id: 12 }, family: 'News' } }],
    ['/Articles/artikel-baru', { view: 'post', request: { kindSlug: 'articles', key: { slug: 'artikel-baru' } } }],
    ['/Articles/Detail/9', { view: 'post', request: { kindSlug: 'articles', key: { id: 9 }, family: undefined } }],
    ['/Articles/artikel/Detail/9/judul', { view: 'post', request: { kindSlug: 'articles', key: { id: 9 }, family: undefined } }],
    ['/Blog/7', { view: 'post', request: { kindSlug: 'blog', key: { id: 7 }, family: 'Blog' } }],
    ['/Podcasts/5/episode', { view: 'post', request: { kindSlug: 'podcasts', key: { id: 5 }, family: 'Podcasts' } }],
    ['/Tulisan-Temans/12', { view: 'post', request: { kindSlug: 'tulisan-temans', key: { id: 12 }, family: 'Tulisan-Temans' } }],
    ['/Berita/kabar', { view: 'post', request: { kindSlug: 'news', key: { slug: 'kabar' }, family: 'Berita' } }],
    ['/Berita/Detail/3', { view: 'post', request: { kindSlug: 'news', key: { id: 3 }, family: 'Berita' } }],
    ['/Event/festival-baru', { view: 'event', slug: 'festival-baru' }],
    ['/Event/Program/12', { view: 'program', id: 12 }],
    ['/Event/Program/12/program-baru', { view: 'program', id: 12 }],
    ['/Event/Careers/4', { view: 'job', id: 4 }],
    ['/Event/Careers/4/mentor-data', { view: 'job', id: 4 }],
    ['/Career/karier-baru', { view: 'career', slug: 'karier-baru' }],
    ['/Portfolio/csr', { view: 'portfolio-kind', kind: 'csr' }],
    ['/Portfolio/csr/bootcamp-baru', { view: 'portfolio', kind: 'csr', slug: 'bootcamp-baru' }],
  ])('%s → %o', (path, route) => {
    expect(contentRoute(path)).toEqual(route);
  });

  it.each([
    // List pages are no item addresses: their page 1 is built, later pages render from the list's own route.
    '/News',
    '/Event',
    '/Event/Program',
    '/Career',
    '/Gallery',
    '/Gallery/foto',
    '/Event/Program/abc',
    '/Event/Program/0',
    '/Event/Program/12/program/lagi',
    '/Event/Careers/x',
    '/Event/a/b',
    '/Event/Bukan_Slug',
    '/Career/a/b',
    '/Portfolio/lainnya/x',
    '/Portfolio/lainnya',
    '/Portfolio/csr/a/b',
    '/Articles/Detail',
    '/About',
    '/konten/News/x',
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
  ])('%s is no item address', (path) => {
    expect(contentRoute(path)).toBeUndefined();
  });
});

describe('list pages and what is rendered on demand', () => {
  it('every post list family is a list page, with the paged lists', () => {
    expect(Object.values(LIST_FAMILIES).map((family) => family.base)).toEqual([...POST_LIST_PAGES]);
    expect(['/News', '/Gallery', '/Event', '/Event/Program', '/Career', '/Event/Careers'].every(isListPage)).toBe(true);
  });

  it('other pages keep their built file whatever the query', () => {
    expect(['/About', '/', '/Portfolio', '/News/x', '/Gallery/', '/gallery'].some(isListPage)).toBe(false);
  });

  it('only list pages and item addresses are rendered on demand', () => {
    const onDemand = [
      '/News/x',
      '/News/12',
      '/Blog',
      '/Articles/a',
      '/Event/x',
      '/Career/x',
      '/Portfolio/csr',
      '/Portfolio/csr/x',
      '/Gallery',
    ];
    expect(onDemand.filter((path) => !rendersOnDemand(path))).toEqual([]);
    expect(['/About', '/', '/Pricing/x', '/konten/News', '/konten/News/x', '/Program/x/y/z', '/Portfolio'].filter(rendersOnDemand)).toEqual(
      [],
    );
  });
});

const POST = { id: 3, kindSlug: 'news', slug: 'kabar', title: 'Kabar' } as Post;
const CAREER = { id: 1, slug: 'bergabung', title: 'Bergabung' } as Career;
const JOB = { id: 4, careerId: 1, slug: 'mentor', title: 'Mentor' } as CareerJobDetail;
const item = (id: number, kind: PortfolioItem['kind'], slug: string) => ({ id, kind, slug, title: slug }) as PortfolioItem;

describe('loadRoute: the item of a route, from the content source', () => {
  it('asks the source for the post a route names, keeping the family it is shown in', async () => {
    const { source, calls } = fakeSource({ getPost: async () => POST });
    const route = contentRoute('/Berita/Detail/3');
    expect(route && (await loadRoute(source, route))).toEqual({ view: 'post', post: POST, family: 'Berita' });
    expect(calls).toEqual([{ method: 'getPost', args: [{ kindSlug: 'news', id: 3 }] }]);
  });

  it('finds events by slug, programs by id (each of its own kind), jobs and careers', async () => {
    const { source, calls } = fakeSource({ getPost: async () => POST, getCareerJob: async () => JOB, getCareer: async () => CAREER });
    expect(await loadRoute(source, { view: 'event', slug: 'festival' })).toEqual({ view: 'event', post: POST });
    expect(await loadRoute(source, { view: 'program', id: 12 })).toEqual({ view: 'program', post: POST });
    expect(await loadRoute(source, { view: 'job', id: 4 })).toEqual({ view: 'job', job: JOB });
    expect(await loadRoute(source, { view: 'career', slug: 'bergabung' })).toEqual({ view: 'career', career: CAREER });
    expect(calls.map(({ method, args }) => [method, ...args])).toEqual([
      ['getPost', { kindSlug: 'event', slug: 'festival' }],
      ['getPost', { kindSlug: 'program', id: 12 }],
      ['getCareerJob', 4],
      ['getCareer', 'bergabung'],
    ]);
  });

  it('gives a portfolio item only under its own kind, as the build does', async () => {
    const { source } = fakeSource({ getPortfolio: async (slug) => item(2, 'csr', slug) });
    expect(await loadRoute(source, { view: 'portfolio', kind: 'csr', slug: 'bootcamp-baru' })).toMatchObject({ item: { id: 2 } });
    expect(await loadRoute(source, { view: 'portfolio', kind: 'corporate', slug: 'bootcamp-baru' })).toBeUndefined();
  });

  it('lists a portfolio kind with its own items only', async () => {
    const { source } = fakeSource({ allPortfolio: async () => [item(1, 'csr', 'a'), item(2, 'corporate', 'b'), item(3, 'csr', 'c')] });
    const loaded = await loadRoute(source, { view: 'portfolio-kind', kind: 'csr' });
    expect(loaded).toMatchObject({ view: 'portfolio-kind', kind: 'csr' });
    expect(loaded?.view === 'portfolio-kind' && loaded.items.map((one) => one.id)).toEqual([1, 3]);
  });

  it('is the 404 page when the source has no such item', async () => {
    const { source } = fakeSource({
      getPost: async () => undefined,
      getCareer: async () => undefined,
      getCareerJob: async () => undefined,
    });
    for (const path of ['/News/tidak-ada', '/Event/Program/99', '/Career/tidak-ada', '/Event/Careers/99']) {
      const route = contentRoute(path);
      expect(route, path).toBeDefined();
      expect(route && (await loadRoute(source, route)), path).toBeUndefined();
    }
  });

  it('lets an outage through to the error page', async () => {
    const { source } = fakeSource({
      getCareerJob: async () => {
        throw new Error('Basis data tidak tersedia');
      },
    });
    await expect(loadRoute(source, { view: 'job', id: 4 })).rejects.toThrow('Basis data tidak tersedia');
  });
});

/** A build's items: two of every post kind, careers, jobs and portfolio items. */
const INDEX: ItemIndex = {
  posts: {
    news: [[12, 'kabar-baru']],
    blog: [[7, 'tips-cv']],
    podcasts: [[5, 'episode-satu']],
    'tulisan-temans': [[21, 'cerita-teman']],
    articles: [[9, 'artikel-data']],
    event: [[30, 'festival']],
    program: [[40, 'bootcamp-web']],
  },
  careers: ['bergabung'],
  jobs: [[4, 'mentor-data']],
  portfolio: [
    ['csr', 'bootcamp-baru'],
    ['corporate', 'pelatihan-bank'],
  ],
};

describe('mainAddresses: what a build renders for its items', () => {
  it('lists every item once at its main address, with every portfolio kind', () => {
    expect(mainAddresses(INDEX)).toEqual([
      '/News/kabar-baru',
      '/Blog/7/tips-cv',
      '/Podcasts/episode-satu',
      '/Tulisan-Temans/cerita-teman',
      '/Articles/artikel-data',
      '/Event/festival',
      '/Event/Program/40/bootcamp-web',
      '/Career/bergabung',
      '/Event/Careers/4/mentor-data',
      '/Portfolio/corporate',
      '/Portfolio/government',
      '/Portfolio/csr',
      '/Portfolio/csr/bootcamp-baru',
      '/Portfolio/corporate/pelatihan-bank',
    ]);
  });

  it('gives every main address back as its own main address, and each is an item address', () => {
    const lookup = itemLookup(INDEX);
    for (const path of mainAddresses(INDEX)) {
      expect(contentRoute(path), path).toBeDefined();
      // A portfolio kind's page is a page of the build, not an item with other addresses.
      if (!/^\/Portfolio\/[a-z]+$/.test(path)) expect(mainAddress(path, lookup), path).toBe(path);
    }
  });

  it('lists nothing but the portfolio kinds for a build without items', () => {
    expect(mainAddresses({ posts: {}, careers: [], jobs: [], portfolio: [] })).toEqual([
      '/Portfolio/corporate',
      '/Portfolio/government',
      '/Portfolio/csr',
    ]);
  });
});

describe('itemLookup', () => {
  const lookup = itemLookup(INDEX);

  it('finds a post by id or slug within its kind only', () => {
    expect(lookup.post('news', { id: 12 })).toBe('/News/kabar-baru');
    expect(lookup.post('news', { slug: 'kabar-baru' })).toBe('/News/kabar-baru');
    expect(lookup.post('blog', { slug: 'tips-cv' })).toBe('/Blog/7/tips-cv');
    expect(lookup.post('blog', { id: 12 })).toBeUndefined();
    expect(lookup.post('podcasts', { slug: 'kabar-baru' })).toBeUndefined();
    expect(lookup.post('news', { id: 99 })).toBeUndefined();
  });

  it('finds careers, jobs and portfolio items, a portfolio item under its own kind only', () => {
    expect(lookup.career('bergabung')).toBe('/Career/bergabung');
    expect(lookup.career('tidak-ada')).toBeUndefined();
    expect(lookup.job(4)).toBe('/Event/Careers/4/mentor-data');
    expect(lookup.job(5)).toBeUndefined();
    expect(lookup.portfolio('csr', 'bootcamp-baru')).toBe('/Portfolio/csr/bootcamp-baru');
    expect(lookup.portfolio('government', 'bootcamp-baru')).toBeUndefined();
  });
});

describe('mainAddress: every other address of an item the build has', () => {
  const lookup = itemLookup(INDEX);

  it.each([
    ['/News/12', '/News/kabar-baru'],
    ['/News/12/judul-apa-saja', '/News/kabar-baru'],
    ['/Berita/kabar-baru', '/News/kabar-baru'],
    ['/Berita/Detail/12', '/News/kabar-baru'],
    ['/Berita/Detail/12/judul-lama', '/News/kabar-baru'],
    ['/Blog/7', '/Blog/7/tips-cv'],
    ['/Blog/7/judul-lama', '/Blog/7/tips-cv'],
    ['/Podcasts/5', '/Podcasts/episode-satu'],
    ['/Podcasts/5/judul-lama', '/Podcasts/episode-satu'],
    ['/Tulisan-Temans/21', '/Tulisan-Temans/cerita-teman'],
    ['/Articles/Detail/9', '/Articles/artikel-data'],
    ['/Articles/Detail/9/judul-lama', '/Articles/artikel-data'],
    ['/Articles/slug-lama/Detail/9', '/Articles/artikel-data'],
    ['/Articles/slug-lama/Detail/9/judul-lama', '/Articles/artikel-data'],
    ['/Event/Program/40', '/Event/Program/40/bootcamp-web'],
    ['/Event/Program/40/judul-lama', '/Event/Program/40/bootcamp-web'],
    ['/Event/Careers/4', '/Event/Careers/4/mentor-data'],
    ['/Event/Careers/4/judul-lama', '/Event/Careers/4/mentor-data'],
  ])('%s → %s', (path, main) => {
    expect(mainAddress(path, lookup)).toBe(main);
  });

  it.each([
    // Items the build does not have: rendered on demand, or the 404 page.
    '/News/99',
    '/News/berita-baru',
    '/Berita/Detail/99',
    '/Blog/99',
    '/Podcasts/99/episode',
    '/Tulisan-Temans/tidak-ada',
    '/Articles/Detail/99',
    '/Articles/tidak-ada',
    '/Event/festival-lain',
    '/Event/Program/99',
    '/Event/Careers/99',
    '/Career/tidak-ada',
    '/Portfolio/csr/tidak-ada',
    // An id or slug of another kind is not this kind's item.
    '/News/7',
    '/Blog/12',
    '/Podcasts/tips-cv',
    '/Event/Program/30',
    '/Event/kabar-baru',
    // A portfolio item under another kind than its own.
    '/Portfolio/corporate/bootcamp-baru',
    '/Portfolio/government/pelatihan-bank',
    // No item addresses at all.
    '/About',
    '/News',
    '/Portfolio/csr',
    '/News/12/Bukan_Slug',
  ])('%s has none', (path) => {
    expect(mainAddress(path, lookup)).toBeUndefined();
  });
});
