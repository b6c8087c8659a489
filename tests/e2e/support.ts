import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Role } from '~/contract/roles';
import { type ApiClient, createApiClient, generateToken, produceAppToken, signIn } from '~/lib/api';
import type { Tenant } from '~/lib/tenant/schema';
import { loadConfig } from '~/server/config';
import { siteApiConfig } from '~/server/sites/site-api-config';

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
  return roleClient(baseURL, tenant, 'writer');
}

/** The platform API of the running server with the tenant's demo account of `role` signed in (seed.ts `demoAccount`). */
export function roleClient(baseURL: string, tenant: Tenant, role: Role): Promise<ApiClient> {
  return accountClient(baseURL, tenant, `${role}@${tenant.code}.example`, `demo-${role}-2026`);
}

/** The platform API as a browser of the site uses it (its Origin, its app token), signed in as `email`. */
export async function accountClient(baseURL: string, tenant: Tenant, email: string, password: string): Promise<ApiClient> {
  // The credentials the build gave the site: the same environment (DATA_DIR's key) as the server's.
  const config = siteApiConfig(tenant, loadConfig(process.env));
  const bases = Object.fromEntries(Object.entries(config.bases).map(([name, path]) => [name, `${baseURL}${path}`]));
  const browserLike: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Origin: baseURL } });
  const client = createApiClient({ bases, fetch: browserLike });
  const pair = await generateToken(client, { id: config.clientId, secret: config.clientSecret, scopes: ['read', 'write'] });
  client.setCredentials({ appToken: await produceAppToken(pair, config.cipherKey), lmsId: tenant.lmsId });
  const session = await signIn(client, { email, password });
  client.setCredentials({ accessToken: session.accessToken });
  return client;
}

/** The page's main heading. */
export const h1 = (page: Page): Locator => page.getByRole('heading', { level: 1 });

/** The path of the page's canonical address. */
export async function canonicalPath(page: Page): Promise<string> {
  return new URL((await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '').pathname;
}

/** WCAG 2 A and AA, every version: what every page must pass with zero violations. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's browser script, read once per worker and evaluated in each page checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe in the page itself, every rule of AXE_TAGS, violations only. The same engine and rules as
 * @axe-core/playwright's AxeBuilder, four times faster on these machines: that builder opens a blank
 * page for every check and returns every rule's passes too. Frames are checked too (a video's
 * `srcdoc` stand-in is our own page): axe goes into each, and a frame it cannot enter is reported
 * after 5 s instead of axe's default minute.
 */
const AXE_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'], frameWaitTime: 5_000 };

/** The page's axe violations (WCAG 2 A and AA), one readable line per offending node (a few per rule), labelled. */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  // The script goes in as its own evaluation, so the page's Content-Security-Policy does not apply to it.
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
  const violations = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe
        .run(document, options)
        .then((results) => results.violations),
    AXE_OPTIONS,
  );
  return violations.flatMap((violation) =>
    violation.nodes
      .slice(0, 4)
      .map((node) => `${label} ${violation.id} ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 2).join('').trim()}`),
  );
}

/** Whether the page scrolls sideways at its current width: the document wider than the viewport. */
export async function scrollsSideways(page: Page): Promise<string | undefined> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  return scrollWidth > clientWidth ? `${scrollWidth} px > ${clientWidth} px` : undefined;
}

/** The one script file every content page loads: the shell script (components/shell/shell-script.ts). */
const SHELL_SCRIPT = /^\/_astro\/Shell\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/;

/** A content page's scripts: the shell script only, as a module, and no island (no React). */
export async function expectOnlyShellScript(page: Page): Promise<void> {
  const sources = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src') ?? ''));
  expect(sources).toHaveLength(1);
  expect(sources[0]).toMatch(SHELL_SCRIPT);
  expect(await page.locator('astro-island').count()).toBe(0);
}

/**
 * Gzip bytes of scripts and every chunk they import statically, as the browser fetches them: the
 * whole graph (`total`), the first entry alone (`own`) and the number of files.
 */
export async function scriptGraphGzip(request: APIRequestContext, entries: string[]) {
  const queue = entries.filter(Boolean);
  const sizes = new Map<string, number>();
  while (queue.length) {
    const path = queue.shift() as string;
    if (sizes.has(path)) continue;
    const body = await (await request.get(path)).text();
    sizes.set(path, gzipSync(body, { level: 9 }).length);
    for (const [, file] of body.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`/_astro/${file}`);
  }
  return { total: [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0), own: sizes.get(entries[0] ?? '') ?? 0, files: sizes.size };
}

/** Gzip bytes of an island's script graph: its component and renderer with every chunk they import (`total`), and its own module (`own`). */
export async function islandGzip(page: Page, request: APIRequestContext, component: string) {
  const root = page.locator(`astro-island[component-url*="${component}"]`).first();
  const own = (await root.getAttribute('component-url')) ?? '';
  const { total, own: ownBytes } = await scriptGraphGzip(request, [own, (await root.getAttribute('renderer-url')) ?? '']);
  return { total, own: ownBytes };
}
