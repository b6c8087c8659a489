import { expect, type Page, test } from '@playwright/test';
import type { ApiClient } from '~/lib/api';
import { listSubmissions } from '~/lib/api/forms';
import { axeViolations, keepScreenshot, roleClient, scrollsSideways, tenantOf } from './support';

/**
 * The community forms on the hosted database REST: book comments on /Metamorfosa,
 * aspirations on /Collaboration, testimonies on /Clients and donations on /BelajarBersama, in
 * Chromium on a phone. What a visitor sends comes back from the server intact (markup as text,
 * emoji), a lost connection keeps what was typed, and the retry stores it once.
 */

test.use({ viewport: { width: 390, height: 844 } });

let admin: ApiClient;
test.beforeAll(async ({ baseURL }, testInfo) => {
  admin = await roleClient(baseURL ?? '', tenantOf(testInfo), 'admin');
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The forms' names and their submit buttons. */
const BUTTONS: Record<string, string> = {
  'Tulis ulasan buku': 'Kirim ulasan',
  'Kirim aspirasi': 'Kirim aspirasi',
  'Kirim testimoni': 'Kirim testimoni',
  'Kirim donasi': 'Kirim donasi',
};

/** Opens `path`, brings the form named `label` into view and waits until the island can send it. */
async function formOn(page: Page, path: string, label: string) {
  await page.goto(path);
  const form = page.getByRole('form', { name: label });
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole('button', { name: BUTTONS[label] ?? label })).toBeEnabled();
  return form;
}

test('a book comment on /Metamorfosa is listed at once and after a reload, its markup as text', async ({ page }) => {
  const name = `Pembaca ${unique()}`;
  const comment = 'Bab 3 membuat saya menangis 😭 <script>alert("x")</script> — luar biasa!';
  const form = await formOn(page, '/Metamorfosa', 'Tulis ulasan buku');
  await form.getByLabel('Nama').fill(name);
  await form.getByRole('radio', { name: '4 dari 5 bintang' }).check();
  await form.getByLabel('Komentar').fill(comment);
  await form.getByRole('button', { name: 'Kirim ulasan' }).click();
  await expect(page.getByRole('heading', { name: 'Ulasan Anda sudah terkirim' })).toBeFocused();
  const listed = page.locator('.community__list li', { hasText: name });
  await expect(listed).toContainText(comment);
  await expect(listed.getByRole('img', { name: '4 dari 5 bintang' })).toBeVisible();

  await page.reload();
  await page.getByRole('heading', { name: 'Ulasan pembaca' }).scrollIntoViewIfNeeded();
  await expect(page.locator('.community__list li', { hasText: name })).toContainText(comment);
  await keepScreenshot(page, 'demo-forms-book-review');
});

test('an aspiration on /Collaboration is stored and shown among the latest', async ({ page }) => {
  const name = `Warga ${unique()}`;
  const form = await formOn(page, '/Collaboration', 'Kirim aspirasi');
  await form.getByLabel('Nama').fill(name);
  await form.getByLabel('Kota').fill('Kupang');
  await form.getByLabel('Aspirasi Anda').fill('Adakan kelas coding untuk guru di NTT 🙏');
  await form.getByRole('button', { name: 'Kirim aspirasi' }).click();
  await expect(page.getByRole('heading', { name: 'Aspirasi Anda sudah terkirim' })).toBeVisible();
  await expect(page.locator('.community__list li', { hasText: name })).toContainText('Adakan kelas coding untuk guru di NTT 🙏');
});

test('a testimony on /Clients is refused while incomplete and confirmed once sent', async ({ page }) => {
  const form = await formOn(page, '/Clients', 'Kirim testimoni');
  await form.getByLabel('Nama').fill('Dewi Lestari');
  await form.getByLabel('Peran').fill('Alumni Bootcamp Web 2026');
  await form.getByLabel('Testimoni').fill('Bagus');
  await form.getByRole('button', { name: 'Kirim testimoni' }).click();
  await expect(form.getByText('Testimoni minimal 10 karakter')).toBeVisible();
  await expect(form.getByText('Beri nilai 1 sampai 5 bintang')).toBeVisible();
  await form.getByRole('radio', { name: '5 dari 5 bintang' }).check();
  await form.getByLabel('Testimoni').fill('Mentornya sabar dan materinya langsung terpakai di kantor.');
  await form.getByRole('button', { name: 'Kirim testimoni' }).click();
  await expect(page.getByRole('heading', { name: 'Testimoni Anda sudah terkirim' })).toBeVisible();
  // Visitors cannot read testimonies back; the tenant's staff can.
  const stored = (await listSubmissions(admin, 'testimony')).items.find((item) => item.data.name === 'Dewi Lestari');
  expect(stored?.data).toMatchObject({ role: 'Alumni Bootcamp Web 2026', rating: 5 });
});

test('a donation on /BelajarBersama: an outage keeps it, the retry adds it to the total once, listed as Anonim', async ({ page }) => {
  const form = await formOn(page, '/BelajarBersama', 'Kirim donasi');
  const total = page.locator('.community__total');
  await expect(total).toBeVisible();
  const before = Number(((await total.textContent()) ?? '').replace(/\D/g, ''));

  await form.getByLabel('Nama', { exact: true }).fill('Budi Dermawan');
  await form.getByRole('button', { name: 'Rp100.000' }).click();
  await expect(form.getByLabel('Nominal (Rp)')).toHaveValue('100.000');
  await form.getByLabel('Nominal (Rp)').fill('150.000');
  await form.getByLabel('Pesan (opsional)').fill('Semoga lancar!');
  await form.getByLabel('Tampilkan nama saya sebagai Anonim').check();

  // The pledge is stored but the answer is lost: the visitor keeps the form and retries; one pledge counts.
  await page.route('**/api/rest/v1/donations', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fetch();
    await route.abort('connectionfailed');
  });
  await form.getByRole('button', { name: 'Kirim donasi' }).click();
  await expect(form.getByRole('alert')).toContainText('isian Anda tetap tersimpan');
  await expect(form.getByLabel('Nominal (Rp)')).toHaveValue('150.000');
  await page.unroute('**/api/rest/v1/donations');
  await form.getByRole('button', { name: 'Coba kirim lagi' }).click();
  await expect(page.getByRole('heading', { name: 'Donasi Anda sudah tercatat' })).toBeVisible();
  await expect(total).toHaveText(/Rp/);
  expect(Number(((await total.textContent()) ?? '').replace(/\D/g, ''))).toBe(before + 150_000);
  await expect(page.locator('.community__list li').first()).toContainText('Anonim');
  await expect(page.locator('.community__list li').first()).not.toContainText('Budi Dermawan');

  await page.reload();
  // The island hydrates when it comes into view: bring its static heading there first.
  await page.getByRole('heading', { name: 'Dana terkumpul' }).scrollIntoViewIfNeeded();
  await expect(page.locator('.community__total')).toHaveText(/Rp/);
  expect(Number(((await page.locator('.community__total').textContent()) ?? '').replace(/\D/g, ''))).toBe(before + 150_000);
});

test('the community forms pass axe, with their messages too, and fit a 320 px phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  const page = await context.newPage();
  const found: string[] = [];
  for (const [path, label] of [
    ['/Metamorfosa', 'Tulis ulasan buku'],
    ['/Collaboration', 'Kirim aspirasi'],
    ['/Clients', 'Kirim testimoni'],
    ['/BelajarBersama', 'Kirim donasi'],
  ] as const) {
    const form = await formOn(page, path, label);
    await form.getByRole('button', { name: BUTTONS[label] ?? label }).click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    found.push(...(await axeViolations(page, `${path} (pesan kesalahan)`)));
    const overflow = await scrollsSideways(page);
    if (overflow) found.push(`${path} at 320 px: ${overflow}`);
    await keepScreenshot(page, `demo-320-forms-${path.slice(1).toLowerCase()}`);
  }
  await context.close();
  expect(found).toEqual([]);
});
