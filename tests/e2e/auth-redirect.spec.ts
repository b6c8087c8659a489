import { expect, test } from '@playwright/test';
import { roleOnAccountPage } from './auth-support';
import { axeViolations, scrollsSideways, tenantOf } from './support';

/** Redirect-login mode (SPEC §2): the account service's login page and /CallbackAuth, on a tenant in that mode (elevaite). */

test.describe('redirect-login mode', () => {
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

    // The account service's page is a page visitors read too: WCAG 2 AA, and no sideways scroll at 320 px.
    expect(await axeViolations(page, 'account login')).toEqual([]);
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await scrollsSideways(page)).toBeUndefined();
    await page.setViewportSize({ width: 1280, height: 720 });

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
