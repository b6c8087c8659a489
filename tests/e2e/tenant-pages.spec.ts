import { expect, test } from '@playwright/test';
import { resolveVariant } from '~/lib/tenant/layouts';
import { keepScreenshot, rgb, tenantOf } from './support';

/** Runs for every shipped tenant that is live: its home and About pages in its own variant and theme. */

test('home page shows the tenant in its own variant, logo and colours', async ({ page }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const { title, css } = tenant.setting;

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.locator('body')).toHaveClass(new RegExp(`variant-${resolveVariant(tenant.setting.layout)}`));
  await expect(page.locator('header').getByRole('img', { name: title })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The call to action is the brand's fill (or, on a brand-coloured ground, the ground's text colour).
  const cta = page.locator('main .btn--primary').first();
  const background = await cta.evaluate((el) => getComputedStyle(el).backgroundColor);
  const themeVar = (name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
  expect([rgb(await themeVar('--clr-primary-fill')), rgb(await themeVar('--clr-primary-contrast'))]).toContain(background);
  expect((await themeVar('--clr-primary')).toLowerCase()).toBe(css.clr_primary.toLowerCase());

  await keepScreenshot(page, `${tenant.code}-home`);
});

test('About page has a "Page - Site" title and complete social metadata', async ({ page }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const { title, meta } = tenant.setting;

  await page.goto('/About');
  const pageTitle = await page.title();
  expect(pageTitle).toMatch(new RegExp(`^.+ - ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  const metaContent = (selector: string) => page.locator(selector).getAttribute('content');
  expect(await metaContent('meta[property="og:title"]')).toBe(pageTitle);
  expect(await metaContent('meta[property="og:type"]')).toBe('website');
  expect(await metaContent('meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(await metaContent('meta[name="robots"]')).toBe('index, follow');
  expect((await metaContent('meta[name="description"]'))?.length).toBeGreaterThan(20);
  expect(await metaContent('meta[property="og:image"]')).toMatch(/^https:\/\//);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${meta.url}/About`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
