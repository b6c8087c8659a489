import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page, test } from '@playwright/test';
import { extractText } from 'unpdf';
import type { Role } from '~/contract/roles';
import { priceBreakdown } from '~/contract/tax';
import { getClassOverview } from '~/lib/api/classes';
import { createInvoice, paymentDetail } from '~/lib/api/payments';
import { formatRupiah } from '~/lib/format/money';
import { PASSWORD, registerByApi, signInWithForm, uniqueEmail } from './auth-support';
import { accountClient, axeViolations, keepScreenshot, scrollsSideways, tenantOf } from './support';

/**
 * /Akun as the learner's home on the demo tenant: a fresh learner pays for JS-DASAR-11 (Rp350.000 +
 * PPN, "Selasa & Kamis, 19.00–21.00 WIB", registration open, starting in 20 days) on the embedded
 * gateway, then finds the class with its next session and calendar file, the invoice, the printable
 * receipt and its PDF. Every page passes axe and fits 320 px; the demo student, mentor and admin
 * accounts' homes are kept as screenshots (test-output/screenshots/akun-<role>.png).
 */

const JS_CODE = 'JS-DASAR-11';
const JS_SLUG = 'javascript-dasar-untuk-pemula';
const JS_NAME = 'JavaScript Dasar untuk Pemula';
/** The name `registerByApi` gives every test account. */
const BUYER = 'Peserta Uji';
const NARROW = { width: 320, height: 800 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** A section of the account page by its heading. */
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Waits until the home's one call has answered (no section says it is still loading). */
async function homeLoaded(page: Page): Promise<void> {
  await expect(page.locator('.account')).toBeVisible();
  // The home's standing status says nothing once it has loaded, and no failure is shown.
  await expect(page.locator('.home-status[role="status"]')).toBeEmpty();
  await expect(page.locator('.home-status[role="alert"]')).toHaveCount(0);
  await expect(page.locator('.home-pending')).toHaveCount(0);
}

/** The file a download saved, as bytes. */
async function saved(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** axe (WCAG 2 AA) and no sideways scroll at 320 px for the page as it stands. */
async function readableAtNarrow(page: Page, label: string): Promise<void> {
  await page.setViewportSize(NARROW);
  expect(await scrollsSideways(page), `${label} scrolls sideways at 320 px`).toBeUndefined();
  expect(await axeViolations(page, label)).toEqual([]);
  await page.setViewportSize(PHONE);
}

test('a paid learner finds the class, its next session, the invoice, the receipt and its PDF on /Akun', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const tenant = tenantOf(testInfo);
  const site = baseURL ?? '';
  const email = uniqueEmail('rumah-belajar');
  await registerByApi(page.request, site, tenant, email);
  const api = await accountClient(site, tenant, email, PASSWORD);
  const item = await getClassOverview(api, JS_CODE);
  const { total } = priceBreakdown(item.price, item.tax);

  // Pays on the gateway's page (this browser is not signed in yet: the return page only shows status).
  const invoice = await createInvoice(api, JS_SLUG);
  await page.goto(invoice.paymentUrl ?? '');
  await expect(page).toHaveURL(/\/api\/sim\/duitku\/pay\//);
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await expect(page).toHaveURL(/\/CallbackPayment\?/);
  await expect.poll(async () => (await paymentDetail(api, { merchantOrderId: invoice.merchantOrderId }))?.status).toBe('paid');
  const order = invoice.merchantOrderId;

  await signInWithForm(page, email, PASSWORD, '/Login?redirect=%2FAkun');
  await expect(page).toHaveURL(/\/Akun$/);
  await homeLoaded(page);

  // Kelas saya: the class, its badge, its next session (a Tuesday or Thursday evening, WIB), where, and its calendar.
  const card = section(page, 'Kelas saya').locator(`[data-class="${JS_CODE}"]`);
  await expect(card.getByRole('link', { name: JS_NAME })).toHaveAttribute('href', `/Class/${JS_CODE}`);
  await expect(card.locator('.phase-badge')).toHaveText('Pendaftaran Dibuka');
  await expect(card.locator('[data-next-session]')).toHaveText(/^(Selasa|Kamis), \d{1,2} \p{L}+ \d{4}, 19\.00–21\.00 WIB$/u);
  await expect(card).toContainText('Daring');
  const [calendar] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: /Tambahkan ke kalender/ }).click(),
  ]);
  expect(calendar.suggestedFilename()).toBe(`${JS_CODE}.ics`);
  const ics = (await saved(calendar)).toString('utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  // 19.00 WIB is 12.00 UTC.
  expect(ics).toMatch(/DTSTART:\d{8}T120000Z/);

  // Kursus saya: the premium course the class grants, with its progress and the way on.
  const course = section(page, 'Kursus saya').locator('[data-course="javascript-modern"]');
  await expect(course).toContainText('0 dari');
  await expect(course.getByRole('link', { name: /Lanjutkan belajar/ })).toHaveAttribute(
    'href',
    /^\/Courses\/@Premium\/javascript-modern\/module\/.+\/chapter\/.+$/,
  );

  // Tagihan: the paid invoice with its PPN line and total, and its receipt.
  const bill = section(page, 'Tagihan').locator(`[data-order="${order}"]`);
  await expect(bill).toContainText('Lunas');
  await expect(bill).toContainText('PPN');
  await expect(bill.locator('.home-card__total')).toContainText(formatRupiah(total));
  await readableAtNarrow(page, '/Akun (pelajar yang sudah membayar)');

  await bill.getByRole('link', { name: /^Kuitansi/ }).click();
  await expect(page).toHaveURL(new RegExp(`/Akun/Kuitansi\\?ref=${order}$`));
  const receipt = page.locator(`.receipt[data-order="${order}"]`);
  await expect(receipt.getByRole('heading', { name: 'Kuitansi pembayaran' })).toBeVisible();
  await expect(receipt).toContainText(tenant.setting.title);
  await expect(receipt).toContainText(BUYER);
  await expect(receipt).toContainText(email);
  await expect(receipt).toContainText(JS_NAME);
  await expect(receipt).toContainText('PPN');
  await expect(receipt.locator('.receipt__total')).toContainText(formatRupiah(total));
  await expect(receipt).toContainText('Lunas');
  await expect(receipt.getByRole('button', { name: 'Cetak' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await readableAtNarrow(page, '/Akun/Kuitansi');
  await keepScreenshot(page, 'akun-kuitansi');

  // On paper only the receipt is left: no header, footer or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header.header')).toBeHidden();
  await expect(page.locator('footer.footer')).toBeHidden();
  await expect(receipt.getByRole('button', { name: 'Cetak' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const [pdf] = await Promise.all([page.waitForEvent('download'), receipt.getByRole('button', { name: 'Unduh PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`kuitansi-${order}.pdf`);
  const { text } = await extractText(new Uint8Array(await saved(pdf)), { mergePages: true });
  expect(text).toContain(BUYER);
  expect(text).toContain(formatRupiah(total));
  expect(text).toContain(order);
});

test('a receipt that is not the learner’s says so and leads back to /Akun', async ({ page, baseURL }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const email = uniqueEmail('bukan-kuitansi');
  await registerByApi(page.request, baseURL ?? '', tenant, email);
  await signInWithForm(page, email, PASSWORD, `/Login?redirect=${encodeURIComponent('/Akun/Kuitansi?ref=INV-BUKAN-MILIK')}`);
  await expect(page).toHaveURL(/\/Akun\/Kuitansi\?ref=INV-BUKAN-MILIK$/);
  await expect(page.locator('.island-slot')).toContainText('Kuitansi tidak ditemukan');
  await expect(page.locator('.island-slot').getByRole('link', { name: 'Buka halaman Akun' })).toHaveAttribute('href', '/Akun');
});

for (const role of ['student', 'mentor', 'admin'] satisfies Role[]) {
  test(`the demo ${role}'s /Akun: their sections, readable at 320 px, kept as a screenshot`, async ({ page }, testInfo) => {
    const { code } = tenantOf(testInfo);
    await signInWithForm(page, `${role}@${code}.example`, `demo-${role}-2026`, '/Login?redirect=%2FAkun');
    await expect(page).toHaveURL(/\/Akun$/);
    await homeLoaded(page);
    for (const name of ['Kelas saya', 'Kursus saya', 'Tagihan'])
      await expect(section(page, name).getByRole('heading', { level: 2 })).toHaveText(name);
    if (role === 'student') await expect(section(page, 'Kelas saya').locator(`[data-class="${JS_CODE}"]`)).toBeVisible();
    if (role === 'mentor') {
      const taught = section(page, 'Kelas yang saya ajar').locator(`[data-class="${JS_CODE}"]`);
      await expect(taught).toContainText(/peserta/);
      await expect(section(page, 'Pencairan dana')).toContainText('Saldo tersedia');
      await expect(section(page, 'Pencairan dana').getByRole('link', { name: 'Buka Pencairan dana' })).toHaveAttribute(
        'href',
        '/Akun/Pencairan',
      );
    }
    if (role === 'admin')
      await expect(section(page, 'Konsol staf').getByRole('link', { name: 'Persetujuan pencairan' })).toHaveAttribute(
        'href',
        '/Akun/Pencairan/Persetujuan',
      );
    if (role !== 'student')
      await expect(section(page, 'Konsol staf').getByRole('link', { name: 'Buka konsol' })).toHaveAttribute('href', '/Admin');
    await readableAtNarrow(page, `/Akun (${role})`);
    await keepScreenshot(page, `akun-${role}`);
  });
}
