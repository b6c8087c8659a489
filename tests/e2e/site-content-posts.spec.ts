import { expect, type Page, test } from '@playwright/test';
import { loadTenantItems } from '~/lib/tenant/load-items';
import { canonicalPath, expectOnlyShellScript, h1, keepScreenshot, tenantOf } from './support';

/**
 * The other post kinds as a reader uses them: Berita, Blog, Podcasts and Tulisan-Temans (list →
 * post → back), and articles, which have no list page (SPEC §2), reached by their address and left
 * through the other articles under them. All static HTML, no script files.
 */

const SITE = 'Nusantara Learning';

/** The detail page a reader lands on: its own title, the post's share image, no script files. */
async function expectPostPage(page: Page, title: string) {
  await expect(h1(page)).toHaveText(title);
  await expect(page).toHaveTitle(`${title} - ${SITE}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/covers\/.+\.webp$/);
  await expectOnlyShellScript(page);
}

const LISTS = [
  { path: '/Berita', heading: 'Berita', cards: 8, href: /^\/Berita\/[a-z0-9-]+$/, back: 'Semua berita', shot: 'berita' },
  // 6 a page (SPEC §9) of the 8 seeded posts.
  { path: '/Blog', heading: 'Blog', cards: 6, href: /^\/Blog\/\d+\/[a-z0-9-]+$/, back: 'Semua tulisan blog', shot: 'blog' },
  { path: '/Podcasts', heading: 'Podcast', cards: 3, href: /^\/Podcasts\/[a-z0-9-]+$/, back: 'Semua episode', shot: 'podcasts' },
  {
    path: '/Tulisan-Temans',
    heading: 'Tulisan Teman',
    cards: 4,
    href: /^\/Tulisan-Temans\/[a-z0-9-]+$/,
    back: 'Semua tulisan teman',
    shot: 'tulisan-temans',
  },
] as const;

for (const list of LISTS) {
  test(`${list.path}: list → post → back to the list`, async ({ page }) => {
    await page.goto(list.path);
    await expect(h1(page)).toHaveText(list.heading);
    const cards = page.locator('.post-card');
    await expect(cards).toHaveCount(list.cards);
    await expectOnlyShellScript(page);
    const link = cards.first().getByRole('heading', { level: 2 }).getByRole('link');
    expect(await link.getAttribute('href')).toMatch(list.href);
    const title = (await link.textContent())?.trim() ?? '';
    await keepScreenshot(page, `demo-${list.shot}-list`);

    await link.click();
    await expectPostPage(page, title);
    await keepScreenshot(page, `demo-${list.shot}-post`);

    await page.getByRole('link', { name: list.back }).click();
    await expect(page).toHaveURL(new RegExp(`${list.path}$`));
    await expect(h1(page)).toHaveText(list.heading);
  });
}

/** The first card's post on a list page: its address, title and summary, and the id its page carries. */
async function firstPost(page: Page, listPath: string) {
  await page.goto(listPath);
  const card = page.locator('.post-card').first();
  const href = (await card.locator('h2 a').getAttribute('href')) ?? '';
  const summary = (await card.locator('.post-card__summary').textContent())?.trim() ?? '';
  await page.goto(href);
  const title = (await h1(page).textContent()) ?? '';
  const id = (await page.locator('article.post').getAttribute('data-post-id')) ?? '';
  return { href, slug: href.split('/').pop() ?? '', title, summary, id };
}

/** Each address answers 200 with the same post, and names the post's main address as the canonical one. */
async function expectSamePost(page: Page, paths: string[], title: string, main: string) {
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(h1(page)).toHaveText(title);
    expect(await canonicalPath(page), path).toBe(main);
  }
}

test('Berita: a post also answers at /Berita/Detail/{id} and /Berita/Detail/{id}/{title}; unknown ones are 404', async ({
  page,
  request,
}) => {
  const post = await firstPost(page, '/Berita');
  // /Berita is a second address of the news: every Berita page names the /News one, as the sitemap lists it.
  expect(await canonicalPath(page)).toBe(`/News/${post.slug}`);
  await expectSamePost(page, [`/Berita/Detail/${post.id}`, `/Berita/Detail/${post.id}/${post.slug}`], post.title, `/News/${post.slug}`);
  await page.goto('/Berita');
  expect(await canonicalPath(page)).toBe('/News');
  for (const path of ['/Berita/tidak-ada-berita-ini', '/Berita/Detail', '/Berita/Detail/999999']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('Blog: /Blog/{id} and /Blog/{id}/{title} show the post; its description is the summary cut to 20 words + "..."', async ({
  page,
  request,
}) => {
  const post = await firstPost(page, '/Blog');
  const description = `${post.summary.split(/\s+/).slice(0, 20).join(' ')}...`;
  await expectSamePost(page, [`/Blog/${post.id}`, post.href], post.title, post.href);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
  for (const path of ['/Blog/999999', '/Blog/tidak-ada']) expect((await request.get(path)).status(), path).toBe(404);
});

test('Podcasts: an episode shows its number and duration at /Podcasts/{slug}, /Podcasts/{id} and /Podcasts/{id}/{title}', async ({
  page,
  request,
}) => {
  await page.goto('/Podcasts');
  for (const meta of await page.locator('.post-card__meta').allTextContents()) expect(meta).toMatch(/Episode \d+.*\d+:\d\d/);
  const post = await firstPost(page, '/Podcasts');
  await expect(page.locator('.post__meta')).toContainText(/Episode \d+/);
  await expect(page.locator('.post__meta')).toContainText(/Durasi \d+:\d\d/);
  await expectSamePost(page, [`/Podcasts/${post.id}`, `/Podcasts/${post.id}/${post.slug}`], post.title, post.href);
  expect((await request.get('/Podcasts/tidak-ada-episode-ini')).status()).toBe(404);
});

test('Tulisan-Temans: an unknown post is 404', async ({ request }) => {
  expect((await request.get('/Tulisan-Temans/tidak-ada-tulisan-ini')).status()).toBe(404);
});

test('Articles: by slug and at every Detail address; the other articles lead on, and back returns', async ({ page, request }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const articles = loadTenantItems('tenants', tenant.code).posts.filter((post) => post.kind === 'articles');
  const first = articles[0];
  if (!first) throw new Error('the demo tenant has no articles');

  const response = await page.goto(`/Articles/${first.slug}`);
  expect(response?.status()).toBe(200);
  await expectPostPage(page, first.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/Articles/${first.slug}$`));
  const id = await page.locator('article.post').getAttribute('data-post-id');
  await keepScreenshot(page, 'demo-article-post');

  const others = page.getByRole('region', { name: 'Artikel lainnya' }).locator('.post-card');
  await expect(others).toHaveCount(Math.min(3, articles.length - 1));
  const next = others.first().locator('h2 a');
  const nextTitle = (await next.textContent())?.trim() ?? '';
  expect(nextTitle).not.toBe(first.title);
  await next.click();
  await expectPostPage(page, nextTitle);
  await page.goBack();
  await expect(h1(page)).toHaveText(first.title);

  await expectSamePost(
    page,
    [
      `/Articles/${first.slug}/Detail/${id}`,
      `/Articles/${first.slug}/Detail/${id}/${first.slug}`,
      `/Articles/Detail/${id}`,
      `/Articles/Detail/${id}/${first.slug}`,
    ],
    first.title,
    `/Articles/${first.slug}`,
  );
  for (const path of ['/Articles/tidak-ada-artikel-ini', '/Articles/Detail', `/Articles/${first.slug}/Detail`]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
