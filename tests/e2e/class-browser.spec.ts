import { gzipSync } from 'node:zlib';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { CLASS_BADGES } from '~/contract/classes';
import { axeViolations, h1, keepScreenshot, scrollsSideways } from './support';

/**
 * The class browser of /Class on the demo tenant's seed (tenants/demo/content/catalogue):
 * filters applied in place with the address kept in step, pages of 6, a shared address and back and
 * forward showing the same lists, a class opened from its card, the same filters as a plain form
 * without JavaScript, the empty and failed states in Indonesian, and the page through axe and at 320 px.
 */

const cards = (page: Page): Locator => page.locator('.class-results__list .class-card');
/** The one "Filter" button the filters fold behind on phones (a <details> summary). */
const filterToggle = (page: Page): Locator => page.locator('summary.class-filters-fold__toggle');
const status = (page: Page): Locator => page.locator('.class-results__status');
/** The names on the cards shown, in order. */
const names = (page: Page): Promise<string[]> => cards(page).locator('.class-card__title').allInnerTexts();

/** Opens /Class (or an address of it) and waits until the island has taken the page over. */
async function openBrowser(page: Page, path = '/Class'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('astro-island[component-url*="ClassBrowser"]')).not.toHaveAttribute('ssr', /.*/);
  // Set on the window: a reload would drop it, so it tells whether a change stayed on the page.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
}
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);
/** The count announced once a load is done: '9 kelas ditemukan · halaman 1 dari 2'. */
const found = /^(\d+) kelas ditemukan( · halaman (\d+) dari (\d+))?$/;

test('filters by state and type in place, the address following each choice', async ({ page }) => {
  await openBrowser(page);
  await expect(h1(page)).toBeVisible();
  await expect(cards(page)).toHaveCount(6);

  await page.getByLabel('Status', { exact: true }).selectOption('registration');
  await expect(page).toHaveURL(/\/Class\?state=registration$/);
  await expect(status(page)).toHaveText(found);
  // The tab's title follows the filters, the site's suffix kept.
  await expect(page).toHaveTitle(/^Kelas – Status: Pendaftaran Dibuka - /);
  const badges = await cards(page).locator('.phase-badge').allInnerTexts();
  expect(badges.length).toBeGreaterThan(0);
  expect(new Set(badges)).toEqual(new Set([CLASS_BADGES.registration.label]));

  await page.getByLabel('Jenis kelas').selectOption('workshop');
  await expect(page).toHaveURL(/\/Class\?state=registration&type=workshop$/);
  await expect(status(page)).toHaveText(found);
  const kinds = await cards(page).locator('.class-card__meta').allInnerTexts();
  expect(kinds.length).toBeGreaterThan(0);
  for (const meta of kinds) expect(meta).toContain('Workshop');
  // The badge's colour is SPEC §4's green: the theme's success fill.
  const fill = await cards(page)
    .first()
    .locator('.phase-badge')
    .evaluate((badge) => getComputedStyle(badge).backgroundColor);
  const success = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.backgroundColor = 'var(--clr-success-fill)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
  expect(fill).toBe(success);
  expect(await stillSamePage(page)).toBe(true);
});

test('pages of 6 keep their filters, and back and forward bring earlier lists back', async ({ page }) => {
  await openBrowser(page);
  const all = (await status(page).textContent())?.match(found);
  expect(Number(all?.[1])).toBeGreaterThan(6);
  const firstPage = await names(page);
  expect(firstPage).toHaveLength(6);

  await page.getByRole('link', { name: 'Halaman 2', exact: true }).click();
  await expect(page).toHaveURL(/\/Class\?page=2$/);
  await expect(status(page)).toHaveText(new RegExp(`halaman 2 dari ${all?.[4]}$`));
  const secondPage = await names(page);
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  // The focus waits at the top of the new results, not on a link of the old ones.
  await expect(page.getByRole('heading', { name: 'Daftar kelas' })).toBeFocused();

  await page.getByLabel('Jenis kelas').selectOption('reguler');
  await expect(page).toHaveURL(/\/Class\?type=reguler$/);
  await expect(status(page)).toHaveText(/ · halaman 1 dari [2-9]$/);
  const regular = await names(page);
  await page.getByRole('link', { name: 'Berikutnya ›' }).click();
  await expect(page).toHaveURL(/\/Class\?type=reguler&page=2$/);
  const regular2 = await names(page);
  expect(regular2.length).toBeGreaterThan(0);
  expect(regular2.length).toBeLessThanOrEqual(6);
  for (const meta of await cards(page).locator('.class-card__meta').allInnerTexts()) expect(meta).toContain('Kelas reguler');

  await page.goBack();
  await expect(page).toHaveURL(/\/Class\?type=reguler$/);
  await expect.poll(() => names(page)).toEqual(regular);
  await expect(page.getByLabel('Jenis kelas')).toHaveValue('reguler');
  await page.goBack();
  await expect(page).toHaveURL(/\/Class\?page=2$/);
  await expect.poll(() => names(page)).toEqual(secondPage);
  await expect(page.getByLabel('Jenis kelas')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/Class$/);
  await expect.poll(() => names(page)).toEqual(firstPage);
  await page.goForward();
  await expect(page).toHaveURL(/\/Class\?page=2$/);
  await expect.poll(() => names(page)).toEqual(secondPage);
  expect(await stillSamePage(page)).toBe(true);
});

test('a filtered address opened in a new tab, or reloaded, shows the same list and choices', async ({ page, context }) => {
  await openBrowser(page);
  await page.getByLabel('Level').selectOption('pemula');
  await page.getByLabel('Urutkan').selectOption('name');
  await expect(page).toHaveURL(/\/Class\?level=pemula&sort=name$/);
  await page.getByRole('link', { name: 'Halaman 2', exact: true }).click();
  await expect(page).toHaveURL(/\/Class\?level=pemula&sort=name&page=2$/);
  await expect(status(page)).toHaveText(found);
  const shown = await names(page);
  expect(shown.length).toBeGreaterThan(0);

  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect.poll(() => names(shared)).toEqual(shown);
  await expect(shared.getByLabel('Level')).toHaveValue('pemula');
  await expect(shared.getByLabel('Urutkan')).toHaveValue('name');
  await expect(shared.locator('.class-pages [aria-current="page"]')).toHaveText('2');

  await page.reload();
  await expect.poll(() => names(page)).toEqual(shown);

  // The address a form sent without JavaScript leaves becomes the list's own once the island runs.
  await openBrowser(page, '/Class?search=&state=running&type=&level=pemula&sort=start');
  await expect(page).toHaveURL(/\/Class\?state=running&level=pemula$/);
});

test('a card opens its class page', async ({ page }) => {
  await openBrowser(page, '/Class?state=registration');
  const first = cards(page).first().locator('.class-card__title a');
  const name = (await first.textContent())?.trim() ?? '';
  const href = (await first.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/Class\/[A-Za-z0-9-]+$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(h1(page)).toHaveText(name);
});

test('without JavaScript the filters are a plain form and the pages plain links', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const page = await context.newPage();
  await page.goto('/Class');
  await expect(cards(page)).toHaveCount(6);
  // A wide screen shows the filters by CSS alone where the browser styles ::details-content; else the fold opens by hand.
  if (await filterToggle(page).isVisible()) await filterToggle(page).click();
  await page.getByLabel('Status', { exact: true }).selectOption('running');
  await page.getByLabel('Jenis kelas').selectOption('reguler');
  await page.getByRole('button', { name: 'Terapkan filter' }).click();
  await expect(page).toHaveURL(/\/Class\?.*state=running/);
  await expect(status(page)).toHaveText(found);
  const badges = await cards(page).locator('.phase-badge').allInnerTexts();
  expect(badges.length).toBeGreaterThan(0);
  expect(new Set(badges)).toEqual(new Set([CLASS_BADGES.running.label]));
  for (const meta of await cards(page).locator('.class-card__meta').allInnerTexts()) expect(meta).toContain('Kelas reguler');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('running');

  // A filtered list is a view of /Class for search engines: followed, not indexed.
  expect((await page.request.get('/Class?state=running')).headers()['x-robots-tag']).toBe('noindex, follow');
  expect((await page.request.get('/Class')).headers()['x-robots-tag']).toBeUndefined();

  await page.goto('/Class');
  await page.getByRole('link', { name: 'Halaman 2', exact: true }).click();
  await expect(page).toHaveURL(/\/Class\?page=2$/);
  await expect(page.locator('.class-pages [aria-current="page"]')).toHaveText('2');

  if (await filterToggle(page).isVisible()) await filterToggle(page).click();
  await page.getByLabel('Cari kelas').fill('tidak ada kelas seperti ini');
  await page.getByRole('button', { name: 'Terapkan filter' }).click();
  await expect(page.getByText('Tidak ada kelas yang cocok dengan filter Anda.')).toBeVisible();
  await page.getByRole('button', { name: 'Hapus semua filter' }).click();
  await expect(page).toHaveURL(/\/Class\??$/);
  await expect(cards(page)).toHaveCount(6);
  await context.close();
});

test('an empty result says so and clears every filter at once', async ({ page }) => {
  await openBrowser(page);
  await page.getByLabel('Level').selectOption('mahir');
  await page.getByLabel('Cari kelas').fill('tidak ada kelas seperti ini');
  await page.getByLabel('Cari kelas').press('Enter');
  await expect(page).toHaveURL(/\/Class\?search=tidak\+ada\+kelas\+seperti\+ini&level=mahir$/);
  await expect(page.getByText('Tidak ada kelas yang cocok dengan filter Anda.')).toBeVisible();
  await expect(status(page)).toHaveText('0 kelas ditemukan');
  expect(await axeViolations(page, 'kosong')).toEqual([]);

  await page.getByRole('button', { name: 'Hapus semua filter' }).click();
  await expect(page).toHaveURL(/\/Class$/);
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByLabel('Cari kelas')).toHaveValue('');
  await expect(page.getByLabel('Level')).toHaveValue('');
  expect(await stillSamePage(page)).toBe(true);
});

test('loading, offline and server failures are said in Indonesian and keep the chosen filters', async ({ page }) => {
  await openBrowser(page);
  let answer: 'slow' | 'offline' | 'server' | 'pass' = 'slow';
  let release: () => void = () => {};
  // Resolved once the slow request is held: releasing before the route handler has run would release nothing.
  let held: () => void = () => {};
  const holding = new Promise<void>((done) => {
    held = done;
  });
  await page.route(
    (url) => url.pathname.endsWith('/v1/class/active'),
    async (route) => {
      if (answer === 'slow') {
        await new Promise<void>((done) => {
          release = done;
          held();
        });
        return route.continue();
      }
      if (answer === 'offline') return route.abort('internetdisconnected');
      if (answer === 'server') return route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal Server Error' } });
      return route.continue();
    },
  );

  await page.getByLabel('Status', { exact: true }).selectOption('running');
  await expect(status(page)).toHaveText('Memuat kelas…');
  await expect(page.locator('.class-results__list')).toHaveAttribute('aria-busy', 'true');
  await holding;
  release();
  await expect(status(page)).toHaveText(found);

  answer = 'offline';
  await page.getByLabel('Jenis kelas').selectOption('bootcamp');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Tidak dapat terhubung ke server');
  await expect(page).toHaveURL(/\/Class\?state=running&type=bootcamp$/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('running');
  await expect(page.getByLabel('Jenis kelas')).toHaveValue('bootcamp');
  expect(await axeViolations(page, 'gagal')).toEqual([]);

  answer = 'server';
  await alert.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(alert).toContainText('gangguan pada server');

  answer = 'pass';
  await alert.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(alert).toHaveCount(0);
  await expect(status(page)).toHaveText(found);
  for (const meta of await cards(page).locator('.class-card__meta').allInnerTexts()) expect(meta).toContain('Bootcamp');
  await expect(page.getByLabel('Jenis kelas')).toHaveValue('bootcamp');
});

test('/Class passes axe and fits a 320 px phone, filters shown and applied', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openBrowser(page);
  expect(await axeViolations(page, '/Class')).toEqual([]);
  expect(await scrollsSideways(page)).toBeUndefined();
  await filterToggle(page).click();
  expect(await axeViolations(page, '/Class (filter dibuka)')).toEqual([]);
  expect(await scrollsSideways(page)).toBeUndefined();
  await page.getByLabel('Kota pelaksanaan').selectOption({ index: 1 });
  await expect(page).toHaveURL(/heldCity=\d{2}\.\d{2}/);
  await expect(status(page)).toHaveText(found);
  // The list fades back in from its busy look over 0.15 s; axe measures contrast once it has.
  await expect(page.locator('.class-results__list')).toHaveCSS('opacity', '1');
  expect(await axeViolations(page, '/Class (kota)')).toEqual([]);
  expect(await scrollsSideways(page)).toBeUndefined();
  await keepScreenshot(page, 'demo-class-browser-320');
});

test('on a 390 px phone the filters fold behind one "Filter" button with their count, and the first class shows on the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openBrowser(page, '/Class?level=pemula&sort=name');
  const toggle = filterToggle(page);
  // The order is not a filter: only the level counts.
  await expect(toggle).toHaveText('Filter (1 aktif)');
  await expect(page.getByLabel('Level')).toBeHidden();
  await expect(cards(page).first()).toBeInViewport();

  // A disclosure: the keyboard opens it, the choices are there, and a new choice applies at once.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Level')).toBeVisible();
  await expect(page.getByLabel('Level')).toHaveValue('pemula');
  await page.getByLabel('Status', { exact: true }).selectOption('registration');
  await expect(page).toHaveURL(/\/Class\?state=registration&level=pemula&sort=name$/);
  await expect(toggle).toHaveText('Filter (2 aktif)');
  await toggle.click();
  await expect(page.getByLabel('Level')).toBeHidden();
  expect(await scrollsSideways(page)).toBeUndefined();
});

test("the island ships React's production build, its whole script graph measured in gzip", async ({ page, request }, testInfo) => {
  await openBrowser(page);
  const island = page.locator('astro-island[component-url*="ClassBrowser"]');
  const roots = [await island.getAttribute('component-url'), await island.getAttribute('renderer-url')].filter((url): url is string =>
    Boolean(url),
  );
  const seen = new Set<string>();
  const queue = [...roots];
  let gzipBytes = 0;
  while (queue.length) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const body = await (await request.get(path)).text();
    gzipBytes += gzipSync(body, { level: 9 }).length;
    // React's development build greets developers in the console; visitors must get the production one.
    expect(body, path).not.toContain('Download the React DevTools');
    for (const [, file] of body.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`/_astro/${file}`);
  }
  testInfo.annotations.push({ type: 'ClassBrowser gzip', description: `${(gzipBytes / 1024).toFixed(1)} KB` });
  console.log(`ClassBrowser dengan React dan semua impornya: ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
  expect(seen.size).toBeGreaterThan(1);
});

test('a keyboard walk through a closed select reloads nothing until the visitor leaves it', async ({ page }) => {
  await openBrowser(page);
  await expect(cards(page)).toHaveCount(6);
  const state = page.getByLabel('Status', { exact: true });
  await state.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/Class$/);
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/\/Class\?state=/);
  await expect(status(page)).toHaveText(found);
});
