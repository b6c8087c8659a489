import { expect, type Page, test } from '@playwright/test';
import type { ApiClient } from '~/lib/api';
import { ERRORS } from '~/server/platform/errors';
import { PASSWORD, registerByApi, signInWithForm, uniqueEmail } from './auth-support';
import { axeViolations, roleClient, scrollsSideways, tenantOf } from './support';

/**
 * The account's mailed links on a tenant that signs in on its own /Login form (demo): a sign-up's
 * verification link taken from the mail catcher's inbox verifies the account once; a password reset
 * by mail signs out a browser that was signed in before; forged, expired and reused links are refused
 * with the server's words on the page. Expiry itself is played by the server tests (the clock cannot
 * be moved here): the page's side is shown with the server's 410 answer.
 */

const NEW_PASSWORD = 'Baru-sekali-2027';

let admin: ApiClient;
test.beforeAll(async ({ baseURL }, testInfo) => {
  admin = await roleClient(baseURL ?? '', tenantOf(testInfo), 'admin');
});

/**
 * The path and fragment of the newest `/<page>#token=…` link mailed to `email`, read through the
 * catcher's inbox (the mail worker delivers within moments of the request).
 */
async function mailedLink(email: string, page: 'Verifikasi-Email' | 'Atur-Ulang-Password'): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(/${page}#token=[A-Za-z0-9_-]{43})`);
  let found = '';
  await expect
    .poll(
      async () => {
        const list = (await (await admin.send('mailer', 'v1/inbox')).json()) as { data: { items: { id: number; to: string[] }[] } };
        // Newest first: the first match is the latest link.
        for (const item of list.data.items.filter((mail) => mail.to.includes(email))) {
          const detail = (await (await admin.send('mailer', `v1/inbox/${item.id}`)).json()) as { data: { text: string } };
          const match = detail.data.text.match(pattern);
          if (match?.[1]) {
            found = match[1];
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, message: `a ${page} link mailed to ${email}` },
    )
    .toBe(true);
  return found;
}

/** A token of the right shape that no link ever carried. */
const FORGED = `#token=${'Z'.repeat(43)}`;

/**
 * Opens a link's page afresh: from the same page without the fragment (which the island removed), a
 * plain `goto` would only move to the fragment and never load the page again.
 */
async function open(page: Page, path: string) {
  await page.goto('about:blank');
  await page.goto(path);
}

async function fillNewPassword(page: Page, password: string, repeat = password) {
  await page.getByLabel('Kata sandi baru', { exact: true }).fill(password);
  await page.getByLabel('Ulangi kata sandi baru', { exact: true }).fill(repeat);
}

test('a sign-up’s verification link verifies the account once: the /Akun banner goes, the link then is refused', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('verifikasi');
  await registerByApi(request, baseURL ?? '', tenantOf(testInfo), email);
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/Akun$/);
  const banner = page.getByRole('region', { name: 'Verifikasi email' });
  await expect(banner).toContainText('Email Anda belum diverifikasi');

  const link = await mailedLink(email, 'Verifikasi-Email');
  await open(page, link);
  await expect(page.getByRole('heading', { name: 'Email terverifikasi' })).toBeFocused();
  await expect(page.locator('.form-done')).toContainText(email);
  // The token left the address bar.
  await expect.poll(() => new URL(page.url()).hash).toBe('');

  await page.getByRole('link', { name: 'Buka halaman Akun' }).click();
  await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  await open(page, link);
  await expect(page.getByRole('alert')).toContainText('sudah dipakai');
});

test('a reset by mail sets the new password and signs out a browser that was signed in before', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('atur-ulang');
  await registerByApi(request, baseURL ?? '', tenantOf(testInfo), email);
  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const before = await other.newPage();
  await signInWithForm(before, email, PASSWORD);
  await expect(before).toHaveURL(/\/Akun$/);
  await expect(before.getByRole('heading', { name: 'Profil' })).toBeVisible();

  await page.goto('/Login');
  await page.getByRole('link', { name: 'Lupa password?' }).click();
  await expect(page).toHaveURL(/\/Lupa-Password$/);
  const forgot = page.getByRole('form', { name: 'Lupa password' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Kirim tautan' }).click();
  await expect(forgot.getByRole('status')).toContainText('Jika email tersebut terdaftar');
  await expect(forgot.getByLabel('Email')).toHaveValue(email);

  const link = await mailedLink(email, 'Atur-Ulang-Password');
  await open(page, link);
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  // A mismatch is caught before anything is sent.
  await fillNewPassword(page, NEW_PASSWORD, 'Lain-2027');
  await page.getByRole('button', { name: 'Simpan password baru' }).click();
  await expect(page.getByLabel('Ulangi kata sandi baru', { exact: true })).toHaveAccessibleDescription(/tidak sama/);
  await fillNewPassword(page, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Simpan password baru' }).click();
  await expect(page.getByRole('heading', { name: 'Password berhasil diubah' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Masuk dengan password baru' })).toHaveAttribute('href', '/Login');

  // The browser signed in before is signed out the next time it calls the API.
  await before.reload();
  await expect(before).toHaveURL(/\/Login\?redirect=%2FAkun$/);
  await other.close();

  // The same link again: refused, what was typed stays.
  await open(page, link);
  await fillNewPassword(page, 'Lagi-lagi-2028');
  await page.getByRole('button', { name: 'Simpan password baru' }).click();
  await expect(page.getByRole('alert')).toContainText('sudah dipakai');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Minta tautan baru' })).toHaveAttribute('href', '/Lupa-Password');
  await expect(page.getByLabel('Kata sandi baru', { exact: true })).toHaveValue('Lagi-lagi-2028');

  await signInWithForm(page, email, NEW_PASSWORD);
  await expect(page).not.toHaveURL(/\/Login/);
});

test('forged, incomplete and expired links are refused with the reason and the way to a new link', async ({ page }) => {
  await open(page, `/Verifikasi-Email${FORGED}`);
  await expect(page.getByRole('alert')).toContainText(ERRORS.verifyLinkUnknown.message);
  // Not signed in: the way to a new link is to sign in.
  await expect(page.getByRole('link', { name: 'Masuk ke akun Anda' })).toHaveAttribute('href', '/Login?redirect=%2FAkun');

  await open(page, '/Verifikasi-Email');
  await expect(page.getByRole('alert')).toContainText('tidak lengkap');

  // An expired link: the server's 410 (made real by the server tests), shown as it says.
  await page.route('**/api/auth/email/verify', (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 410, message: ERRORS.verifyLinkExpired.message }),
    }),
  );
  await open(page, `/Verifikasi-Email${FORGED}`);
  await expect(page.getByRole('alert')).toContainText('kedaluwarsa');
  await page.unroute('**/api/auth/email/verify');

  await open(page, `/Atur-Ulang-Password${FORGED}`);
  await fillNewPassword(page, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Simpan password baru' }).click();
  await expect(page.getByRole('alert')).toContainText(ERRORS.resetLinkUnknown.message);
  await expect(page.getByLabel('Kata sandi baru', { exact: true })).toHaveValue(NEW_PASSWORD);

  await page.route('**/api/auth/password/reset', (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 410, message: ERRORS.resetLinkExpired.message }),
    }),
  );
  await open(page, `/Atur-Ulang-Password${FORGED}`);
  await fillNewPassword(page, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Simpan password baru' }).click();
  await expect(page.getByRole('alert')).toContainText('kedaluwarsa');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Minta tautan baru' })).toBeVisible();
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the three pages pass axe and never scroll sideways, in their answered states too', async ({ page }) => {
    const checks: string[] = [];
    const check = async (label: string) => {
      checks.push(...(await axeViolations(page, label)));
      const wide = await scrollsSideways(page);
      if (wide) checks.push(`${label} scrolls sideways: ${wide}`);
    };

    await open(page, `/Verifikasi-Email${FORGED}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await check('/Verifikasi-Email (refused)');

    await page.goto('/Lupa-Password');
    await check('/Lupa-Password');
    const forgot = page.getByRole('form', { name: 'Lupa password' });
    await forgot.getByRole('button', { name: 'Kirim tautan' }).click();
    await expect(forgot.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await check('/Lupa-Password (invalid)');
    await forgot.getByLabel('Email').fill(uniqueEmail('tidak-terdaftar'));
    await forgot.getByRole('button', { name: 'Kirim tautan' }).click();
    await expect(forgot.getByRole('status')).toContainText('Jika email tersebut terdaftar');
    await check('/Lupa-Password (answered)');

    await open(page, `/Atur-Ulang-Password${FORGED}`);
    await check('/Atur-Ulang-Password');
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Simpan password baru' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await check('/Atur-Ulang-Password (refused)');

    expect(checks).toEqual([]);
  });
});
