import { expect, type Locator, type Page, test } from '@playwright/test';
import { createPost } from '~/lib/api';
import { loadTenantItems } from '~/lib/tenant/load-items';
import { canonicalPath, expectOnlyShellScript, h1, keepScreenshot, tenantOf, writerClient } from './support';

/**
 * Events, programs, careers, the gallery and the portfolio as a visitor uses them: a list, an item,
 * and back, all static HTML without a script file.
 */

async function expectNoScriptFiles(page: Page) {
  await expectOnlyShellScript(page);
}

/** Scrolls each image into view (lazy ones load then) and checks that it decoded. */
async function expectImagesLoaded(images: Locator) {
  const count = await images.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
}

test('events: list with when and where → an event → back', async ({ page }, testInfo) => {
  await page.goto('/Event');
  await expect(h1(page)).toHaveText('Event');
  const cards = page.locator('.event-card');
  await expect(cards).toHaveCount(5);
  await expect(cards.first().locator('.event-card__facts')).toContainText('Waktu');
  await expect(cards.first().locator('.event-card__facts')).toContainText('Tempat');
  await expect(cards.first().locator('.event-card__facts')).toContainText('WIB');
  await expectNoScriptFiles(page);
  await keepScreenshot(page, 'demo-event-list');

  const link = page.getByRole('link', { name: /Festival Belajar Bersama 2026/ });
  const title = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/Event\/festival-belajar-bersama-2026$/);
  await expect(h1(page)).toHaveText(title);
  await expect(page).toHaveTitle(`${title} - ${tenantOf(testInfo).setting.title}`);
  const facts = page.locator('.event__facts');
  await expect(facts).toContainText('Sabtu, 22 Agustus 2026, 08.00 WIB – Minggu, 23 Agustus 2026, 17.00 WIB');
  await expect(facts).toContainText('Gelanggang Budaya Nusantara, Jakarta');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/covers\/festival\.webp$/);
  await expectImagesLoaded(page.locator('.event__cover'));
  await expectNoScriptFiles(page);
  await keepScreenshot(page, 'demo-event-detail');

  await page.goBack();
  await expect(page).toHaveURL(/\/Event$/);
  await expect(cards.first()).toBeVisible();
});

test('events: search and category links narrow the list, rendered on demand and not indexed', async ({ page }) => {
  await page.goto('/Event');
  await page.getByRole('searchbox').fill('karier');
  await page.getByRole('button', { name: 'Cari' }).click();
  await expect(page).toHaveURL(/\/Event\?search=karier$/);
  await expect(page.getByRole('searchbox')).toHaveValue('karier');
  const titles = await page.locator('.event-card h2').allTextContents();
  expect(titles).toContain('Temu Karier Talenta Digital 2025 di Surabaya');
  expect(titles.length).toBeLessThan(5);

  const festival = await page.goto('/Event?category=festival');
  expect(festival?.headers()['x-robots-tag']).toBe('noindex, follow');
  await expect(page.getByRole('navigation', { name: 'Kategori' }).locator('[aria-current="page"]')).toHaveText('Festival');
  for (const meta of await page.locator('.event-card').allTextContents()) expect(meta).toContain('Festival');
  await expect(page.locator('.event-card')).toHaveCount(2);

  await page.goto('/Event?search=zzzqqqxxx');
  await expect(page.getByText('Belum ada event untuk "zzzqqqxxx".')).toBeVisible();
});

test('programs: only parents listed → a parent with its children → a child → back', async ({ page }) => {
  await page.goto('/Event/Program');
  await expect(h1(page)).toHaveText('Program');
  const cards = page.locator('.post-card');
  await expect(cards.getByRole('link', { name: 'Bootcamp Talenta Digital' })).toBeVisible();
  await expect(cards.getByRole('link', { name: 'SMK Coding untuk Sekolah' })).toBeVisible();
  // Children are reached through their parent.
  await expect(cards.getByRole('link', { name: 'Bootcamp Data Analyst' })).toHaveCount(0);
  await expectNoScriptFiles(page);

  await cards.getByRole('link', { name: 'Bootcamp Talenta Digital' }).click();
  await expect(page).toHaveURL(/\/Event\/Program\/\d+\/bootcamp-talenta-digital$/);
  await expect(h1(page)).toHaveText('Bootcamp Talenta Digital');
  const children = page.locator('.program-child');
  await expect(children).toHaveCount(2);
  await expect(children.getByRole('link')).toHaveText(['Bootcamp Data Analyst', 'Bootcamp Full-Stack Web']);
  await expectImagesLoaded(children.locator('img'));
  await keepScreenshot(page, 'demo-program-parent');

  await children.getByRole('link', { name: 'Bootcamp Data Analyst' }).click();
  await expect(h1(page)).toHaveText('Bootcamp Data Analyst');
  await expect(page.locator('.program-family__parent')).toContainText('Bagian dari program Bootcamp Talenta Digital');
  await expect(page.locator('.program-child')).toHaveCount(0);
  await expectNoScriptFiles(page);

  await page.goBack();
  await expect(h1(page)).toHaveText('Bootcamp Talenta Digital');
  await page.goBack();
  await expect(page).toHaveURL(/\/Event\/Program$/);
});

test('a program answers at /Event/Program/{id} and /Event/Program/{id}/{slug}; an unknown one is 404', async ({ page, request }) => {
  await page.goto('/Event/Program');
  const href = (await page.locator('.post-card a').first().getAttribute('href')) ?? '';
  const [, id, slug] = /^\/Event\/Program\/(\d+)\/([a-z0-9-]+)$/.exec(href) ?? [];
  expect(id && slug).toBeTruthy();
  await page.goto(href);
  const title = (await h1(page).textContent()) ?? '';
  // The short address is built; an outdated slug (the program renamed) is rendered on demand. Both name the main address.
  for (const path of [`/Event/Program/${id}`, `/Event/Program/${id}/${slug}`, `/Event/Program/${id}/nama-lama`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(h1(page)).toHaveText(title);
    expect(await canonicalPath(page), path).toBe(href);
  }
  expect((await request.get('/Event/Program/999999')).status()).toBe(404);
  expect((await request.get('/Event/tidak-ada-event-ini')).status()).toBe(404);
});

test('job board: careers with their jobs → a job (mailto and way back) → back', async ({ page }) => {
  await page.goto('/Event/Careers');
  await expect(h1(page)).toHaveText('Lowongan Kerja');
  await expect(page.locator('.career-board__career')).toHaveCount(2);
  const jobs = page.locator('.job-item');
  await expect(jobs).toHaveCount(5);
  await expectNoScriptFiles(page);
  await keepScreenshot(page, 'demo-careers-board');

  const link = jobs.first().getByRole('link');
  const title = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/Event\/Careers\/\d+\/[a-z0-9-]+$/);
  await expect(h1(page)).toHaveText(title);
  const facts = page.locator('.job__facts');
  for (const label of ['Jenis', 'Lokasi', 'Batas lamaran', 'Rekrutmen']) await expect(facts).toContainText(label);
  expect(await page.locator('.job__requirements li').count()).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Kirim lamaran' })).toHaveAttribute('href', /^mailto:[^?@]+@[^?]+\?subject=Lamaran/);
  await expectNoScriptFiles(page);
  await keepScreenshot(page, 'demo-careers-job');

  const id = /\/Event\/Careers\/(\d+)\//.exec(page.url())?.[1];
  const main = new URL(page.url()).pathname;

  await page.goBack();
  await expect(page).toHaveURL(/\/Event\/Careers$/);
  await expect(jobs.first()).toBeVisible();

  // The same job at its short address, and at an outdated slug (rendered on demand), both naming the main address.
  for (const path of [`/Event/Careers/${id}`, `/Event/Careers/${id}/lowongan-lama`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(h1(page)).toHaveText(title);
    expect(await canonicalPath(page), path).toBe(main);
  }
});

test('careers: a career page with its jobs → a job → back', async ({ page, request }) => {
  await page.goto('/Career');
  await expect(h1(page)).toHaveText('Karier');
  const cards = page.locator('.career-card');
  await expect(cards).toHaveCount(2);
  await expectNoScriptFiles(page);

  const link = cards.first().getByRole('link');
  const title = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/Career\/[a-z0-9-]+$/);
  await expect(h1(page)).toHaveText(title);
  const jobs = page.locator('.job-item');
  expect(await jobs.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('heading', { level: 2, name: /Lowongan tersedia/ })).toContainText(`(${await jobs.count()})`);
  await keepScreenshot(page, 'demo-career-detail');

  const job = jobs.first().getByRole('link');
  const jobTitle = (await job.textContent())?.trim() ?? '';
  await job.click();
  await expect(page).toHaveURL(/\/Event\/Careers\/\d+\/[a-z0-9-]+$/);
  await expect(h1(page)).toHaveText(jobTitle);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  await page.goBack();
  await expect(h1(page)).toHaveText(title);
  await page.goBack();
  await expect(page).toHaveURL(/\/Career$/);
  expect((await request.get('/Career/tidak-ada-karier-ini')).status()).toBe(404);
  expect((await request.get('/Event/Careers/999999')).status()).toBe(404);
});

test('gallery: 6 photos a page with numbered links to the others; every photo has alt text and loads', async ({ page }) => {
  await page.goto('/Gallery');
  await expect(h1(page)).toHaveText('Galeri');
  const images = page.locator('.gallery-item img');
  await expect(images).toHaveCount(6);
  await expectNoScriptFiles(page);
  await keepScreenshot(page, 'demo-gallery');

  // 14 photos: page 1 is built, pages 2 and 3 are rendered on demand and followed, not indexed.
  const pages = page.getByRole('navigation', { name: 'Halaman' });
  await expect(pages.getByRole('link', { name: /^\d$/ })).toHaveText(['2', '3']);
  const alts: string[] = [];
  for (const [number, count] of [
    [1, 6],
    [2, 6],
    [3, 2],
  ] as const) {
    if (number > 1) {
      const response = await Promise.all([
        page.waitForResponse(/\/Gallery\?page=/),
        pages.getByRole('link', { name: 'Berikutnya ›' }).click(),
      ]);
      expect(response[0].headers()['x-robots-tag']).toBe('noindex, follow');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
      await expect(page).toHaveURL(new RegExp(`/Gallery\\?page=${number}$`));
    }
    await expect(pages.locator('[aria-current="page"]')).toHaveText(String(number));
    await expect(images).toHaveCount(count);
    await expectImagesLoaded(images);
    alts.push(...(await images.evaluateAll((all) => all.map((img) => img.getAttribute('alt')?.trim() ?? ''))));
  }
  expect(alts.every((alt) => alt !== '')).toBe(true);
  expect(new Set(alts).size).toBe(14);
  await expect(pages.getByRole('link', { name: 'Berikutnya ›' })).toHaveCount(0);

  const beyond = await page.goto('/Gallery?page=9');
  expect(beyond?.status()).toBe(200);
  await expect(page.getByText('Halaman 9 tidak ada.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kembali ke halaman pertama' })).toHaveAttribute('href', '/Gallery');
});

test('an event and a program published after the build have their pages at once', async ({ page, baseURL }, testInfo) => {
  const client = await writerClient(`${baseURL}`, tenantOf(testInfo));
  const stamp = Date.now();
  const event = await createPost(client, {
    kindSlug: 'event',
    slug: `event-baru-${stamp}`,
    title: 'Event Baru Setelah Build',
    summary: 'Diumumkan setelah situs dibangun.',
    content: '<p>Datang dan belajar bersama.</p>',
    details: { startsAt: '2027-01-16T02:00:00.000Z', endsAt: '2027-01-16T05:00:00.000Z', location: 'Aula Kampus, Bandung' },
  });
  const response = await page.goto(`/Event/${event.slug}`);
  expect(response?.status()).toBe(200);
  await expect(h1(page)).toHaveText('Event Baru Setelah Build');
  await expect(page.locator('.event__facts')).toContainText('Sabtu, 16 Januari 2027, 09.00–12.00 WIB');
  await expect(page.locator('.event__facts')).toContainText('Aula Kampus, Bandung');
  expect(await canonicalPath(page)).toBe(`/Event/${event.slug}`);
  await expectNoScriptFiles(page);

  await page.goto('/Event/Program');
  const parentHref = (await page.locator('.post-card a').first().getAttribute('href')) ?? '';
  const parentId = Number(/^\/Event\/Program\/(\d+)\//.exec(parentHref)?.[1]);
  const parentTitle = (await page.locator('.post-card h2').first().textContent())?.trim() ?? '';
  const program = await createPost(client, {
    kindSlug: 'program',
    slug: `program-baru-${stamp}`,
    title: 'Program Baru Setelah Build',
    summary: 'Dibuka setelah situs dibangun.',
    content: '<p>Pendaftaran dibuka.</p>',
    parentId,
  });
  for (const path of [`/Event/Program/${program.id}`, `/Event/Program/${program.id}/${program.slug}`]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(h1(page)).toHaveText('Program Baru Setelah Build');
    await expect(page.locator('.program-family__parent')).toContainText(`Bagian dari program ${parentTitle}`);
    expect(await canonicalPath(page), path).toBe(`/Event/Program/${program.id}/${program.slug}`);
  }
});

test('portfolio: all kinds → CSR → the bootcamp with its 100% and 9 hires → back', async ({ page, request }, testInfo) => {
  await page.goto('/Portfolio');
  await expect(h1(page)).toHaveText('Portofolio');
  await expect(page.locator('.portfolio-group')).toHaveCount(3);
  await expect(page.locator('.portfolio-card')).toHaveCount(6);
  await expectNoScriptFiles(page);
  await keepScreenshot(page, 'demo-portfolio-list');

  await page.getByRole('navigation', { name: 'Jenis portofolio' }).getByRole('link', { name: 'CSR & Bootcamp' }).click();
  await expect(page).toHaveURL(/\/Portfolio\/csr$/);
  await expect(h1(page)).toHaveText('Portofolio CSR & Bootcamp');
  await expect(page.locator('.portfolio-card')).toHaveCount(2);

  await page.getByRole('link', { name: 'Bootcamp Talenta Digital Pesisir' }).click();
  await expect(page).toHaveURL(/\/Portfolio\/csr\/bootcamp-talenta-digital-pesisir$/);
  await expect(h1(page)).toHaveText('Bootcamp Talenta Digital Pesisir');
  await expect(page).toHaveTitle(`Bootcamp Talenta Digital Pesisir - ${tenantOf(testInfo).setting.title}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/covers\/wisuda\.webp$/);
  const stat = page.locator('.portfolio__stat');
  await expect(stat.locator('strong')).toHaveText('100%');
  await expect(stat).toContainText('9 lulusan direkrut');
  await expect(page.locator('.portfolio__facts')).toContainText('PT Energi Hijau Nusantara');
  await expect(page.locator('.portfolio__batches li')).toHaveCount(3);
  const video = page.locator('.portfolio-video iframe');
  await expect(video).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  await expect(video).toHaveAttribute('loading', 'lazy');
  await expect(video).toHaveAttribute('title', 'Video: Bootcamp Talenta Digital Pesisir');
  await expect(page.locator('.portfolio-figures')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Selengkapnya tentang proyek ini' })).toHaveAttribute('href', /^\/News\//);
  await expectImagesLoaded(page.locator('.portfolio__photo, .portfolio-figures img'));
  await expectNoScriptFiles(page);
  await keepScreenshot(page, 'demo-portfolio-bootcamp');

  await page.goBack();
  await expect(page).toHaveURL(/\/Portfolio\/csr$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/Portfolio$/);

  for (const path of [
    '/Portfolio/bootcamp',
    '/Portfolio/CSR',
    '/Portfolio/csr/tidak-ada',
    '/Portfolio/corporate/bootcamp-talenta-digital-pesisir',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('the sitemap lists every content item once, at its main address', async ({ request }, testInfo) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  expect(new Set(paths).size).toBe(paths.length);
  for (const path of ['/Event/festival-belajar-bersama-2026', '/Portfolio/csr', '/Portfolio/csr/bootcamp-talenta-digital-pesisir']) {
    expect(paths, path).toContain(path);
  }
  const items = loadTenantItems('tenants', tenantOf(testInfo).code);
  const news = items.posts.filter((post) => post.kind === 'news');
  for (const post of news) expect(paths).toContain(`/News/${post.slug}`);
  expect(paths.filter((path) => /^\/Blog\/\d+\/[a-z0-9-]+$/.test(path))).toHaveLength(
    items.posts.filter((post) => post.kind === 'blog').length,
  );
  expect(paths.filter((path) => /^\/Career\/[a-z0-9-]+$/.test(path))).toHaveLength(2);
  expect(paths.filter((path) => /^\/Event\/Careers\/\d+\/[a-z0-9-]+$/.test(path))).toHaveLength(5);
  // Alternate addresses and the on-demand route are not listed.
  expect(paths.filter((path) => /^\/(News\/\d+(\/|$)|Berita(\/|$)|Articles\/Detail|konten)/.test(path))).toEqual([]);
});

test('an event says whether it is coming, on or over and whether registration is open, and the page stays true later', async ({
  browser,
  baseURL,
}, testInfo) => {
  const client = await writerClient(`${baseURL}`, tenantOf(testInfo));
  const day = 86_400_000;
  const at = (days: number) => new Date(Date.now() + days * day).toISOString();
  const event = await createPost(client, {
    kindSlug: 'event',
    slug: `event-berjadwal-${Date.now()}`,
    title: 'Kelas Terbuka Berjadwal',
    summary: 'Pendaftaran dengan tenggat.',
    content: '<p>Kelas terbuka untuk umum.</p>',
    details: {
      startsAt: at(10),
      endsAt: at(10.1),
      location: 'Aula Kampus, Bandung',
      registrationUrl: 'https://example.org/daftar',
      registrationOpensAt: at(-1),
      registrationClosesAt: at(5),
    },
  });
  const visit = async (days: number) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date(Date.now() + days * day));
    await page.goto(`/Event/${event.slug}`);
    return { page, close: () => context.close() };
  };

  const today = await visit(0);
  await expect(today.page.locator('.event__status .phase-badge')).toHaveText(['Akan Datang', /^Pendaftaran dibuka hingga \d+ \w+ \d{4}$/]);
  await expect(today.page.getByRole('link', { name: 'Daftar sekarang' })).toBeVisible();
  await today.close();

  // The same page, read after the deadline: the badge says so and the sign-up link is gone.
  const afterDeadline = await visit(6);
  await expect(afterDeadline.page.locator('.event__status .phase-badge')).toHaveText(['Akan Datang', 'Pendaftaran telah ditutup']);
  await expect(afterDeadline.page.getByRole('link', { name: 'Daftar sekarang' })).toBeHidden();
  await afterDeadline.close();

  const afterEvent = await visit(11);
  await expect(afterEvent.page.locator('.event__status .phase-badge').first()).toHaveText('Telah Selesai');
  await afterEvent.close();
});

test('the event list puts what is still to come first and marks past events "Telah Selesai", even long after the build', async ({
  browser,
}) => {
  const starts = async (page: Page) =>
    (
      await page
        .locator('.event-card .event-card__facts time')
        .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
    ).map((iso) => Date.parse(iso));
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/Event');
  const badges = await page.locator('.event-card .phase-badge').allTextContents();
  const firstEnded = badges.indexOf('Telah Selesai');
  expect(firstEnded).toBeGreaterThan(0);
  expect(badges.slice(firstEnded).every((badge) => badge === 'Telah Selesai')).toBe(true);
  const now = await starts(page);
  expect(now.slice(0, firstEnded)).toEqual([...now.slice(0, firstEnded)].sort((a, b) => a - b));
  await context.close();

  // Years later every event is over, the latest first, though the page was built before.
  const later = await browser.newContext();
  const future = await later.newPage();
  await future.clock.setFixedTime(new Date('2031-01-01T00:00:00+07:00'));
  await future.goto('/Event');
  // Counted anew: another test's event may have been built in meanwhile.
  const futureBadges = future.locator('.event-card .phase-badge');
  await expect
    .poll(async () => {
      const texts = await futureBadges.allTextContents();
      return texts.length >= badges.length && texts.every((badge) => badge === 'Telah Selesai');
    })
    .toBe(true);
  const ended = await starts(future);
  expect(ended).toEqual([...ended].sort((a, b) => b - a));
  await later.close();
});
