import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioItem } from '~/contract/portfolio';
import type { PostSummary } from '~/contract/posts';
import { type ApiClient, createAppointment, getPortfolio, listGallery, listPortfolio, listPosts } from '~/lib/api';
import { appointments } from '~/server/db/schema';
import { appClientOf, clientOf, otherTenantOf, tenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { generateAppToken } from './support/tokens';

const failsWith = (call: Promise<unknown>, statusCode: number, field?: string) =>
  expect(call).rejects.toMatchObject(
    field ? { statusCode, fields: expect.arrayContaining([expect.objectContaining({ field })]) } : { statusCode },
  );

/** The fields SPEC §3 gives a portfolio item (plus its id). */
const PORTFOLIO_FIELDS = [
  'batchs',
  'clientName',
  'cover',
  'date',
  'description',
  'figure',
  'id',
  'images',
  'kind',
  'photo',
  'photos',
  'projectLink',
  'slug',
  'summary',
  'title',
  'value',
  'video',
];

const APPOINTMENT = {
  name: 'Rina Wulandari',
  email: 'rina@contoh.id',
  phone: '081234567890',
  organization: 'SMK Negeri 1 Contoh',
  topic: 'Pelatihan guru pemrograman web',
  preferredDate: '2027-01-15',
  message: 'Kami ingin menjadwalkan diskusi.',
};

describe.each(await dbKinds())('gallery, portfolio and appointments through the API client on %s', (kind) => {
  const platform = platformFor(kind);
  let site: ApiClient;

  beforeAll(async () => {
    site = await appClientOf(platform);
  }, 60_000);

  describe('GET v1/post/gallery/list', () => {
    it('pages the 14 photos 6 at a time by default, without gaps or repeats', async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => listGallery(site, { page })));
      expect(pages.map((page) => [page.page, page.perPage, page.items.length, page.totalItems, page.totalPages])).toEqual([
        [1, 6, 6, 14, 3],
        [2, 6, 6, 14, 3],
        [3, 6, 2, 14, 3],
      ]);
      const all = pages.flatMap((page) => page.items);
      expect(new Set(all.map((item) => item.id)).size).toBe(14);
      expect(all.every((item) => item.image.length > 0 && item.title.length > 0)).toBe(true);
      expect((await listGallery(site)).items).toEqual(pages[0]?.items);
      expect((await listGallery(site, { pageSize: 100 })).items).toEqual(all);
    });

    it('answers an empty page past the end, 400 for a bad page and 401 without an app token', async () => {
      expect(await listGallery(site, { page: 4 })).toEqual({ items: [], page: 4, perPage: 6, totalItems: 14, totalPages: 3 });
      await failsWith(listGallery(site, { pageSize: 101 }), 400, 'pageSize');
      await failsWith(listGallery(site, { page: -1 }), 400, 'page');
      await failsWith(listGallery(clientOf(platform)), 401);
    });
  });

  describe('portfolio', () => {
    it('GET v1/portfolio/list lists every kind 10 a page, or one kind', async () => {
      const all = await listPortfolio(site);
      expect(all).toMatchObject({ page: 1, perPage: 10, totalItems: 6, totalPages: 1 });
      for (const portfolioKind of ['corporate', 'government', 'csr'] as const) {
        const page = await listPortfolio(site, { kind: portfolioKind });
        expect(page.totalItems).toBe(2);
        expect(page.items.every((item) => item.kind === portfolioKind)).toBe(true);
      }
      expect(await listPortfolio(site, { pageSize: 4, page: 2 })).toMatchObject({
        totalPages: 2,
        items: [expect.anything(), expect.anything()],
      });
      expect((await listPortfolio(site, { page: 3, pageSize: 4 })).items).toEqual([]);
      await failsWith(listPortfolio(site, { kind: 'startup' as 'csr' }), 400, 'kind');
    });

    it('GET v1/portfolio/detail gives every field of SPEC §3, as the list does', async () => {
      for (const item of (await listPortfolio(site)).items) {
        const detail = await getPortfolio(site, item.slug);
        expect(detail).toEqual(item);
        expect(Object.keys(detail).sort()).toEqual(PORTFOLIO_FIELDS);
        expect(detail.clientName.length).toBeGreaterThan(0);
        expect(detail.description).toMatch(/<p>/);
        expect(detail.description).not.toMatch(/<script|\son\w+=|javascript:/i);
        expect(detail.video).toEqual({ link: expect.any(String), thumbnail: expect.any(String) });
        for (const photo of [...detail.photos, ...detail.images])
          expect(photo).toEqual({ link: expect.any(String), name: expect.any(String) });
        for (const batch of detail.batchs) expect(batch).toEqual({ label: expect.any(String), date: expect.any(String) });
      }
    });

    it('seeds the CSR bootcamp claiming 100% placement and 9 hires', async () => {
      const csr = (await listPortfolio(site, { kind: 'csr' })).items;
      const bootcamp = csr.find((item) => item.value === '100%') as PortfolioItem;
      expect(bootcamp).toBeDefined();
      expect(bootcamp.title).toMatch(/bootcamp/i);
      expect(bootcamp.figure).toContain('9');
      expect(await getPortfolio(site, bootcamp.slug)).toMatchObject({ value: '100%', figure: bootcamp.figure, kind: 'csr' });
    });

    it('answers 404 for an unknown slug, 400 for a bad one', async () => {
      await failsWith(getPortfolio(site, 'tidak-ada-portofolio'), 404);
      await failsWith(getPortfolio(site, 'Bukan Slug'), 400, 'slug');
    });
  });

  // Five requests at most: the appointment call allows 5 per 10 minutes from one address.
  describe('POST v1/post/appointment/create', () => {
    it('stores a request about a post of the tenant and answers 201', async () => {
      const post = (await listPosts(site, { kindSlug: 'program' })).items[0] as PostSummary;
      const stored = await createAppointment(site, { ...APPOINTMENT, postId: post.id });
      expect(stored).toEqual({ id: expect.any(Number), createdAt: expect.any(String) });
      const [row] = await platform.deps.db.select().from(appointments).where(eq(appointments.id, stored.id));
      expect(row).toMatchObject({ lmsId: (await tenantOf(platform)).lmsId, postId: post.id, data: APPOINTMENT });

      const response = await site.send('main', 'v1/post/appointment/create', { method: 'POST', body: APPOINTMENT });
      expect(response.status).toBe(201);
      expect(await platform.deps.db.$count(appointments)).toBe(2);
    });

    it('refuses a bad phone number (400 naming phone) and a post that is not the tenant’s (400 naming postId)', async () => {
      await failsWith(createAppointment(site, { ...APPOINTMENT, phone: '12345' }), 400, 'phone');
      await failsWith(createAppointment(site, { ...APPOINTMENT, postId: 2_000_000_000 }), 400, 'postId');
      const other = await otherTenantOf(platform);
      const otherSite = clientOf(platform);
      otherSite.setCredentials({ appToken: (await generateAppToken(platform, { appCode: other.appCode })).wire, lmsId: other.lmsId });
      const theirPost = (await listPosts(otherSite, { kindSlug: 'news' })).items[0] as PostSummary;
      await failsWith(createAppointment(site, { ...APPOINTMENT, postId: theirPost.id }), 400, 'postId');
      expect(await platform.deps.db.$count(appointments)).toBe(2);
    });
  });
});
