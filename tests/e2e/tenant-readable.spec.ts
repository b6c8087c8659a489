import { expect, type Page, test } from '@playwright/test';
import { axeViolations, keepScreenshot, scrollsSideways, tenantOf } from './support';

/**
 * Runs for every live tenant: the main page types pass axe (WCAG 2 A and AA) with zero violations,
 * and no page type scrolls sideways on a 320 px or 390 px phone.
 */

/** The first item the list page shown links to (a news post, an event), so each tenant's own content is checked. */
async function firstItemShown(page: Page): Promise<string | undefined> {
  const link = page.locator('main .content-card__title a').first();
  return (await link.count()) > 0 ? ((await link.getAttribute('href')) ?? undefined) : undefined;
}

/** The content lists: the first item of each is a page type of its own. */
const LISTS = ['/News', '/Event', '/Event/Program', '/Blog', '/Podcasts', '/Tulisan-Temans', '/Portfolio'];

/**
 * Addresses of every page type a tenant has: fixed pages, content lists, the 404 page, and then one
 * item of each list, read off the list as the walk passes it (`visit` is called on the page it loads).
 */
async function walkPageTypes(page: Page, visit: (path: string) => Promise<void>): Promise<void> {
  const items: string[] = [];
  for (const path of [
    '/',
    '/About',
    '/Pricing',
    '/Make-Appointment',
    '/Privacy-Policy',
    '/Training-Services',
    '/Training-Services/Syllabus',
    '/Talent-Hiring',
    '/Login',
    '/Register',
    // /Akun sends a signed-out visitor to /Login; auth.spec.ts checks it signed in.
    '/CallbackAuth',
    '/Collaboration',
    '/Video',
    '/Liga-Smk',
    '/News',
    '/Berita',
    '/Event',
    '/Event/Program',
    '/Blog',
    '/Podcasts',
    '/Tulisan-Temans',
    '/Gallery',
    '/Portfolio',
    '/Career',
    '/Event/Careers',
    '/halaman-yang-tidak-ada',
  ]) {
    await page.goto(path);
    // Read before `visit`, which may resize the page: the list's links are the same at any width.
    const item = LISTS.includes(path) ? await firstItemShown(page) : undefined;
    if (item !== undefined) items.push(item);
    await visit(path);
  }
  for (const item of items) {
    await page.goto(item);
    await visit(item);
  }
}

test('home, About, News, a news post, Event, Gallery, Pricing, Login, Register, Liga-Smk and 404 pass axe with zero violations', async ({
  page,
}) => {
  // Eleven pages through axe: on a busy 2-core machine with two browsers this takes minutes.
  test.setTimeout(300_000);
  const found: string[] = [];
  const check = async (path: string) => {
    await page.goto(path);
    found.push(...(await axeViolations(page, path)));
  };
  for (const path of ['/', '/About', '/News']) await check(path);
  // The news post the list links to first, read off the list just checked.
  const post = await firstItemShown(page);
  expect(post, 'the tenant publishes at least one news post').toBeTruthy();
  for (const path of [post as string, '/Event', '/Gallery', '/Pricing', '/Login', '/Register', '/Liga-Smk', '/halaman-yang-tidak-ada']) {
    await check(path);
  }
  expect(found).toEqual([]);
});

test('no page type scrolls sideways at 320 px or 390 px', async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  const page = await context.newPage();
  const wide: string[] = [];
  await walkPageTypes(page, async (path) => {
    // The same page at both phone widths: the layout reflows without another load.
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await scrollsSideways(page);
      if (overflow) wide.push(`${path} at ${width} px: ${overflow}`);
    }
    await page.setViewportSize({ width: 320, height: 800 });
  });
  expect(wide).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  const { code } = tenantOf(testInfo);
  for (const [path, name] of [
    ['/', 'home'],
    ['/News', 'news'],
  ] as const) {
    await page.goto(path);
    await keepScreenshot(page, `${code}-${name}-390`);
  }
  await context.close();
});

test('on a 390 px phone the menu opens on every header and each of its links leads to its page', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const tenant = tenantOf(testInfo);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  const toggle = page.locator('header summary', { hasText: 'Buka menu' });
  await expect(toggle).toBeVisible();
  const drawer = page.getByRole('navigation', { name: 'Navigasi utama (menu)' });
  await toggle.click();
  await expect(drawer).toBeVisible();
  const links = await drawer
    .getByRole('link')
    .evaluateAll((anchors) =>
      anchors.map((anchor) => ({ name: anchor.textContent?.trim() ?? '', href: anchor.getAttribute('href') ?? '' })),
    );
  expect(links.length, `${tenant.code}: menu links`).toBeGreaterThan(2);
  for (const { name, href } of links) {
    await page.goto('/');
    await toggle.click();
    const link = drawer.getByRole('link', { name, exact: true });
    // The link must be the topmost thing at its spot: a tap reaches it, not the page under the menu.
    await link.click();
    await expect(page, `${tenant.code}: "${name}"`).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    const response = await page.request.get(href);
    expect(response.status(), `${tenant.code}: ${href}`).toBe(200);
  }
  await context.close();
});

test('the header and footer reach every section the tenant publishes, each once, and every link answers', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = async (selector: string) =>
    page.locator(selector).evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  const header = await hrefs('header nav[aria-label="Navigasi utama"] a');
  const footer = await hrefs('footer a[href^="/"]');
  expect(new Set(footer).size, `footer: ${footer.join(' ')}`).toBe(footer.length);
  const reached = new Set([...header, ...footer]);
  for (const section of ['/Blog', '/Event', '/Event/Program', '/Gallery', '/Portfolio', '/Career', '/Event/Careers']) {
    expect(reached.has(section), section).toBe(true);
  }
  expect(reached.has('/News') || reached.has('/Berita')).toBe(true);
  for (const href of reached) expect((await request.get(href)).status(), href).toBe(200);
});

test('the focus ring stands out on the theme: 3:1 against the header behind it (screenshot per tenant)', async ({ page }, testInfo) => {
  const tenant = tenantOf(testInfo);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  // Tab from the top to the first link of the header's bar: the skip link, the logo, then the bar.
  const first = page.getByRole('navigation', { name: 'Navigasi utama', exact: true }).locator('a').first();
  for (let i = 0; i < 6 && !(await first.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  const ring = await first.evaluate((element) => {
    const style = getComputedStyle(element);
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    // The ground the ring is drawn on: the nearest ancestor with a background of its own.
    let ground: Element | null = element.parentElement;
    while (ground && (rgb(getComputedStyle(ground).backgroundColor)[3] ?? 1) === 0) ground = ground.parentElement;
    const behind = rgb(ground ? getComputedStyle(ground).backgroundColor : 'rgb(255, 255, 255)');
    const [light, dark] = [luminance(rgb(style.outlineColor)), luminance(behind)].sort((a, b) => b - a) as [number, number];
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), contrast: (light + 0.05) / (dark + 0.05) };
  });
  expect(ring, `${tenant.code}: a visible ring`).toMatchObject({ style: 'solid' });
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.contrast, `${tenant.code}: the ring against the ground behind it`).toBeGreaterThanOrEqual(3);
  const box = await page.locator('header').boundingBox();
  await page.screenshot({
    path: `test-output/screenshots/focus-ring-${tenant.code}.png`,
    clip: { x: 0, y: box?.y ?? 0, width: 1280, height: Math.min(box?.height ?? 120, 200) },
  });
});
