import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { Tenant } from '~/lib/tenant/schema';

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
