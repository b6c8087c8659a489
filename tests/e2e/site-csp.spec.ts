import { expect, type Page, test } from '@playwright/test';

/**
 * Content-Security-Policy as a browser enforces it: every page's own inline scripts run
 * (they are allowed by the hashes its build computed), a script injected into the page does not,
 * and the header keeps plugins, foreign <base> and framing by other sites out.
 */

/** CSP violations the page reports, as the browser sees them. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

/** Whether the shell script ran: it sets the progress bar's `--progress` as soon as it starts. */
const shellScriptRan = (page: Page) =>
  page.locator('[data-progress]').evaluate((bar) => (bar as HTMLElement).style.getPropertyValue('--progress') !== '');

test('built and on-demand pages run their own scripts under the policy, with no violation', async ({ page }) => {
  const violations = await collectViolations(page);
  for (const path of ['/', '/News', '/News?page=2', '/halaman-yang-tidak-ada']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path === '/halaman-yang-tidak-ada' ? 404 : 200);
    const header = (await response?.headerValue('content-security-policy')) ?? '';
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'"]) expect(header, path).toContain(directive);
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy, path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+; script-src-attr 'none'$/);
    expect(policy).not.toContain('unsafe-inline');
    await expect.poll(() => shellScriptRan(page), path).toBe(true);
  }
  expect(violations).toEqual([]);
});

test('a script injected into a page does not run, and the page’s own still do', async ({ page }) => {
  const violations = await collectViolations(page);
  // What a stored XSS would look like: markup that reached the page past every filter.
  await page.route('**/About', async (route) => {
    const original = await route.fetch();
    const body = (await original.text()).replace(
      '</body>',
      '<script>window.__disuntik = true</script><img src="/x" onerror="window.__disuntikAtribut = true"></body>',
    );
    const headers = { ...original.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response: original, body, headers });
  });
  await page.goto('/About');
  await expect.poll(() => shellScriptRan(page)).toBe(true);
  expect(await page.evaluate(() => (window as { __disuntik?: boolean }).__disuntik)).toBeUndefined();
  expect(await page.evaluate(() => (window as { __disuntikAtribut?: boolean }).__disuntikAtribut)).toBeUndefined();
  await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
});
