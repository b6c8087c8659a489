import { beforeAll, describe, expect, it } from 'vitest';
import type { Career } from '~/contract/careers';
import { type ApiClient, getCareer, getCareerJob, listCareerJobs, listCareers } from '~/lib/api';
import { loadTenantItems } from '~/lib/tenant/load-items';
import { appClientOf, clientOf, otherTenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { generateAppToken } from './support/tokens';

/** The seeded careers of every tenant, newest first, with their number of jobs. */
const SEEDED = [
  { slug: 'rekrutmen-mitra-sinar-logistik-nusantara', jobs: 2 },
  { slug: 'bergabung-bersama-kami', jobs: 3 },
];

const failsWith = (call: Promise<unknown>, statusCode: number, field?: string) =>
  expect(call).rejects.toMatchObject(
    field ? { statusCode, fields: expect.arrayContaining([expect.objectContaining({ field })]) } : { statusCode },
  );

describe.each(await dbKinds())('careers through the API client on %s', (kind) => {
  const platform = platformFor(kind);
  let site: ApiClient;
  /** Another tenant's site. */
  let otherSite: ApiClient;
  /** How many careers the other tenant's own seed has. */
  let otherCareers: number;
  let careers: Career[];

  beforeAll(async () => {
    site = await appClientOf(platform);
    const other = await otherTenantOf(platform);
    otherCareers = loadTenantItems('tenants', other.code).careers.length;
    otherSite = clientOf(platform);
    otherSite.setCredentials({ appToken: (await generateAppToken(platform, { appCode: other.appCode })).wire, lmsId: other.lmsId });
    careers = (await listCareers(site)).items;
  }, 60_000);

  describe('GET career/list', () => {
    it('lists the careers 10 a page by default, newest first, each with its number of jobs', async () => {
      const page = await listCareers(site);
      expect(page).toMatchObject({ page: 1, perPage: 10, totalItems: 2, totalPages: 1 });
      expect(page.items.map((career) => ({ slug: career.slug, jobs: career.totalJobs }))).toEqual(SEEDED);
      for (const career of page.items) {
        expect(career.title.length).toBeGreaterThan(0);
        expect(career.description).not.toMatch(/<script|\son\w+=/i);
      }
    });

    it('pages with pageSize, and answers an empty page past the end', async () => {
      const first = await listCareers(site, { pageSize: 1 });
      const second = await listCareers(site, { pageSize: 1, page: 2 });
      expect([first.totalPages, second.totalPages, first.items.length, second.items.length]).toEqual([2, 2, 1, 1]);
      expect([first.items[0]?.id, second.items[0]?.id]).toEqual(careers.map((career) => career.id));
      expect(await listCareers(site, { page: 3, pageSize: 1 })).toEqual({ items: [], page: 3, perPage: 1, totalItems: 2, totalPages: 2 });
      expect((await listCareers(site, { page: 2 })).items).toEqual([]);
    });

    it('refuses a bad page (400) and a caller without an app token (401)', async () => {
      await failsWith(listCareers(site, { page: 0 }), 400, 'page');
      await failsWith(listCareers(site, { pageSize: 500 }), 400, 'pageSize');
      await failsWith(listCareers(clientOf(platform)), 401);
    });
  });

  describe('GET career/detail', () => {
    it('finds a career by slug, as the list shows it', async () => {
      for (const career of careers) expect(await getCareer(site, career.slug)).toEqual(career);
    });

    it('answers 404 for an unknown slug and 400 for one that is not a slug', async () => {
      await failsWith(getCareer(site, 'tidak-ada-karier-ini'), 404);
      await failsWith(getCareer(site, 'Bukan Slug'), 400, 'slug');
    });
  });

  describe('GET career/job/list', () => {
    it("lists a career's jobs 10 a page by default", async () => {
      for (const career of careers) {
        const page = await listCareerJobs(site, { careerId: career.id });
        expect(page).toMatchObject({ page: 1, perPage: 10, totalItems: career.totalJobs, totalPages: 1 });
        expect(page.items).toHaveLength(career.totalJobs);
        expect(page.items.every((job) => job.careerId === career.id && job.requirements.length > 0)).toBe(true);
      }
    });

    it('pages with pageSize, and answers an empty page past the end', async () => {
      const career = careers.find((item) => item.totalJobs === 3) as Career;
      const all = (await listCareerJobs(site, { careerId: career.id })).items;
      const first = await listCareerJobs(site, { careerId: career.id, pageSize: 2 });
      const second = await listCareerJobs(site, { careerId: career.id, pageSize: 2, page: 2 });
      expect([first.totalPages, first.items.length, second.items.length]).toEqual([2, 2, 1]);
      expect([...first.items, ...second.items]).toEqual(all);
      expect(await listCareerJobs(site, { careerId: career.id, page: 5 })).toMatchObject({ items: [], totalItems: 3, totalPages: 1 });
    });

    it("answers 404 for an unknown career and for another tenant's career, 400 without a careerId", async () => {
      await failsWith(listCareerJobs(site, { careerId: 2_000_000_000 }), 404);
      const theirs = (await listCareers(otherSite)).items;
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs).toHaveLength(otherCareers);
      for (const career of theirs) {
        expect(careers.map((item) => item.id)).not.toContain(career.id);
        await failsWith(listCareerJobs(site, { careerId: career.id }), 404);
      }
      await failsWith(listCareerJobs(site, {} as { careerId: number }), 400, 'careerId');
      await failsWith(listCareerJobs(site, { careerId: 'x' as unknown as number }), 400, 'careerId');
    });
  });

  describe('GET career/job/detail', () => {
    it('finds a job by id with its career', async () => {
      for (const career of careers) {
        for (const job of (await listCareerJobs(site, { careerId: career.id })).items) {
          const { totalJobs: _count, ...withoutCount } = career;
          expect(await getCareerJob(site, job.id)).toEqual({ ...job, career: withoutCount });
        }
      }
    });

    it("answers 404 for an unknown job and for another tenant's job", async () => {
      await failsWith(getCareerJob(site, 2_000_000_000), 404);
      const theirCareer = (await listCareers(otherSite)).items[0] as Career;
      const theirJob = (await listCareerJobs(otherSite, { careerId: theirCareer.id })).items[0];
      expect(theirJob).toBeDefined();
      await failsWith(getCareerJob(site, theirJob?.id as number), 404);
      await failsWith(getCareer(otherSite, 'tidak-ada'), 404);
    });
  });
});
