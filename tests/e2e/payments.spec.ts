import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { CourseProgressResponseSchema } from '~/contract/courses';
import { PAY_AGAIN, PAY_NOW, PAYMENT_FAILED } from '~/contract/payments';
import type { Role } from '~/contract/roles';
import { priceBreakdown } from '~/contract/tax';
import { getClassOverview } from '~/lib/api/classes';
import { createInvoice, listPayouts, paymentDetail, payoutBalance, requestPayout } from '~/lib/api/payments';
import { formatRupiah } from '~/lib/format/money';
import type { Tenant } from '~/lib/tenant/schema';
import { PASSWORD, registerByApi, signInWithForm, uniqueEmail } from './auth-support';
import { accountClient, axeViolations, islandGzip, keepScreenshot, roleClient, scrollsSideways, tenantOf } from './support';

/**
 * Class payments and mentor payouts in Chromium, on the demo tenant against the embedded
 * gateway simulator: a learner pays, fails and lets an invoice expire (each a fresh account, so the
 * tests stand alone), a mentor asks for a payout an admin approves, and every new page passes axe
 * and fits 320 px. Paid classes with registration open (classes.yaml `dates: [-10, 15, 20, 60]`):
 * JS-DASAR-11 (Rp350.000, mentor rizky-pratama, the premium course `javascript-modern` is its
 * learners'), FIGMA-01 and FWD-2026-B3.
 */

const JS_CLASS = '/Class/JS-DASAR-11';
const JS_SLUG = 'javascript-dasar-untuk-pemula';
const FIGMA_CLASS = '/Class/FIGMA-01';
const FWD_CLASS = '/Class/FWD-2026-B3';
const FWD_SLUG = 'bootcamp-fullstack-web-batch-3';
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** A fresh learner account, signed in on the /Login form and brought back to `path`. */
async function freshLearner(page: Page, baseURL: string, tenant: Tenant, path: string) {
  const email = uniqueEmail('pembayar');
  await registerByApi(page.request, baseURL, tenant, email);
  await signInWithForm(page, email, PASSWORD, `/Login?redirect=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return { email, api: await accountClient(baseURL, tenant, email, PASSWORD) };
}

/** The class page's payment box once the island has asked for the learner's invoice. */
const paymentBox = (page: Page) => page.locator('.class-pay');

/** On the simulator's payment page (reached from 'Bayar sekarang'): press one of its buttons. */
async function atGateway(page: Page, button: 'Bayar' | 'Gagalkan pembayaran' | 'Biarkan kedaluwarsa') {
  await expect(page).toHaveURL(/\/api\/sim\/duitku\/pay\//);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/**
 * A fresh learner pays for JS-DASAR-11 (a class of the demo mentor, rizky-pratama) on the gateway's
 * page, so the mentor has money to ask for. `page` is not the learner's browser: its return page
 * only asks them to sign in, and the API says the invoice is paid.
 */
async function learnerPays(page: Page, baseURL: string, tenant: Tenant): Promise<void> {
  const email = uniqueEmail('murid-mentor');
  await registerByApi(page.request, baseURL, tenant, email);
  const learner = await accountClient(baseURL, tenant, email, PASSWORD);
  const invoice = await createInvoice(learner, JS_SLUG);
  await page.goto(invoice.paymentUrl ?? '');
  await atGateway(page, 'Bayar');
  await expect(page).toHaveURL(/\/CallbackPayment\?/);
  await expect.poll(async () => (await paymentDetail(learner, { merchantOrderId: invoice.merchantOrderId }))?.status).toBe('paid');
}

/** A new signed-in browser context for a demo account, on `path`. */
async function roleContext(browser: Browser, tenant: Tenant, role: Role, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInWithForm(page, `${role}@${tenant.code}.example`, `demo-${role}-2026`, `/Login?redirect=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return { context, page };
}

test('a learner registers and pays for a class: invoice with countdown, the gateway, success, and the class is theirs', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const tenant = tenantOf(testInfo);
  const { api } = await freshLearner(page, baseURL ?? '', tenant, JS_CLASS);
  const progress = () =>
    api
      .call('main', 'v1/course/progress', CourseProgressResponseSchema, { query: { courseSlug: 'javascript-modern' } })
      .then((r) => r.data.hasAccess);
  expect(await progress(), 'no access to the class’s premium course before paying').toBe(false);

  // What the learner pays follows the tenant's PPN rule, as the class's data carries it.
  const item = await getClassOverview(api, 'JS-DASAR-11');
  const { total } = priceBreakdown(item.price, item.tax);
  const box = paymentBox(page);
  await expect(box.getByRole('status')).toHaveText(`Biaya kelas ${formatRupiah(total)}.`);
  await expect(box).toContainText('PPN');
  await box.getByRole('button', { name: 'Daftar & bayar' }).click();
  const invoice = box.getByRole('region', { name: 'Tagihan pembayaran' });
  await expect(invoice.getByRole('heading', { name: 'Tagihan pembayaran' })).toBeFocused();
  await expect(invoice).toContainText('JavaScript Dasar');
  await expect(invoice).toContainText('PPN');
  await expect(invoice.locator('.invoice__total')).toContainText(formatRupiah(total));
  const countdown = invoice.getByRole('timer');
  await expect(countdown).toHaveText(/^\d+ (jam \d+ menit|menit \d{2} detik|hari \d+ jam)$/);
  const order = (await invoice.getAttribute('data-order')) ?? '';
  expect(order).not.toBe('');
  await keepScreenshot(page, 'demo-payment-invoice');

  // The learner pays in a second tab; this one hears of it when it is shown again.
  const payTab = await context.newPage();
  await payTab.goto(JS_CLASS);
  await paymentBox(payTab).getByRole('link', { name: PAY_NOW }).click();
  await atGateway(payTab, 'Bayar');
  await expect(payTab).toHaveURL(new RegExp(`/Payment-Status/Success\\?merchantOrderId=${order}$`));
  // The page says success because the invoice is paid, and shows that invoice.
  const receipt = payTab.locator(`.pay-status[data-order="${order}"]`);
  await expect(receipt.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();
  await expect(receipt).toContainText('Lunas');
  await expect(receipt).toContainText(formatRupiah(total));
  await expect(payTab).toHaveTitle(/Pembayaran berhasil/);
  await keepScreenshot(payTab, 'demo-payment-success');
  await payTab.close();

  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(box.getByRole('status')).toHaveText('Anda sudah terdaftar di kelas ini.');
  await page.reload();
  await expect(paymentBox(page).getByRole('status')).toHaveText('Anda sudah terdaftar di kelas ini.');
  await expect(paymentBox(page).getByRole('link', { name: 'Buka halaman Akun' })).toHaveAttribute('href', '/Akun');
  await expect(paymentBox(page).getByRole('button')).toHaveCount(0);

  const detail = await paymentDetail(api, { merchantOrderId: order });
  expect(detail).toMatchObject({ status: 'paid', enrolled: true, classCode: 'JS-DASAR-11' });
  await expect.poll(progress, { message: 'the premium course of the class opens to its new learner' }).toBe(true);
});

test('a refused payment says “Pembayaran Gagal” and leads back to the class, which offers a new invoice', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await freshLearner(page, baseURL ?? '', tenantOf(testInfo), FIGMA_CLASS);
  const box = paymentBox(page);
  await box.getByRole('button', { name: 'Daftar & bayar' }).click();
  await box.getByRole('link', { name: PAY_NOW }).click();
  await atGateway(page, 'Gagalkan pembayaran');

  await expect(page).toHaveURL(/\/CallbackPayment\?/);
  expect(new URL(page.url()).searchParams.get('resultCode')).not.toBe('00');
  await expect(page.getByRole('heading', { name: PAYMENT_FAILED })).toBeVisible();
  const back = page.getByRole('link', { name: 'Kembali ke halaman kelas untuk mencoba lagi' });
  await expect(back).toHaveAttribute('href', FIGMA_CLASS);
  await keepScreenshot(page, 'demo-payment-failed');
  await back.click();

  await expect(page).toHaveURL(new RegExp(`${FIGMA_CLASS}$`));
  await expect(paymentBox(page).getByRole('status')).toHaveText('Pembayaran sebelumnya gagal atau dibatalkan.');
  await paymentBox(page).getByRole('button', { name: 'Buat tagihan baru' }).click();
  await expect(paymentBox(page).getByRole('link', { name: PAY_NOW })).toBeVisible();
});

test('an invoice left to expire offers “Bayar ulang”, which gives a fresh pending invoice', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const { api } = await freshLearner(page, baseURL ?? '', tenantOf(testInfo), FWD_CLASS);
  const box = paymentBox(page);
  await box.getByRole('button', { name: 'Daftar & bayar' }).click();
  const first = (await box.locator('[data-order]').getAttribute('data-order')) ?? '';
  await box.getByRole('link', { name: PAY_NOW }).click();
  await atGateway(page, 'Biarkan kedaluwarsa');

  await expect(page).toHaveURL(/\/CallbackPayment\?/);
  await expect(page.getByRole('heading', { name: PAYMENT_FAILED })).toBeVisible();
  await page.getByRole('link', { name: 'Kembali ke halaman kelas untuk mencoba lagi' }).click();
  await expect(page).toHaveURL(new RegExp(`${FWD_CLASS}$`));
  await expect(paymentBox(page).getByRole('status')).toHaveText('Tagihan Anda untuk kelas ini sudah kedaluwarsa.');
  await keepScreenshot(page, 'demo-payment-expired');

  await paymentBox(page).getByRole('button', { name: PAY_AGAIN }).click();
  const fresh = paymentBox(page).getByRole('region', { name: 'Tagihan pembayaran' });
  await expect(fresh.getByRole('link', { name: PAY_NOW })).toBeVisible();
  const second = (await fresh.getAttribute('data-order')) ?? '';
  expect(second).not.toBe(first);
  await expect(fresh.getByRole('timer')).not.toHaveText('Kedaluwarsa');
  expect(await paymentDetail(api, { slug: FWD_SLUG })).toMatchObject({ merchantOrderId: second, status: 'pending' });
  expect(await paymentDetail(api, { merchantOrderId: first })).toMatchObject({ status: 'expired' });

  // The fresh invoice is paid like the first would have been, and returns to this site.
  await fresh.getByRole('link', { name: PAY_NOW }).click();
  await atGateway(page, 'Bayar');
  await expect(page).toHaveURL(new RegExp(`/Payment-Status/Success\\?merchantOrderId=${second}$`));
});

test('a mentor asks for a payout, an admin approves it, and the mentor sees it approved with the balance moved', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const tenant = tenantOf(testInfo);
  const base = baseURL ?? '';
  const mentorApi = await roleClient(base, tenant, 'mentor');
  const before = await payoutBalance(mentorApi);

  await learnerPays(page, base, tenant);
  await expect
    .poll(async () => (await payoutBalance(mentorApi)).earned, { message: 'the mentor earns from the paid class' })
    .toBeGreaterThan(before.earned);

  const amount = 10_000 + Math.floor(Math.random() * 400) * 100;
  await expect.poll(async () => (await payoutBalance(mentorApi)).available).toBeGreaterThanOrEqual(amount);
  const mentor = await roleContext(browser, tenant, 'mentor', '/Akun/Pencairan');
  const saldo = mentor.page.getByRole('region', { name: 'Saldo' });
  await expect(saldo.getByText('Saldo tersedia')).toBeVisible();
  const form = mentor.page.getByRole('form', { name: 'Ajukan pencairan' });
  await expect(form.getByRole('button', { name: 'Ajukan pencairan' })).toBeEnabled();
  await form.getByLabel('Nama pemilik rekening').fill('Rizky Pratama');
  await form.getByLabel('Bank tujuan').selectOption({ label: 'BCA' });
  await form.getByLabel('Nomor rekening').fill('1234 5678 90');
  await form.getByLabel('Jumlah (Rp)').fill(String(amount));
  await form.getByLabel('Jumlah (Rp)').blur();
  await expect(form.getByLabel('Jumlah (Rp)')).toHaveValue(formatRupiah(amount).replace('Rp', ''));
  await form.getByRole('button', { name: 'Ajukan pencairan' }).click();
  await expect(mentor.page.getByRole('heading', { name: 'Permintaan pencairan terkirim' })).toBeFocused();

  const mine = (await listPayouts(mentorApi, { status: 'requested' })).items.find((item) => item.amount === amount);
  expect(mine, 'the request is in the mentor’s list').toBeDefined();
  expect(mine?.accountNumber).toMatch(/7890$/);
  expect(mine?.accountNumber).not.toContain('123456');
  const row = mentor.page.locator(`li[data-payout="${mine?.id}"]`);
  await expect(row).toContainText('Menunggu persetujuan');
  await expect(row).toContainText(mine?.accountNumber ?? '');
  await keepScreenshot(mentor.page, 'demo-payouts-requested');

  const admin = await roleContext(browser, tenant, 'admin', '/Akun/Pencairan/Persetujuan');
  await expect(admin.page.getByLabel('Status', { exact: true })).toHaveValue('requested');
  const queued = admin.page.locator(`li[data-payout="${mine?.id}"]`);
  await expect(queued).toContainText(formatRupiah(amount));
  await expect(queued).toContainText('Rizky Pratama');
  await keepScreenshot(admin.page, 'demo-payouts-approvals');
  await queued.getByRole('button', { name: /^Setujui/ }).click();
  await expect(queued.locator('.payout-state')).toHaveText('Disetujui');
  await expect(queued.getByRole('button', { name: /^Setujui/ })).toHaveCount(0);
  await admin.context.close();

  await mentor.page.reload();
  await expect(mentor.page.locator(`li[data-payout="${mine?.id}"] .payout-state`)).toHaveText('Disetujui');
  const after = await payoutBalance(mentorApi);
  expect(after.paidOut - before.paidOut).toBe(amount);
  await expect(mentor.page.getByRole('region', { name: 'Saldo' }).locator('div', { hasText: 'Sudah dicairkan' }).locator('dd')).toHaveText(
    formatRupiah(after.paidOut),
  );
  await keepScreenshot(mentor.page, 'demo-payouts-approved');
  await mentor.context.close();
});

test('an admin rejects a payout with a reason: a short reason is named beside the field, the mentor reads the reason', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const tenant = tenantOf(testInfo);
  const base = baseURL ?? '';
  const mentorApi = await roleClient(base, tenant, 'mentor');
  await learnerPays(page, base, tenant);
  const amount = 10_000 + Math.floor(Math.random() * 400) * 100 + 50;
  await expect.poll(async () => (await payoutBalance(mentorApi)).available).toBeGreaterThanOrEqual(amount);
  const payout = await requestPayout(
    mentorApi,
    { name: 'Rizky Pratama', email: 'rizky@contoh.id', bank: '002', accountNumber: '9876543210', amount: String(amount) },
    { idempotencyKey: crypto.randomUUID() },
  );
  expect(payout).toMatchObject({ status: 'requested', accountNumber: expect.stringMatching(/3210$/) });

  const admin = await roleContext(browser, tenant, 'admin', '/Akun/Pencairan/Persetujuan');
  await admin.page.setViewportSize({ width: 320, height: 800 });
  const row = admin.page.locator(`li[data-payout="${payout.id}"]`);
  await row.getByRole('button', { name: /^Tolak/ }).click();
  const reason = row.getByLabel('Alasan penolakan');
  await expect(reason).toBeFocused();
  await row.getByRole('button', { name: 'Kirim penolakan' }).click();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(row.getByText('Alasan penolakan minimal 5 karakter')).toBeVisible();
  const found = await axeViolations(admin.page, 'Persetujuan (formulir penolakan)');
  const overflow = await scrollsSideways(admin.page);
  if (overflow) found.push(`Persetujuan at 320 px: ${overflow}`);
  await keepScreenshot(admin.page, 'demo-320-payments-Persetujuan-tolak');
  expect(found).toEqual([]);

  await reason.fill('Nama pemilik rekening tidak sesuai dengan nama mentor.');
  await row.getByRole('button', { name: 'Kirim penolakan' }).click();
  await expect(row.locator('.payout-state')).toHaveText('Ditolak');
  await expect(row).toContainText('Nama pemilik rekening tidak sesuai dengan nama mentor.');
  await expect(admin.page.getByRole('status').filter({ hasText: 'Ditolak.' })).toBeVisible();
  await admin.context.close();

  const decided = (await listPayouts(mentorApi, { status: 'rejected' })).items.find((item) => item.id === payout.id);
  expect(decided).toMatchObject({ status: 'rejected', reason: 'Nama pemilik rekening tidak sesuai dengan nama mentor.' });
});

test('a visitor who is not signed in keeps today’s “Daftar Sekarang” link and loads no React; a free class has no payment island', async ({
  page,
  request,
}) => {
  const html = await (await request.get(JS_CLASS)).text();
  expect(html).toContain(`href="/Login?redirect=${encodeURIComponent(JS_CLASS)}"`);
  expect(html).toContain('Daftar Sekarang');
  // A visitor's browser holds no sign-in: the island stays server-rendered HTML and React never loads.
  const scripts: string[] = [];
  page.on('request', (sent) => sent.resourceType() === 'script' && scripts.push(sent.url()));
  await page.goto(JS_CLASS);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2500);
  expect(scripts.filter((url) => /ClassPayment|client\.[\w-]+\.js/.test(url))).toEqual([]);
  const link = page.locator('#daftar').getByRole('link', { name: 'Daftar Sekarang' });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/Login?redirect=${encodeURIComponent(JS_CLASS)}`);
  await page.goto('/Class/PRA-WEB-01');
  await expect(page.locator('astro-island')).toHaveCount(0);
  await expect(page.locator('#daftar').getByRole('link', { name: 'Daftar Sekarang' })).toBeVisible();
});

test('the payment and payout pages pass axe and fit a 320 px phone, signed out and signed in', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const tenant = tenantOf(testInfo);
  const found: string[] = [];
  const check = async (page: Page, label: string) => {
    found.push(...(await axeViolations(page, label)));
    const overflow = await scrollsSideways(page);
    if (overflow) found.push(`${label} at 320 px: ${overflow}`);
    await keepScreenshot(page, `demo-320-payments-${label.replace(/[^A-Za-z]+/g, '-').replace(/^-|-$/g, '')}`);
  };
  const narrow = { viewport: { width: 320, height: 800 } };

  const visitor = await browser.newContext(narrow);
  const page = await visitor.newPage();
  await page.goto('/CallbackPayment?merchantOrderId=INV-tidak-ada&resultCode=02&reference=X');
  await expect(page.getByRole('heading', { name: PAYMENT_FAILED })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kembali ke halaman kelas untuk mencoba lagi' })).toHaveAttribute('href', '/Class');
  // The tab's title and the page's words follow the failure.
  await expect(page).toHaveTitle(/^Pembayaran gagal - /);
  await expect(page.getByText('Sebentar, kami sedang memeriksa')).toHaveCount(0);
  await check(page, 'CallbackPayment gagal');
  await page.goto('/CallbackPayment?merchantOrderId=INV-tidak-ada&resultCode=00&reference=X');
  await expect(page.locator('.island-slot').getByRole('link', { name: 'Masuk', exact: true })).toHaveAttribute(
    'href',
    /^\/Login\?redirect=%2FCallbackPayment%3F/,
  );
  await check(page, 'CallbackPayment belum masuk');
  for (const path of ['/Payment-Status/Success', '/Payment-Status/Error']) {
    // Opened directly, signed out, without an order: no claim of success or failure.
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status pembayaran');
    await expect(page.locator('.island-slot')).toContainText('Kami tidak menemukan pembayaran ini di akun Anda');
    await expect(page.locator('.island-slot').getByRole('link', { name: 'Buka halaman Akun' })).toHaveAttribute('href', '/Akun');
    await check(page, path);
    await page.goto(`${path}?merchantOrderId=INV-tidak-ada`);
    await expect(page.locator('.island-slot').getByRole('link', { name: 'Masuk', exact: true })).toHaveAttribute(
      'href',
      `/Login?redirect=${encodeURIComponent(`${path}?merchantOrderId=INV-tidak-ada`)}`,
    );
    await expect(page.locator('.island-slot')).not.toContainText('berhasil');
  }
  await page.goto('/Akun/Pencairan');
  await expect(page.locator('.island-slot').getByRole('link', { name: 'Masuk ke akun Anda' }).last()).toHaveAttribute(
    'href',
    '/Login?redirect=%2FAkun%2FPencairan',
  );
  await check(page, 'Pencairan belum masuk');
  await visitor.close();

  const learner = await browser.newContext(narrow);
  const learnerPage = await learner.newPage();
  await freshLearner(learnerPage, baseURL ?? '', tenant, FWD_CLASS);
  await paymentBox(learnerPage).getByRole('button', { name: 'Daftar & bayar' }).click();
  await expect(paymentBox(learnerPage).getByRole('link', { name: PAY_NOW })).toBeVisible();
  await check(learnerPage, 'kelas dengan tagihan');
  // Another learner's order, or none such, is not found in this account.
  await learnerPage.goto('/Payment-Status/Success?merchantOrderId=INV-tidak-ada');
  await expect(learnerPage.locator('.island-slot')).toContainText('Kami tidak menemukan pembayaran ini di akun Anda');
  await expect(learnerPage).not.toHaveTitle(/berhasil/);
  await check(learnerPage, 'status pembayaran tidak ditemukan');
  await learnerPage.goto('/Akun/Pencairan');
  await expect(learnerPage.getByText('Halaman pencairan dana hanya untuk mentor.')).toBeVisible();
  await learner.close();

  const mentor = await roleContext(browser, tenant, 'mentor', '/Akun/Pencairan');
  await mentor.page.setViewportSize(narrow.viewport);
  const form = mentor.page.getByRole('form', { name: 'Ajukan pencairan' });
  await expect(form.getByRole('button', { name: 'Ajukan pencairan' })).toBeEnabled();
  await expect(mentor.page.getByText('Saldo tersedia', { exact: true })).toBeVisible();
  await form.getByLabel('Nama pemilik rekening').fill('');
  await form.getByLabel('Jumlah (Rp)').fill('5000');
  await form.getByRole('button', { name: 'Ajukan pencairan' }).click();
  await expect(form.getByText('Jumlah minimal Rp10.000')).toBeVisible();
  await expect(form.getByLabel('Nama pemilik rekening')).toBeFocused();
  await check(mentor.page, 'Pencairan mentor');
  await mentor.page.goto('/Akun/Pencairan/Persetujuan');
  await expect(mentor.page.getByText('Persetujuan pencairan hanya untuk admin.')).toBeVisible();
  await mentor.context.close();

  const admin = await roleContext(browser, tenant, 'admin', '/Akun/Pencairan/Persetujuan');
  await admin.page.setViewportSize(narrow.viewport);
  await expect(admin.page.getByLabel('Status', { exact: true })).toHaveValue('requested');
  await expect(admin.page.getByText(/permintaan · halaman|Tidak ada permintaan/)).toBeVisible();
  await check(admin.page, 'Persetujuan admin');
  await admin.context.close();
  expect(found).toEqual([]);
});

test('each payment island’s JavaScript, measured in gzip with React and all it imports', async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes: string[] = [];
  const measure = async (path: string, component: string) => {
    await page.goto(path);
    await expect(page.locator(`astro-island[component-url*="${component}"]`).first()).toBeAttached();
    const { total, own } = await islandGzip(page, page.request, component);
    sizes.push(`${component} ${(total / 1024).toFixed(1)} KB (sendiri ${(own / 1024).toFixed(1)} KB)`);
    expect(own).toBeGreaterThan(0);
  };
  await measure(JS_CLASS, 'ClassPayment');
  await measure('/CallbackPayment?resultCode=02', 'CallbackPayment');
  await measure('/Payment-Status/Success', 'PaymentStatus');
  await measure('/Akun/Pencairan', 'Payouts');
  await measure('/Akun/Pencairan/Persetujuan', 'PayoutApprovals');
  await context.close();
  testInfo.annotations.push({ type: 'payment islands gzip', description: sizes.join('; ') });
  console.log(`Pulau pembayaran (gzip, dengan React dan semua impornya): ${sizes.join('; ')}`);
});
