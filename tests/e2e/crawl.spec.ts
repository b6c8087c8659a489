import { expect, test } from '@playwright/test';
import { LIST_FAMILIES, type ListFamily } from '~/lib/content/families';
import { crawl, sitemapLocs } from './crawl-support';
import { tenantOf } from './support';

/**
 * Runs for every live tenant: every page of its sitemap is at most two clicks from its home page, so
 * a visitor (and a search engine) finds what the tenant offers. The walk fetches pages and reads their
 * links from the HTML, a few dozen requests a tenant, nothing rendered. The footer's Peta Situs page
 * lists the sitemap's pages, so the walk also checks, without it, that every page of the brand's own
 * (a one-segment address: its sections and pages) is one click from home in the header or footer.
 */

const CLICKS = 2;

test('every page of the sitemap is at most two clicks from the home page', async ({ request, baseURL }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const pages = sitemapLocs(await sitemap.text());
  expect(pages.length, `${tenant.code}: sitemap`).toBeGreaterThan(0);
  // The sitemap names the canonical site (https://…); links may too.
  const canonical = new URL(pages[0] as string).origin;

  const reached = await crawl({
    origin: baseURL as string,
    aliases: [canonical],
    clicks: CLICKS,
    concurrency: 6,
    fetchHtml: async (url) => {
      const response = await request.get(url);
      const type = response.headers()['content-type'] ?? '';
      return response.ok() && type.includes('text/html') ? response.text() : undefined;
    },
  });

  const far = pages.filter((loc) => {
    const url = new URL(loc);
    return !reached.has(`${url.pathname}${url.search}`);
  });
  expect(far, `${tenant.code}: ${far.length} of ${pages.length} sitemap pages more than ${CLICKS} clicks from /`).toEqual([]);

  const direct = await crawl({
    origin: baseURL as string,
    aliases: [canonical],
    clicks: 1,
    concurrency: 6,
    fetchHtml: async (url) => {
      if (new URL(url, baseURL).pathname === '/Peta-Situs') return undefined;
      const response = await request.get(url);
      const type = response.headers()['content-type'] ?? '';
      return response.ok() && type.includes('text/html') ? response.text() : undefined;
    },
  });
  // A list a brand links under its second address (/Berita, canonical /News) counts as its canonical one.
  const seconds = Object.values(LIST_FAMILIES as Record<string, ListFamily>).flatMap((family) =>
    family.canonical ? [[family.base, family.canonical] as const] : [],
  );
  for (const [second, canonicalPath] of seconds) if (direct.has(second)) direct.set(canonicalPath, direct.get(second) ?? 1);
  const ownPages = pages.map((loc) => new URL(loc).pathname).filter((path) => /^\/[^/]+$/.test(path));
  expect(
    ownPages.filter((path) => !direct.has(path)),
    `${tenant.code}: pages of the brand not one click from home`,
  ).toEqual([]);
});

test('the class browser on a phone: the first results on the first screen (screenshot per tenant)', async ({ page }, testInfo) => {
  const tenant = tenantOf(testInfo);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/Class');
  const first = page.locator('.class-card').first();
  await expect(first).toBeVisible();
  // The first card starts within the first screen: the filters are folded behind one control.
  const box = await first.boundingBox();
  expect(box?.y ?? Number.POSITIVE_INFINITY, `${tenant.code}: first class card`).toBeLessThan(844);
  await page.screenshot({ path: `test-output/screenshots/class-390-${tenant.code}.png`, fullPage: false });
});
