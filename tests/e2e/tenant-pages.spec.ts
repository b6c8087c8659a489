import { type APIRequestContext, expect, test } from '@playwright/test';
import { resolveVariant } from '~/lib/tenant/layouts';
import { keepScreenshot, rgb, tenantOf } from './support';

/** Runs for every shipped tenant that is live: its home and About pages in its own variant and theme. */

test('home page shows the tenant in its own variant, logo and colours', async ({ page }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const { title, css } = tenant.setting;

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.locator('body')).toHaveClass(new RegExp(`variant-${resolveVariant(tenant.setting.layout)}`));
  await expect(page.locator('header').getByRole('img', { name: title })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The call to action is the brand's fill (or, on a brand-coloured ground, the ground's text colour).
  const cta = page.locator('main .btn--primary').first();
  const background = await cta.evaluate((el) => getComputedStyle(el).backgroundColor);
  const themeVar = (name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
  expect([rgb(await themeVar('--clr-primary-fill')), rgb(await themeVar('--clr-primary-contrast'))]).toContain(background);
  expect((await themeVar('--clr-primary')).toLowerCase()).toBe(css.clr_primary.toLowerCase());

  await keepScreenshot(page, `${tenant.code}-home`);
});

test('About page has a "Page - Site" title and complete social metadata', async ({ page }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const { title, meta } = tenant.setting;

  await page.goto('/About');
  const pageTitle = await page.title();
  expect(pageTitle).toMatch(new RegExp(`^.+ - ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  const metaContent = (selector: string) => page.locator(selector).getAttribute('content');
  expect(await metaContent('meta[property="og:title"]')).toBe(pageTitle);
  expect(await metaContent('meta[property="og:type"]')).toBe('website');
  expect(await metaContent('meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(await metaContent('meta[name="robots"]')).toBe('index, follow');
  expect((await metaContent('meta[name="description"]'))?.length).toBeGreaterThan(20);
  expect(await metaContent('meta[property="og:image"]')).toMatch(/^https:\/\//);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${meta.url}/About`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/** The list page of each catalogue section, as SPEC §2 routes it. */
const SECTION_PAGES = ['/Class', '/Program', '/Courses', '/Mentor', '/BelajarBersama', '/Liga-Smk', '/Leaderboards'];

/** The paths of the tenant's sitemap: the sections it runs are in it, those it does not are not. */
async function sitemapPaths(request: APIRequestContext): Promise<Set<string>> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = '']) => new URL(loc).pathname));
}

test('the header opens with the catalogue, on one row at 1280 px and in the phone menu', async ({ page, request }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const runs = await sitemapPaths(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Navigasi utama', exact: true });
  await expect(bar).toBeVisible();
  const links = bar.locator('.menu__links a');
  if (runs.has('/Class')) await expect(links.first(), `${tenant.code}: first header link`).toHaveAttribute('href', '/Class');
  // One row: every link at the same height, none wrapped onto a second line, nothing past the header's edge.
  const boxes = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => {
      const box = anchor.getBoundingClientRect();
      return { top: Math.round(box.top), height: box.height, line: Number.parseFloat(getComputedStyle(anchor).lineHeight) || 26 };
    }),
  );
  expect(new Set(boxes.map((box) => box.top)).size, `${tenant.code}: header links on one row`).toBe(1);
  for (const box of boxes) expect(box.height, `${tenant.code}: a header link wraps`).toBeLessThan(box.line * 2);
  expect(await page.locator('header').evaluate((header) => header.scrollWidth <= header.clientWidth)).toBe(true);
  const barLinks = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));

  // Below 1280 px the same links fold into the menu, the logo and its button on one row.
  await page.setViewportSize({ width: 1024, height: 800 });
  const drawer = page.getByRole('navigation', { name: 'Navigasi utama (menu)' });
  await page.locator('header summary', { hasText: 'Buka menu' }).click();
  await expect(drawer).toBeVisible();
  const menu = await drawer.locator('.menu__links a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(menu).toEqual(barLinks);
});

test('a section the tenant does not run answers an honest page in its own name, linked from nowhere', async ({
  page,
  request,
}, testInfo) => {
  const tenant = tenantOf(testInfo);
  const { title } = tenant.setting;
  const runs = await sitemapPaths(request);
  await page.goto('/');
  const navigation = new Set(
    await page.locator('header a, footer a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? '')),
  );
  for (const path of SECTION_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const robots = await page.locator('meta[name="robots"]').getAttribute('content');
    if (runs.has(path)) {
      expect(robots, `${tenant.code} ${path}`).toBe('index, follow');
      await expect(page.getByRole('heading', { level: 1 }), path).not.toHaveText(new RegExp(`^${title} belum`));
      continue;
    }
    // Not run here: the brand says so, links what it runs instead, and its navigation never leads here.
    expect(robots, `${tenant.code} ${path}`).toMatch(/^noindex/);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(
      new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} belum `),
    );
    expect(navigation.has(path), `${tenant.code}: ${path} linked from the header or footer`).toBe(false);
    const instead = await page
      .locator('main .not-run__links a')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    for (const href of instead) expect(runs.has(href) || href === '/Berita', `${tenant.code} ${path}: links ${href}`).toBe(true);
  }
});
