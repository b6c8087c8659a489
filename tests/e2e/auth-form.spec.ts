import { expect, test } from '@playwright/test';
import type { Role } from '~/contract/roles';
import { PASSWORD, registerByApi, roleOnAccountPage, signInWithForm, uniqueEmail } from './auth-support';
import { tenantOf } from './support';

/** Sign-up, sign-in per role, lockout, sign-out and ERR_REDIRECT on a tenant that signs in on its own /Login form (demo). */

test.describe('sign-in form', () => {
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
    // Never disabled: before a province it says what comes first.
    await expect(page.getByLabel('Kota/kabupaten')).toHaveAccessibleDescription(/Pilih provinsi dahulu/);
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

  test('what a visitor types before the form has loaded is kept, on sign-in and on sign-up', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const email = uniqueEmail('cepat');
    await registerByApi(request, baseURL as string, tenantOf(testInfo), email);
    // The islands' script is held back until the visitor has typed: a slow phone on a slow network.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route(/\/_astro\/(LoginForm|RegisterForm)\.[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/Login?redirect=%2FAkun');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
    release();
    const submit = page.getByRole('button', { name: 'Masuk', exact: true });
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await submit.click();
    await expect(page).toHaveURL(/\/Akun$/);

    await page.getByRole('button', { name: 'Keluar', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/Register');
    // Held again for the sign-up form: a fresh page loads its island anew.
    await page.unrouteAll();
    let releaseAgain: () => void = () => {};
    const heldAgain = new Promise<void>((done) => {
      releaseAgain = done;
    });
    await page.route(/\/_astro\/RegisterForm\.[^/]+\.js$/, async (route) => {
      await heldAgain;
      await route.continue();
    });
    await page.reload();
    await page.getByLabel('Nama lengkap').fill('Rahmat Hidayat');
    await page.getByLabel('Nomor HP').fill('081234567890');
    releaseAgain();
    await expect(page.getByRole('button', { name: 'Daftar', exact: true })).toBeEnabled();
    await expect(page.getByLabel('Nama lengkap')).toHaveValue('Rahmat Hidayat');
    await expect(page.getByLabel('Nomor HP')).toHaveValue('081234567890');
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
