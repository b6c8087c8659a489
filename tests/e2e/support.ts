import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { type ApiClient, createApiClient, generateToken, produceAppToken, signIn } from '~/lib/api';
import type { Tenant } from '~/lib/tenant/schema';
import { siteApiConfig } from '~/server/site-api-config';

/** The tenant a Playwright project serves (see playwright.config.ts). */
export function tenantOf(testInfo: TestInfo): Tenant {
  return testInfo.project.metadata.tenant as Tenant;
}

/** Screenshots are kept (not cleaned between runs like test-results) so they can be looked at. */
export const SCREENSHOT_DIR = join('test-output', 'screenshots');

export async function keepScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** `#rrggbb` → `rgb(r, g, b)`, as computed styles report colours. */
export function rgb(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * The platform API of the running server, as a content editor's browser uses it: an app token from
 * the site's public credentials, then the demo writer signed in.
 */
export async function writerClient(baseURL: string, tenant: Tenant): Promise<ApiClient> {
  const config = siteApiConfig(tenant);
  const bases = Object.fromEntries(Object.entries(config.bases).map(([name, path]) => [name, `${baseURL}${path}`]));
  const browserLike: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Origin: baseURL } });
  const client = createApiClient({ bases, fetch: browserLike });
  const pair = await generateToken(client, { id: config.clientId, secret: config.clientSecret, scopes: ['read', 'write'] });
  client.setCredentials({ appToken: await produceAppToken(pair, config.cipherKey), lmsId: tenant.lmsId });
  const session = await signIn(client, { email: `writer@${tenant.code}.example`, password: 'demo-writer-2026' });
  client.setCredentials({ accessToken: session.accessToken });
  return client;
}

/** The page's main heading. */
export const h1 = (page: Page): Locator => page.getByRole('heading', { level: 1 });

/** The path of the page's canonical address. */
export async function canonicalPath(page: Page): Promise<string> {
  return new URL((await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '').pathname;
}
