import { type Browser, expect, type Page, test } from '@playwright/test';
import { getManagedPost, updatePostById } from '~/lib/api/posts';
import { signInWithForm } from './auth-support';
import { axeViolations, keepScreenshot, roleClient, scrollsSideways, tenantOf } from './support';

/**
 * The staff console (/Admin) as its users meet it, on a brand that runs its own blog (aksara; its
 * other specs only read, so a rollback here disturbs no one): a student is refused; a writer
 * writes, previews and publishes a post that is live within 10 s; two editors of one post, the
 * second refused with their text kept; an admin's unreadable colour pair refused with the pair named;
 * a rollback that brings the previous page back; the audit log with each write. Every console page
 * passes axe at 1280 and 390 px and fits 320 px; the post list, the editor, the settings preview and
 * the build history are kept as screenshots (test-output/screenshots/admin-*.png).
 */

test.describe.configure({ mode: 'serial' });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 800 };
const TITLE = `Kabar Konsol ${Date.now().toString(36)}`;
const EDITED = `${TITLE} (ralat)`;

/** A browser page signed in as the tenant's demo account of `role`, on the console page `path`. */
async function staffPage(browser: Browser, baseURL: string, code: string, role: string, path: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await signInWithForm(page, `${role}@${code}.example`, `demo-${role}-2026`, `/Login?redirect=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  return page;
}

/** axe at 1280 and 390 px, no sideways scroll at 320 px. */
async function readable(page: Page, label: string): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    expect(await axeViolations(page, `${label} ${size.width}px`)).toEqual([]);
  }
  await page.setViewportSize(NARROW);
  expect(await scrollsSideways(page), `${label} scrolls sideways at 320 px`).toBeUndefined();
  await page.setViewportSize(DESKTOP);
}

/** The JavaScript a page loaded, as sent (compressed), in KB: the console's sizes in the test output. */
async function scriptKb(page: Page): Promise<string> {
  const bytes = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The editor's rich-text area. */
const body = (page: Page) => page.locator('.ProseMirror');

let postId = 0;
let postPath = '';

test('a visitor is sent to sign in, and a student is refused with a 403 page in Indonesian', async ({ page, baseURL }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const signedOut = await page.request.get('/Admin', { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toBe('/Login?redirect=%2FAdmin');

  await signInWithForm(page, `student@${tenant.code}.example`, 'demo-student-2026', '/Login?redirect=%2FAdmin');
  await expect(page.getByRole('heading', { level: 1, name: 'Akses ditolak' })).toBeVisible();
  const answer = await page.request.get(`${baseURL}/Admin/Tulisan`);
  expect(answer.status()).toBe(403);
  await expect(page.getByText('Konsol ini hanya untuk staf situs')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu konsol' })).toHaveCount(0);
  await readable(page, '403');
});

test('a writer writes, previews and publishes a post, live on the site within 10 s', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const tenant = tenantOf(testInfo);
  const page = await staffPage(browser, baseURL ?? '', tenant.code, 'writer', '/Admin/Tulisan/Baru?jenis=news');
  // The editor loads its rich-text part once the page is ready.
  await expect(body(page)).toBeVisible();
  await page.getByLabel('Judul', { exact: true }).fill(TITLE);
  await page.getByLabel('Ringkasan', { exact: true }).fill('Ringkasan tulisan dari konsol.');
  await body(page).click();
  await page.keyboard.type('Paragraf pertama dari konsol. ');
  await page.getByRole('button', { name: 'Tebal' }).click();
  await page.keyboard.type('Penting.');
  await page.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(page).toHaveURL(/\/Admin\/Tulisan\/news\/\d+$/);
  postId = Number(page.url().split('/').pop());
  await keepScreenshot(page, 'admin-editor');

  // The preview: the real template, marked as a preview, the draft's words.
  const preview = await page.context().newPage();
  const previewAnswer = await preview.goto(`/Admin/Pratinjau/news/${postId}`);
  expect(previewAnswer?.status()).toBe(200);
  expect(previewAnswer?.headers()['cache-control']).toBe('no-store');
  await expect(preview.getByText('Pratinjau (draf)')).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'Penting.' })).toBeVisible();
  await readable(preview, 'pratinjau');
  await preview.close();

  // Not public while a draft.
  const api = await roleClient(baseURL ?? '', tenant, 'writer');
  const draft = await getManagedPost(api, { kindSlug: 'news', id: postId });
  expect(draft.status).toBe('draft');

  await page.getByRole('button', { name: 'Terbitkan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Terbitkan tulisan?' });
  await dialog.getByRole('button', { name: 'Terbitkan', exact: true }).click();
  const published = Date.now();
  const live = page.getByText('Sudah live:');
  await expect(live).toBeVisible({ timeout: 10_000 });
  const seconds = (Date.now() - published) / 1000;
  expect(seconds, `live after ${seconds.toFixed(1)} s`).toBeLessThan(10);
  postPath = (await live.getByRole('link').getAttribute('href')) ?? '';
  const visitor = await browser.newPage({ baseURL: baseURL ?? '' });
  const shown = await visitor.goto(postPath);
  expect(shown?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await visitor.close();
  console.log(`[admin] ${tenant.code}: tulisan live ${seconds.toFixed(1)} s setelah Terbitkan (${postPath})`);

  await page.goto('/Admin/Tulisan');
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await keepScreenshot(page, 'admin-posts');
  await readable(page, 'daftar tulisan');
  console.log(`[admin] JavaScript /Admin/Tulisan: ${await scriptKb(page)}`);
  await page.goto(`/Admin/Tulisan/news/${postId}`);
  await expect(body(page)).toContainText('Paragraf pertama dari konsol.');
  await page.waitForLoadState('networkidle');
  console.log(`[admin] JavaScript editor: ${await scriptKb(page)}`);
  await readable(page, 'editor');
  // A section of another role, and an address the console does not have: each says so, and reads.
  for (const [path, status, heading] of [
    ['/Admin/Pengguna', 403, 'Akses ditolak'],
    ['/Admin/Rahasia', 404, 'Tidak ditemukan'],
  ] as const) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(status);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await readable(page, path);
  }
  await page.context().close();
});

test('two editors of one post: the second save is refused with a clear message and their text stays', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const tenant = tenantOf(testInfo);
  const path = `/Admin/Tulisan/news/${postId}`;
  const first = await staffPage(browser, baseURL ?? '', tenant.code, 'writer', path);
  const second = await staffPage(browser, baseURL ?? '', tenant.code, 'admin', path);
  await expect(body(first)).toContainText('Paragraf pertama');
  await expect(body(second)).toContainText('Paragraf pertama');

  await first.getByLabel('Judul', { exact: true }).fill(EDITED);
  await first.getByRole('button', { name: 'Simpan perubahan' }).click();
  await expect(first.getByRole('status').filter({ hasText: /tersimpan/i })).toBeVisible();

  await second.getByLabel('Judul', { exact: true }).fill(`${TITLE} versi admin`);
  await body(second).click();
  await second.keyboard.press('End');
  await second.keyboard.type(' Kalimat tambahan admin.');
  await second.getByRole('button', { name: 'Simpan perubahan' }).click();
  await expect(second.getByRole('alert')).toContainText('Tulisan ini sudah diubah orang lain');
  await expect(second.getByLabel('Judul', { exact: true })).toHaveValue(`${TITLE} versi admin`);
  await expect(body(second)).toContainText('Kalimat tambahan admin.');
  await readable(second, 'konflik');

  // What is stored is the first editor's save.
  const api = await roleClient(baseURL ?? '', tenant, 'writer');
  expect((await getManagedPost(api, { kindSlug: 'news', id: postId })).title).toBe(EDITED);
  await first.context().close();
  await second.context().close();
});

test('an admin: an unreadable colour pair refused with the pair named, a rollback, the audit log, every page readable', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const tenant = tenantOf(testInfo);
  const site = baseURL ?? '';
  const page = await staffPage(browser, site, tenant.code, 'admin', '/Admin/Pengaturan');

  // Settings: the live preview follows the typing; white on white is refused with the pair and its ratio.
  await page.getByLabel('Judul situs', { exact: true }).fill(`${tenant.setting.title} Baru`);
  await page.waitForLoadState('networkidle');
  console.log(`[admin] JavaScript /Admin/Pengaturan: ${await scriptKb(page)}`);
  await keepScreenshot(page, 'admin-settings');
  await readable(page, 'pengaturan');
  await page.getByLabel('Gelap', { exact: true }).fill('#ffffff');
  await page.getByLabel('Judul situs', { exact: true }).fill(tenant.setting.title);
  await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText(/di atas/);
  await expect(refusal).toContainText(/\d+[.,]\d+:1/);
  await expect(page.getByLabel('Gelap', { exact: true })).toHaveValue('#ffffff');

  // Rollback: the post's first published build is live again, then the newer one.
  const api = await roleClient(site, tenant, 'admin');
  const visitor = await browser.newPage({ baseURL: site });
  await expect.poll(async () => (await visitor.goto(postPath))?.status(), { timeout: 30_000 }).toBe(200);
  await expect
    .poll(
      async () => {
        await visitor.goto(postPath);
        return visitor.getByRole('heading', { level: 1 }).textContent();
      },
      { timeout: 30_000 },
    )
    .toBe(EDITED);
  await page.goto('/Admin/Build');
  const kept = page.locator('[data-build-id]');
  await expect(kept.first()).toBeVisible();
  await keepScreenshot(page, 'admin-builds');
  await readable(page, 'build');
  // The build before the live one: it had the first title.
  const previous = page.locator('[data-build-id]:not([data-live])').first();
  const previousId = await previous.getAttribute('data-build-id');
  await previous.getByRole('button', { name: 'Jadikan live' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Jadikan live' }).click();
  await expect(page.getByRole('status').filter({ hasText: previousId ?? '' })).toBeVisible();
  await expect
    .poll(
      async () => {
        await visitor.goto(postPath);
        return visitor.getByRole('heading', { level: 1 }).textContent();
      },
      { timeout: 15_000 },
    )
    .toBe(TITLE);

  // Publishing again brings the newest content back for everyone.
  await updatePostById(api, postId, { kindSlug: 'news', summary: 'Ringkasan setelah rollback.' });
  await expect
    .poll(
      async () => {
        await visitor.goto(postPath);
        return visitor.getByRole('heading', { level: 1 }).textContent();
      },
      { timeout: 30_000 },
    )
    .toBe(EDITED);
  await visitor.close();

  // The audit log: the writer's create and publish, the first editor's save, the rollback.
  await page.goto('/Admin/Build');
  await page.waitForLoadState('networkidle');
  console.log(`[admin] JavaScript /Admin/Build: ${await scriptKb(page)}`);
  await page.goto('/Admin/Audit');
  const log = page.locator('.admin-main');
  await expect(log).toContainText('build.rollback');
  await expect(log).toContainText('post.create');
  await expect(log).toContainText('post.update');
  await readable(page, 'audit');

  for (const path of ['/Admin', '/Admin/Kategori', '/Admin/Halaman', '/Admin/Pengguna', '/Admin/Pencairan', '/Admin/Tulisan/Baru']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    console.log(`[admin] JavaScript ${path}: ${await scriptKb(page)}`);
    await readable(page, path);
  }
  await page.context().close();

  const mentor = await staffPage(browser, site, tenant.code, 'mentor', '/Admin/Kelas');
  for (const path of ['/Admin/Kelas', '/Admin/Pencairan']) {
    await mentor.goto(path);
    await mentor.waitForLoadState('networkidle');
    await readable(mentor, `mentor ${path}`);
  }
  expect((await mentor.request.get(`${site}/Admin/Tulisan`)).status()).toBe(403);
  await mentor.context().close();
});
