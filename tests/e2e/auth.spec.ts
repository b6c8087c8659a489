import { expect, test } from '@playwright/test';
import { roleOnAccountPage } from './auth-support';
import { axeViolations, keepScreenshot, scrollsSideways, tenantOf } from './support';

/**
 * What every tenant's sign-in shares, in Chromium against the real server: a forged
 * return refused, and the four pages readable. What depends on the tenant's sign-in mode is in
 * auth-form.spec.ts (the /Login form, demo) and auth-redirect.spec.ts (the account service, elevaite).
 */

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
    await keepScreenshot(page, `${code}-320-${path.replace(/[^A-Za-z]+/g, '-').replace(/^-|-$/g, '')}`);
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
