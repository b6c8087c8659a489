import { expect, type Page, test } from '@playwright/test';
import { revokeCertificate } from '~/lib/api/certificates';
import { PASSWORD, registerByApi, signInWithForm, uniqueEmail } from './auth-support';
import { axeViolations, h1, keepScreenshot, roleClient, scrollsSideways, tenantOf } from './support';

/**
 * A learner's certificate from first chapter to the page a recruiter opens, on the demo tenant: a
 * new learner signs up, reads every chapter of a free course (each chapter page records itself as
 * read for a signed-in reader: the outline counts "N dari M bab selesai"), finds the certificate on
 * /Akun and downloads its PDF there, opens /Sertifikat/{id}; that page, an unknown id's notice and,
 * after an admin revokes the certificate, the revoked notice each pass axe and fit 320 px.
 */

/** A small free course of demo's catalogue (tenants/demo/content/catalogue/courses.yaml): four chapters. */
const COURSE = '/Courses/dasar-html-dan-css';
const COURSE_TITLE = 'Dasar HTML dan CSS';

/** Every `href` on the current page matching `pattern`, in order, without duplicates. */
async function linksMatching(page: Page, pattern: RegExp): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => pattern.test(href)))];
}

/** Axe and 320 px on the page shown now; problems as lines, with a screenshot kept for review. */
async function readableAt320(page: Page, label: string, screenshot: string): Promise<string[]> {
  await page.setViewportSize({ width: 320, height: 800 });
  const problems = [...(await axeViolations(page, label))];
  const sideways = await scrollsSideways(page);
  if (sideways) problems.push(`${label}: ${sideways}`);
  await keepScreenshot(page, screenshot);
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

test('a new learner reads a whole free course, gets its certificate on /Akun, and its page verifies it until it is revoked', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const tenant = tenantOf(testInfo);
  const email = uniqueEmail('sertifikat');
  await registerByApi(request, baseURL ?? '', tenant, email);
  await signInWithForm(page, email, PASSWORD, '/Login?redirect=%2FAkun');
  await expect(page).toHaveURL(/\/Akun$/);
  // Nothing earned yet: the account page says how a certificate is earned.
  await expect(page.locator('[data-certificates-empty]')).toContainText('Anda belum memiliki sertifikat.');

  await page.goto(COURSE);
  const chapters = await linksMatching(page, /\/chapter\/[^/?#]+$/);
  expect(chapters.length, 'the chapters of the course').toBeGreaterThan(1);
  for (const [index, chapter] of chapters.entries()) {
    await page.goto(chapter);
    // Recorded by the chapter page for the signed-in reader; the outline counts it once the API answered.
    await expect(page.locator('[data-course-progress]')).toHaveText(`${index + 1} dari ${chapters.length} bab selesai`);
    // Only the last chapter read completes the course: then the outline says the certificate is out.
    const notice = page.locator('[data-course-certificate]');
    if (index < chapters.length - 1) await expect(notice).toBeHidden();
  }
  const notice = page.getByRole('link', { name: 'Lihat sertifikat' });
  await expect(notice).toHaveAttribute('href', /^\/Sertifikat\/[a-z2-7]{26}$/);
  const announced = await notice.getAttribute('href');

  await page.goto('/Akun');
  const item = page.locator('[data-certificate]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(COURSE_TITLE);
  const id = (await item.getAttribute('data-certificate')) ?? '';
  expect(id).toMatch(/^[a-z2-7]{26}$/);
  expect(announced).toBe(`/Sertifikat/${id}`);
  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: /^Unduh PDF/ }).click();
  expect((await download).suggestedFilename()).toBe(`sertifikat-${id}.pdf`);

  await item.getByRole('link', { name: COURSE_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/Sertifikat/${id}$`));
  await expect(h1(page)).toHaveText('Sertifikat terverifikasi');
  const main = page.locator('main');
  await expect(main).toContainText('Peserta Uji');
  await expect(main).toContainText(tenant.setting.title);
  await expect(main).toContainText(id);
  await expect(main.getByRole('link', { name: COURSE_TITLE })).toHaveAttribute('href', COURSE);
  await expect(main.getByRole('img', { name: /Kode QR/ })).toBeVisible();
  await expect(main).toContainText(`/Sertifikat/${id}`);
  const robots = await page.locator('meta[name="robots"]').getAttribute('content');
  expect(robots).toContain('noindex');
  const pdfLink = main.getByRole('link', { name: 'Unduh PDF' });
  const pdf = await request.get(new URL((await pdfLink.getAttribute('href')) ?? '', page.url()).href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  const problems = await readableAt320(page, `/Sertifikat/${id}`, `${tenant.code}-320-certificate`);

  // An id nobody holds: the certificate page's own notice, status 404.
  const unknown = `/Sertifikat/${'a'.repeat(26)}`;
  const missing = await page.goto(unknown);
  expect(missing?.status()).toBe(404);
  await expect(h1(page)).toHaveText('Sertifikat tidak ditemukan');
  problems.push(...(await readableAt320(page, unknown, `${tenant.code}-320-certificate-unknown`)));

  // Revoked by an admin: the page (cached a moment ago) says so at once, and claims nothing.
  const admin = await roleClient(baseURL ?? '', tenant, 'admin');
  await revokeCertificate(admin, id, { reason: 'Uji pencabutan sertifikat' });
  await page.goto(`/Sertifikat/${id}`);
  await expect(h1(page)).toHaveText('Sertifikat dicabut');
  await expect(page.locator('main')).toContainText(
    /Sertifikat ini telah dicabut pada \d{1,2} \p{L}+ \d{4}\. Alasan: Uji pencabutan sertifikat/u,
  );
  await expect(page.locator('main')).not.toContainText(/terverifikasi/i);
  await expect(page.locator('main').getByRole('link', { name: 'Unduh PDF' })).toHaveCount(0);
  problems.push(...(await readableAt320(page, `/Sertifikat/${id} (dicabut)`, `${tenant.code}-320-certificate-revoked`)));

  // The account page marks it revoked, without a PDF.
  await page.goto('/Akun');
  await expect(page.locator('[data-certificate]')).toContainText('Dicabut');
  await expect(page.locator('[data-certificate]').getByRole('button', { name: /^Unduh PDF/ })).toHaveCount(0);

  expect(problems).toEqual([]);
});
