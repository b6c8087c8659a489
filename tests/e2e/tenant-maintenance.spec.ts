import { expect, test } from '@playwright/test';
import { signInWithForm } from './auth-support';
import { keepScreenshot, tenantOf } from './support';

/** Runs for every shipped tenant whose maintenance flag is on or missing. */

test('a tenant under maintenance answers every route with the maintenance screen', async ({ page }, testInfo) => {
  const tenant = tenantOf(testInfo);
  for (const path of ['/', '/About', '/Pricing', '/about', '/tidak/ada']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Website Sedang Dalam Perbaikan');
    await expect(page.getByText('Seperti halnya manusia, kami bertumbuh untuk menjadi lebih baik!')).toBeVisible();
    await expect(page.getByRole('img', { name: tenant.setting.title })).toBeVisible();
    await expect(page.locator('header nav')).toHaveCount(0);
  }
  await keepScreenshot(page, `${tenant.code}-maintenance`);
});

test('under maintenance, staff can still sign in and reach the console to turn it off', async ({ page }, testInfo) => {
  const tenant = tenantOf(testInfo);
  test.skip(tenant.setting.login.mode === 'redirect', 'the account service’s page signs in there');
  await signInWithForm(page, `admin@${tenant.code}.example`, 'demo-admin-2026', '/Login?redirect=%2FAdmin%2FPengaturan');
  await expect(page).toHaveURL(/\/Admin\/Pengaturan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tampilan & pengaturan' })).toBeVisible();
  // Visitors still see only the screen.
  expect((await page.request.get('/About')).status()).toBe(503);
});
