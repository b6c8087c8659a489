import { expect, test } from '@playwright/test';
import { createPost } from '~/lib/api';
import { expectOnlyShellScript, keepScreenshot, tenantOf, writerClient } from './support';

/** Content pages as a reader uses them: a list, a post, and back, all static HTML. */

test('news: list → post → back, with the post’s own title, description and share image', async ({ page }) => {
  await page.goto('/News');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Berita');
  const cards = page.locator('.post-card');
  expect(await cards.count()).toBeGreaterThanOrEqual(8);
  const first = cards.first().getByRole('heading', { level: 2 });
  const title = (await first.textContent())?.trim() ?? '';
  await keepScreenshot(page, 'demo-news-list');

  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} - Nusantara Learning`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} - Nusantara Learning`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/covers\/.+\.webp$/);
  const cover = page.locator('.post__cover');
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectOnlyShellScript(page);
  await keepScreenshot(page, 'demo-news-post');

  await page.goBack();
  await expect(page).toHaveURL(/\/News$/);
  await expect(cards.first()).toBeVisible();
});

test('a news post answers at /News/{slug}, /News/{id} and /News/{id}/{title}; an unknown one is 404', async ({ page, request }) => {
  await page.goto('/News');
  const href = (await page.locator('.post-card a').first().getAttribute('href')) ?? '';
  const slug = href.split('/').pop() ?? '';
  await page.goto(href);
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(new RegExp(`/News/${slug}$`));

  const id = await page.locator('article.post').getAttribute('data-post-id');
  for (const path of [`/News/${id}`, `/News/${id}/${slug}`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    // One post, one address for search engines: the others name /News/{slug}.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical ?? '');
  }
  expect((await request.get('/News/tidak-ada-berita-ini')).status()).toBe(404);
});

test('news search, categories and later pages are rendered on demand and not indexed', async ({ page }) => {
  await page.goto('/News');
  await page.getByRole('searchbox').fill('beasiswa');
  await page.getByRole('button', { name: 'Cari' }).click();
  await expect(page).toHaveURL(/\/News\?search=beasiswa$/);
  await expect(page.getByRole('searchbox')).toHaveValue('beasiswa');
  const titles = await page.locator('.post-card h2').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.length).toBeLessThan(8);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/News$/);

  const category = page.getByRole('navigation', { name: 'Kategori' }).getByRole('link').nth(1);
  const name = (await category.textContent())?.trim();
  await category.click();
  await expect(page).toHaveURL(/category=/);
  for (const meta of await page.locator('.post-card__meta').allTextContents()) expect(meta).toContain(name);

  const nothing = await page.goto('/News?search=zzzqqqxxx');
  expect(nothing?.headers()['x-robots-tag']).toBe('noindex, follow');
  await expect(page.getByText('Belum ada tulisan untuk "zzzqqqxxx".')).toBeVisible();
});

test('a news post published after the build has its page at once', async ({ page, baseURL }, testInfo) => {
  const client = await writerClient(`${baseURL}`, tenantOf(testInfo));
  const slug = `berita-baru-${Date.now()}`;
  const created = await createPost(client, {
    kindSlug: 'news',
    slug,
    title: 'Berita Baru Setelah Build',
    summary: 'Terbit setelah situs dibangun.',
    content: '<p>Isi berita baru.</p><script>alert(1)</script>',
  });

  const response = await page.goto(`/News/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Berita Baru Setelah Build');
  await expect(page.locator('.prose')).toHaveText('Isi berita baru.');
  expect((await page.goto(`/News/${created.id}`))?.status()).toBe(200);
});
