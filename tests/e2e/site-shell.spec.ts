import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectOnlyShellScript, keepScreenshot } from './support';

/** The page shell as a visitor meets it: not-found, case-sensitive routes, navigation, menus, delivery. */

test('an unknown route answers 404 with the not-found screen and a way home', async ({ page }) => {
  const response = await page.goto('/about');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops.. Maaf halaman tidak ditemukan');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await page.getByRole('link', { name: 'Kembali ke halaman utama' }).click();
  await expect(page).toHaveURL(/\/$/);
  await keepScreenshot(page, 'demo-after-404');
});

test('routes are case-sensitive', async ({ request }) => {
  for (const [path, status] of [
    ['/About', 200],
    ['/about', 404],
    ['/ABOUT', 404],
    ['/Training-Services/Syllabus', 200],
    ['/training-services/syllabus', 404],
    ['/Privacy-Policy', 200],
    ['/privacy-policy', 404],
  ] as const) {
    expect((await request.get(path)).status(), path).toBe(status);
  }
});

test('every marketing route of the foundation renders with a heading', async ({ page }) => {
  const routes = [
    'About',
    'Campus',
    'Clients',
    'Collaboration',
    'Corporates',
    'Government',
    'Network',
    'Pricing',
    'Privacy-Policy',
    'Terms-And-Conditions',
    'Training-Services',
    'Training-Services/Syllabus',
    'Talent-Hiring',
    'Welcome',
    'Video',
    'Bandung',
    'Jakarta',
    'Aksara',
    'Metamorfosa',
    'Make-Appointment',
    'Login',
    'Register',
  ];
  for (const route of routes) {
    const response = await page.goto(`/${route}`);
    expect(response?.status(), route).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
    await expect(page.locator('main'), route).not.toContainText('{{site}}');
    await expect(page.locator('main'), route).not.toContainText(/lorem ipsum/i);
  }
});

test('demo routes carry the route class and content-page', async ({ page }) => {
  await page.goto('/Training-Services');
  await expect(page.locator('main')).toHaveClass('route-training-services content-page');
});

test('a trailing slash redirects to the canonical address', async ({ page }) => {
  await page.goto('/About/');
  await expect(page).toHaveURL(/\/About$/);
});

test('following a link lands at the top of the next page; a hash lands at its anchor', async ({ page }) => {
  await page.goto('/');
  await page.mouse.wheel(0, 2000);
  await page.locator('header').getByRole('link', { name: 'Tentang' }).click();
  await expect(page).toHaveURL(/\/About$/);
  expect(await page.evaluate(() => scrollY)).toBe(0);
  expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual');

  await page.goto('/Privacy-Policy');
  const id = await page.locator('main h2[id]').nth(3).getAttribute('id');
  expect(id).toBeTruthy();
  await page.goto(`/Privacy-Policy#${id}`);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(200);
});

test('the top progress bar shows while a slow page loads', async ({ page }) => {
  await page.goto('/');
  // A prefetched page would arrive at once; take the speculation rules away so the delay applies.
  // The shell adds them at the first idle moment, so wait until they are there before removing them.
  await page.waitForFunction(() => document.querySelector('script[type="speculationrules"]'));
  await page.evaluate(() => document.querySelector('script[type="speculationrules"]')?.remove());
  await page.route('**/Pricing', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await expect(page.locator('[data-progress]')).toBeHidden();
  // The old document is gone once the new one arrives, so it notes what it showed in session storage.
  await page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('[data-progress]');
    if (!bar) return;
    new MutationObserver(() => {
      if (!bar.hidden) sessionStorage.setItem('progress-seen', `${bar.dataset.state} ${bar.style.getPropertyValue('--progress')}`);
    }).observe(bar, { attributes: true });
  });
  await page.locator('footer').getByRole('link', { name: 'Harga', exact: true }).click();
  await expect(page).toHaveURL(/\/Pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('progress-seen'))).toMatch(/^running \d+(\.\d+)?%$/);
  await expect(page.locator('[data-progress]')).toBeHidden();
});

test('on a phone the navigation folds into a menu that opens without scripts', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const drawer = page.getByRole('navigation', { name: 'Navigasi utama (menu)' });
  await expect(page.getByRole('navigation', { name: 'Navigasi utama', exact: true })).toBeHidden();
  await expect(drawer).toBeHidden();
  await page.locator('summary', { hasText: 'Buka menu' }).click();
  await expect(drawer).toBeVisible();
  // The catalogue opens the menu as it opens the bar.
  await expect(drawer.getByRole('link').first()).toHaveText('Kelas');
  await drawer.getByRole('link', { name: 'Kursus', exact: true }).click();
  await expect(page).toHaveURL(/\/Courses$/);
  await keepScreenshot(page, 'demo-phone-courses');
  await context.close();
});

test('the header opens with the catalogue, and the footer reaches the festival, the league and the leaderboards', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Navigasi utama', exact: true });
  await expect(bar).toBeVisible();
  expect((await bar.getByRole('link').allTextContents()).map((text) => text.trim()).slice(0, 4)).toEqual([
    'Kelas',
    'Program',
    'Kursus',
    'Mentor',
  ]);
  const footer = page.locator('footer');
  for (const [name, path] of [
    ['Belajar Bersama', '/BelajarBersama'],
    ['Liga SMK', '/Liga-Smk'],
    ['Papan Peringkat', '/Leaderboards'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true }), name).toHaveAttribute('href', path);
  }
  // The home page's first call to action is the class list.
  await expect(page.locator('main .hero .btn--primary')).toHaveAttribute('href', '/Class');
  // Its figures of participants and cities come from the data: never the typed "43.700+".
  await expect(page.locator('main')).not.toContainText('43.700+');
});

test('content pages ship only the shell script: at most 10 KB gzip with all it imports, no React and no zod', async ({ page, request }) => {
  await page.goto('/About');
  await expectOnlyShellScript(page);
  expect(await page.locator('script[type="module"]:not([src])').count()).toBe(0);
  const entry = (await page.locator('script[src]').getAttribute('src')) ?? '';
  // The script and every chunk it imports, as the browser fetches them.
  const seen = new Set<string>();
  const queue = [entry];
  let gzipBytes = 0;
  while (queue.length) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const body = await (await request.get(path)).text();
    gzipBytes += gzipSync(body, { level: 9 }).length;
    expect(body, path).not.toMatch(/react-dom|\$ZodType|ZodError/);
    for (const [, file] of body.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`/_astro/${file}`);
  }
  expect(gzipBytes).toBeLessThanOrEqual(10 * 1024);
});

test('static files go out precompressed with the right cache headers', async ({ request }) => {
  const html = await request.get('/About', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(html.headers()['content-encoding']).toBe('br');
  expect(html.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(html.headers().vary).toContain('Accept-Encoding');

  const gzip = await request.get('/About', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');

  const page = await (await request.get('/About')).text();
  const css = /href="(\/_astro\/[^"]+\.css)"/.exec(page)?.[1];
  expect(css).toBeTruthy();
  const asset = await request.get(css as string, { headers: { 'Accept-Encoding': 'br' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
});

test('sitemap.xml and robots.txt describe the tenant site', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>https://nusantaralearning.example/About</loc>');
  expect(sitemap).toContain('<loc>https://nusantaralearning.example/Training-Services/Syllabus</loc>');
  expect(sitemap).not.toContain('404');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://nusantaralearning.example/sitemap.xml');
});

test('the platform API answers under /api with its error shape', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
  const missing = await request.get('/api/v9/tidak-ada');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ statusCode: 404, message: 'Endpoint tidak ditemukan' });
});

test('text keeps its place when the web fonts arrive: pages shift less than 0.05 on a phone', async ({ browser, baseURL }) => {
  // A long chapter title wrapped onto two lines in the system font and one in the web font (0.24 before
  // the metric-matched fallbacks); the home page and a class page are checked with it.
  const context = await browser.newContext({ baseURL: baseURL as string, viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto('/Courses');
  const course = await page.locator('a[href^="/Courses/"]:not([href*="@Premium"])').first().getAttribute('href');
  await page.goto(course ?? '/Courses');
  const chapter = await page.locator('a[href*="/chapter/"]').first().getAttribute('href');
  for (const path of ['/', '/Class', chapter ?? '/Courses']) {
    const fresh = await context.newPage();
    await fresh.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await fresh.goto(path);
    await fresh.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300)))));
    const total = await fresh.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    expect({ path, shiftsLittle: total < 0.05, total }).toMatchObject({ path, shiftsLittle: true });
    await fresh.close();
  }
  await context.close();
});
