import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Tenant } from '~/lib/tenant/schema';
import { axeViolations, h1, keepScreenshot, scrollsSideways } from './support';
import { allTenants, isLive, runTenants, SERVER, siteUrl } from './tenants';

/**
 * One server process serves every tenant, the Host header picking which (runs in the demo project
 * only; it looks at every tenant of the run itself): each tenant's home on `<code>.localhost` is its
 * own, an unknown host gets the platform's 404, the maintenance tenant its maintenance screen,
 * `/pesilat/…` on demo's host switches to the pesilat host, and on-demand pages come from a cache.
 */

const live = runTenants.filter(isLive);
const underMaintenance = runTenants.filter((tenant) => !isLive(tenant));
/** The text of a page's `<title>`, as a Node-side request sees it. */
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim();

/**
 * The header logo of the page: its address, whether it is drawn, and what loading it answers. The
 * page itself loads it (`fetch` in the page), because a small logo is inlined as a `data:` URL.
 */
async function headerLogo(page: Page, tenant: Tenant) {
  const logo = page.locator('header').getByRole('img', { name: tenant.setting.title });
  await expect(logo).toBeVisible();
  const { src, drawn, status, bytes } = await logo.evaluate(async (img: HTMLImageElement) => {
    const response = await fetch(img.currentSrc);
    const body = new Uint8Array(await response.arrayBuffer());
    return { src: img.currentSrc, drawn: img.complete && img.naturalWidth > 0, status: response.status, bytes: [...body] };
  });
  return { src, drawn, status, hash: createHash('sha1').update(Uint8Array.from(bytes)).digest('hex') };
}

/** Each tenant's live build id on the server (null while it has none), from the readiness answer. */
async function liveBuilds(request: APIRequestContext): Promise<Record<string, { build: string | null }>> {
  return (await (await request.get(`${SERVER}/api/health/ready`)).json()).tenants;
}

for (const tenant of live) {
  test(`${tenant.code}: its host shows its own title, primary colour and logo`, async ({ page }) => {
    const { title, css } = tenant.setting;
    const response = await page.goto(siteUrl(tenant.code));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(title);
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--clr-primary').trim());
    expect(primary.toLowerCase()).toBe(css.clr_primary.toLowerCase());

    const logo = await headerLogo(page, tenant);
    const shown = logo.src.slice(0, 80);
    // Inlined, or a file of the tenant's own site on the same server.
    if (!logo.src.startsWith('data:')) expect(new URL(logo.src).host, shown).toBe(new URL(siteUrl(tenant.code)).host);
    expect(logo.status, shown).toBe(200);
    expect(logo.drawn, shown).toBe(true);
  });
}

// Needs two live tenants side by side (a run of `E2E_TENANTS=demo` alone has one).
if (live.length >= 2) {
  test('tenants asked for at the same time each get their own page, title and logo', async ({ browser, request }) => {
    // A tab per tenant loading at once: on a 2-core machine, with the other worker auditing a page,
    // opening twelve tabs alone has taken 8 s and loading them 18 s; checking each takes the rest.
    test.setTimeout(180_000);
    const titles = new Set(live.map((tenant) => tenant.setting.title));
    expect(titles.size, 'the live tenants have different titles').toBe(live.length);

    // Node side: every tenant's home, several times over, all in flight together.
    const asked = Array.from({ length: 5 }, () => live).flat();
    const answers = await Promise.all(asked.map((tenant) => request.get(siteUrl(tenant.code))));
    for (const [index, answer] of answers.entries()) {
      const tenant = asked[index] as Tenant;
      expect(answer.status(), tenant.code).toBe(200);
      expect(titleOf(await answer.text()), tenant.code).toBe(tenant.setting.title);
    }

    // Browser: one tab per tenant, loaded together; each shows its own title and its own logo.
    const context = await browser.newContext();
    const pages = await Promise.all(live.map(() => context.newPage()));
    await Promise.all(pages.map((page, index) => page.goto(siteUrl((live[index] as Tenant).code))));
    const logos = new Set<string>();
    for (const [index, page] of pages.entries()) {
      const tenant = live[index] as Tenant;
      await expect(page, tenant.code).toHaveTitle(tenant.setting.title);
      const logo = await headerLogo(page, tenant);
      expect(logo.status, tenant.code).toBe(200);
      logos.add(logo.hash);
    }
    expect(logos.size, 'every tenant has a logo of its own').toBe(live.length);
    await context.close();
  });
}

test('an unknown host gets the platform’s own 404 page, never a tenant’s site', async ({ browser, request }) => {
  // Any name no tenant lists, sent to the server's address as a proxy in front of it would.
  for (const path of ['/', '/About', '/News?page=2']) {
    const answer = await request.get(`${SERVER}${path}`, { headers: { Host: 'tidak-dikenal.example' } });
    expect(answer.status(), path).toBe(404);
    const html = await answer.text();
    expect(titleOf(html), path).toBe('Situs tidak ditemukan');
    for (const tenant of allTenants) expect(html, `${path}: nothing of ${tenant.code}`).not.toContain(tenant.setting.title);
  }

  // A `*.localhost` name no tenant has, in the browser, on a 320 px phone.
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  const page = await context.newPage();
  const response = await page.goto(siteUrl('tidak-dikenal'));
  expect(response?.status()).toBe(404);
  await expect(h1(page)).toHaveText('Situs tidak ditemukan');
  await expect(page).toHaveTitle('Situs tidak ditemukan');
  expect(await axeViolations(page, 'tidak-dikenal.localhost')).toEqual([]);
  expect(await scrollsSideways(page)).toBeUndefined();
  await keepScreenshot(page, 'unknown-host-320');
  await context.close();
});

for (const tenant of underMaintenance) {
  test(`${tenant.code}: its host shows its maintenance screen with 503`, async ({ page, request }) => {
    const response = await page.goto(siteUrl(tenant.code));
    expect(response?.status()).toBe(503);
    await expect(h1(page)).toHaveText('Website Sedang Dalam Perbaikan');
    await expect(page.getByRole('img', { name: tenant.setting.title })).toBeVisible();
    const about = await request.get(siteUrl(tenant.code, '/About'));
    expect(about.status()).toBe(503);
    expect(about.headers()['retry-after']).toMatch(/^\d+$/);
  });
}

test('/pesilat/… on demo’s host switches to the pesilat host with the rest of the path and the query', async ({ page, request }) => {
  const pesilat = allTenants.find((tenant) => tenant.mainTenant === 'demo');
  expect(pesilat, 'a tenant with "mainTenant": "demo" (tenants/pesilat)').toBeDefined();
  const { code, setting } = pesilat as Tenant;

  const asked = siteUrl('demo', '/pesilat/Class/abc?x=1');
  const answer = await request.get(asked, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  const location = answer.headers().location ?? '';
  expect(new URL(location, asked).href).toBe(siteUrl(code, '/Class/abc?x=1'));

  await page.goto(asked);
  await expect(page).toHaveURL(siteUrl(code, '/Class/abc?x=1'));

  // `/pesilat` alone lands on the pesilat site's home, which is that tenant's own (or, in a run that
  // did not build it, its "being prepared" page: still the pesilat host, never demo's site).
  const home = await page.goto(siteUrl('demo', '/pesilat'));
  await expect(page).toHaveURL(siteUrl(code));
  if ((await liveBuilds(request))[code]?.build) {
    expect(home?.status()).toBe(200);
    await expect(page).toHaveTitle(setting.title);
  } else {
    expect(home?.status()).toBe(503);
    await expect(h1(page)).toHaveText('Situs sedang disiapkan');
  }

  // Only a main tenant's hosts switch: elsewhere `/pesilat/…` is an ordinary (missing) page.
  const mains = new Set(allTenants.map((tenant) => tenant.mainTenant));
  for (const other of live.filter((tenant) => !mains.has(tenant.code))) {
    const stay = await request.get(siteUrl(other.code, '/pesilat/Class/abc'), { maxRedirects: 0 });
    expect(stay.status(), other.code).toBe(404);
  }
});

test('a later list page is rendered on demand, and asked again it is the same page from the cache', async ({ request }) => {
  const demo = allTenants.find((tenant) => tenant.code === 'demo') as Tenant;
  const url = siteUrl('demo', '/News?page=2');
  // The static list is indexed; a page asked for by query exists only rendered, and is not.
  expect((await request.get(siteUrl('demo', '/News'))).headers()['x-robots-tag']).toBeUndefined();
  // A post another test publishes meanwhile purges demo's cached pages; then the pair is asked again.
  await expect(async () => {
    const first = await request.get(url);
    const second = await request.get(url);
    expect(first.status()).toBe(200);
    expect(second.status()).toBe(200);
    expect(first.headers()['x-robots-tag']).toBe('noindex, follow');
    const [firstText, secondText] = [await first.text(), await second.text()];
    expect(titleOf(firstText)).toBe(`Berita - ${demo.setting.title}`);
    expect(secondText).toBe(firstText);
    expect(second.headers()['x-cache']).toBe('hit');
  }).toPass({ timeout: 15_000 });
});
