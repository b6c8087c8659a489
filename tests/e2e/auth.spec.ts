import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Role } from '~/contract/roles';
import type { Tenant } from '~/lib/tenant/schema';
import { axeViolations, scrollsSideways, tenantOf } from './support';

/**
 * Sign-up, sign-in, sign-out and the account page in Chromium against the real server (issue 13),
 * on the tenant's own sign-in mode: the form on /Login (demo), or the account service's login page
 * and /CallbackAuth (a tenant in redirect-login mode, elevaite).
 */

const PASSWORD = 'Rahasia-2026';
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@contoh.id`;
const modeOf = (tenant: Tenant) => tenant.setting.login.mode;

/** Creates an account through the auth service, as the /Register form does (faster where the form itself is not under test). */
async function registerByApi(request: APIRequestContext, baseURL: string, tenant: Tenant, email: string): Promise<void> {
  const response = await request.post(`${baseURL}/api/auth/user/register`, {
    headers: { lmsId: tenant.lmsId },
    data: {
      email,
      name: 'Peserta Uji',
      phone: '081234567890',
      birthDate: '2004-02-29',
      gender: 'P',
      provinceId: '32',
      cityId: '32.73',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      newsletter: false,
      acceptTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in on the /Login form at `path`. */
async function signInWithForm(page: Page, email: string, password: string, path = '/Login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

/** The account page's role: the raw name in `data-role` and its Indonesian label. */
const roleOnAccountPage = (page: Page) => page.locator('.account__details [data-role]');

test.describe('sign-in form', () => {
  test.beforeEach(({ page: _ }, testInfo) => {
    test.skip(modeOf(tenantOf(testInfo)) !== 'form', 'this tenant signs in on the account service');
  });

  test('signs up on /Register, lands on /Akun as Siswa, signs out, and signs in again', async ({ page }) => {
    const email = uniqueEmail('daftar');
    await page.goto('/Register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Nama lengkap').fill('Sari Pertiwi');
    await page.getByLabel('Nomor HP').fill('+62 812-3456-7890');
    await page.getByLabel('Tanggal lahir').fill('2006-08-17');
    await page.getByLabel('Perempuan').check();
    const province = page.getByLabel('Provinsi');
    await expect(province).toBeEnabled();
    await expect(page.getByLabel('Kota/kabupaten')).toBeDisabled();
    await province.selectOption('32');
    const city = page.getByLabel('Kota/kabupaten');
    await expect(city).toBeEnabled();
    await city.selectOption('32.73');
    await page.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Ulangi kata sandi').fill(PASSWORD);
    await page.getByLabel(/Saya menyetujui/).check();
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();

    await expect(page).toHaveURL(/\/Akun$/);
    await expect(page.locator('.account__details')).toContainText('Sari Pertiwi');
    await expect(page.locator('.account__details')).toContainText(email);
    await expect(roleOnAccountPage(page)).toHaveAttribute('data-role', 'student');
    await expect(roleOnAccountPage(page)).toHaveText('Siswa');
    await expect(page.locator('.account__details')).toContainText('081234567890');
    await expect(page.locator('header a[data-account]').first()).toHaveAttribute('href', '/Akun');

    await page.getByRole('button', { name: 'Keluar', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // The signed-out account page sends the visitor to sign in, and back after.
    await page.goto('/Akun');
    await expect(page).toHaveURL(/\/Login\?redirect=%2FAkun$/);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page).toHaveURL(/\/Akun$/);
    await expect(roleOnAccountPage(page)).toHaveText('Siswa');
  });

  test('the sign-up form shows its messages beside the fields and keeps a taken e-mail out', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const taken = uniqueEmail('terpakai');
    await registerByApi(request, baseURL as string, tenantOf(testInfo), taken);
    await page.goto('/Register');
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Anda harus menyetujui syarat dan ketentuan')).toBeVisible();
    await page.getByLabel('Nomor HP').fill('12345');
    await page.getByLabel('Nomor HP').blur();
    await expect(page.getByText('Nomor HP harus diawali 08 atau +62')).toBeVisible();

    await email.fill(taken);
    await page.getByLabel('Nama lengkap').fill('Budi Santoso');
    await page.getByLabel('Nomor HP').fill('081298765432');
    await page.getByLabel('Tanggal lahir').fill('2000-01-15');
    await page.getByLabel('Laki-laki').check();
    await page.getByLabel('Provinsi').selectOption('32');
    await expect(page.getByLabel('Kota/kabupaten')).toBeEnabled();
    await page.getByLabel('Kota/kabupaten').selectOption('32.73');
    await page.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Ulangi kata sandi').fill(PASSWORD);
    await page.getByLabel(/Saya menyetujui/).check();
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    await expect(page.getByText('Email sudah terdaftar')).toBeVisible();
    await expect(page.locator('.field', { has: email }).getByRole('link', { name: 'Masuk dengan email ini' })).toHaveAttribute(
      'href',
      '/Login',
    );
    await expect(page).toHaveURL(/\/Register$/);
  });

  test('"Keluar dari semua perangkat" ends the sign-in on the other browser too', async ({ browser, request, baseURL }, testInfo) => {
    const email = uniqueEmail('semua');
    await registerByApi(request, baseURL as string, tenantOf(testInfo), email);
    const [school, home] = [await browser.newContext(), await browser.newContext()];
    const [here, there] = [await school.newPage(), await home.newPage()];
    for (const page of [there, here]) {
      await signInWithForm(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/Akun$/);
    }
    // The registration's own sign-in counts too.
    await expect(here.locator('.account__details')).toContainText('3 (termasuk perangkat ini)');
    await here.getByRole('button', { name: 'Keluar dari semua perangkat' }).click();
    await expect(here).toHaveURL(/\/$/);
    await there.reload();
    await expect(there).toHaveURL(/\/Login\?redirect=%2FAkun$/);
    expect(await there.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await Promise.all([school.close(), home.close()]);
  });

  for (const role of ['admin', 'mentor', 'student', 'writer'] satisfies Role[]) {
    test(`the demo ${role} signs in and sees the role on /Akun`, async ({ page }, testInfo) => {
      const { code } = tenantOf(testInfo);
      await signInWithForm(page, `${role}@${code}.example`, `demo-${role}-2026`, '/Login?redirect=%2FAkun');
      await expect(page).toHaveURL(/\/Akun$/);
      await expect(roleOnAccountPage(page)).toHaveAttribute('data-role', role);
    });
  }

  test('a wrong password reads like an unknown e-mail, and the sixth try after five wrong ones says when to try again', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const email = uniqueEmail('kunci');
    await registerByApi(request, baseURL as string, tenantOf(testInfo), email);
    await signInWithForm(page, 'tidak-ada@contoh.id', PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Email atau password salah');
    const passwordField = page.getByLabel('Kata sandi', { exact: true });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.getByLabel('Email', { exact: true }).fill(email);
      await passwordField.fill(`salah-${attempt}`);
      const submit = page.getByRole('button', { name: 'Masuk', exact: true });
      await submit.click();
      // The alert goes while the form is sent and comes back with this very attempt's answer.
      await expect(submit).toBeEnabled();
      await expect(page.getByRole('alert')).toHaveText('Email atau password salah');
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    }
    await passwordField.fill(PASSWORD);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(/dikunci|Terlalu banyak/);
    await expect(page.getByRole('alert')).toContainText(/Coba lagi pukul \d{2}\.\d{2} WIB/);
    await expect(page).toHaveURL(/\/Login$/);
  });

  test('a return address on another site is refused with ERR_REDIRECT after signing in, and the page stays', async ({ page }, testInfo) => {
    const { code } = tenantOf(testInfo);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await signInWithForm(
      page,
      `student@${code}.example`,
      'demo-student-2026',
      `/Login?redirect=${encodeURIComponent('https://evil.example/')}`,
    );
    await expect(page.getByRole('alert')).toContainText('Alamat tujuan ditolak (ERR_REDIRECT): Anda tetap di situs ini.');
    await expect(page.getByRole('alert').getByRole('link', { name: 'Buka halaman Akun' })).toHaveAttribute('href', '/Akun');
    expect(new URL(page.url()).pathname).toBe('/Login');
    expect(requests.filter((url) => new URL(url).host === 'evil.example')).toEqual([]);
    // Signed in nonetheless: the header names the user.
    await expect(page.locator('header a[data-account]').first()).toHaveAttribute('href', '/Akun');
  });
});

test.describe('redirect-login mode', () => {
  test.beforeEach(({ page: _ }, testInfo) => {
    test.skip(modeOf(tenantOf(testInfo)) !== 'redirect', 'this tenant signs in on its own /Login form');
  });

  test('"Masuk dengan akun" goes to the account login page, which returns through /CallbackAuth to the page asked for', async ({
    page,
  }, testInfo) => {
    const { code } = tenantOf(testInfo);
    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(frame.url());
    });
    await page.goto('/Login?redirect=%2FAbout');
    await page.getByRole('button', { name: 'Masuk dengan akun' }).click();
    await expect(page).toHaveURL(/\/api\/auth\/login\?/);
    const login = new URL(page.url());
    expect(login.searchParams.get('redirectTo')).toBe(new URL(page.url()).origin);
    expect(login.searchParams.get('code')).toBe(tenantOf(testInfo).appCode);
    expect(login.searchParams.get('lmsId')).toBe(tenantOf(testInfo).lmsId);
    expect(login.searchParams.get('generatedToken')).toMatch(new RegExp(`^${tenantOf(testInfo).appCode}\\.`));
    expect(login.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{32}$/);

    await page.getByLabel(/email/i).fill(`mentor@${code}.example`);
    await page.getByLabel(/kata sandi|password/i).fill('demo-mentor-2026');
    await page.getByRole('button', { name: /masuk/i }).click();
    await expect(page).toHaveURL(/\/About$/);
    expect(seen.some((url) => url.includes('/CallbackAuth'))).toBe(true);
    await expect(page.locator('header a[data-account]').first()).toHaveAttribute('href', '/Akun');
    // The one-time code never stays in the history: going back does not show it.
    expect(await page.evaluate(() => sessionStorage.getItem('auth_state'))).toBeNull();
    await page.goto('/Akun');
    await expect(roleOnAccountPage(page)).toHaveAttribute('data-role', 'mentor');
  });
});

test('a forged /CallbackAuth return is refused, and its code leaves the address bar', async ({ page }) => {
  await page.goto('/CallbackAuth?code=x&state=y');
  await expect(page.getByRole('alert')).toContainText('Permintaan masuk tidak valid atau sudah kedaluwarsa. Silakan masuk kembali.');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Kembali ke halaman Masuk' })).toHaveAttribute('href', '/Login');
  expect(new URL(page.url()).search).toBe('');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('/Login, /Register, /Akun and /CallbackAuth pass axe and fit a 320 px phone', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const { code } = tenantOf(testInfo);
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  const page = await context.newPage();
  const found: string[] = [];
  // The island runtime and chunks run under the site's script policy (tests/e2e/site-csp.spec.ts).
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) found.push(`CSP: ${message.text()}`);
  });
  const check = async (path: string) => {
    found.push(...(await axeViolations(page, path)));
    const overflow = await scrollsSideways(page);
    if (overflow) found.push(`${path} at 320 px: ${overflow}`);
  };
  for (const path of ['/Login', '/Register']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: /^Masuk|^Daftar/ }).first()).toBeEnabled();
    await check(path);
  }
  // The form with its messages showing, as a visitor who submitted it empty sees it.
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await check('/Register (pesan kesalahan)');
  await page.goto('/CallbackAuth?code=x&state=y');
  await expect(page.getByRole('alert')).toBeVisible();
  await check('/CallbackAuth');
  // The account page as a signed-in user sees it (the API directly: the page under test is /Akun).
  await page.goto('/Akun');
  await expect(page).toHaveURL(/\/Login/);
  const signIn = await page.evaluate(
    async ({ email, password, lmsId }) => {
      const response = await fetch('/api/auth/generate/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', lmsId },
        body: JSON.stringify({ email, password }),
      });
      return response.json();
    },
    { email: `admin@${code}.example`, password: 'demo-admin-2026', lmsId: tenantOf(testInfo).lmsId },
  );
  const { accessToken, user } = signIn.data;
  await page.evaluate(
    ({ accessToken, user }) => {
      localStorage.setItem('access_token', accessToken);
      localStorage.setItem('auth_user', JSON.stringify({ name: user.name, email: user.email, kind: user.kind, role: user.role }));
    },
    { accessToken, user },
  );
  await context.addCookies([{ name: 'token', value: accessToken, url: new URL(page.url()).origin }]);
  await page.goto('/Akun');
  await expect(roleOnAccountPage(page)).toHaveAttribute('data-role', 'admin');
  await check('/Akun');
  expect(found).toEqual([]);
  await context.close();
});
