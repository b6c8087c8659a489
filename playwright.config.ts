import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL } from './scripts/lib/chromium.mjs';
// Node-side requests of the tests (`request`, `page.request`, `fetch`) must reach `<code>.localhost`
// too; the runner and every worker load this config, so this is where the resolver learns it.
import './tests/e2e/localhost-dns';
import { isLive, PORT, partialRun, runTenants, SERVER, siteUrl } from './tests/e2e/tenants';

/**
 * Browser tests against the real server: ONE server for every tenant, as in production, and one
 * project per tenant on its own host (`http://<code>.localhost:4500`, the host picking the tenant).
 * `npm test` builds every tenant first (scripts/test.mjs); the browser is Debian's Chromium headless shell.
 * `E2E_TENANTS=demo,alpha` runs only those tenants' tests (their builds are enough).
 */

/**
 * Live tenants get the page tests, tenants under maintenance (flag false or missing) the maintenance
 * test; shell behaviour (404, case, navigation, headers) is the same code everywhere, and the
 * one-server spec looks across every tenant itself, so only demo runs those.
 */
function specsFor(tenant: (typeof runTenants)[number]): string[] {
  if (!isLive(tenant)) return ['**/tenant-maintenance.spec.ts'];
  const live = ['**/tenant-pages.spec.ts', '**/tenant-readable.spec.ts', '**/crawl.spec.ts'];
  // Sign-in runs on demo (the /Login form) and on each tenant in redirect-login mode (the account service).
  const auth =
    tenant.setting.login.mode === 'redirect'
      ? ['**/auth.spec.ts', '**/auth-redirect.spec.ts']
      : tenant.code === 'demo'
        ? ['**/auth.spec.ts', '**/auth-form.spec.ts', '**/account-mail.spec.ts']
        : [];
  // The catalogue's behaviour is the same code on every tenant: demo runs it (its pages pass axe on every tenant in tenant-readable).
  const catalogue = ['**/catalogue.spec.ts', '**/class-browser.spec.ts', '**/certificates.spec.ts'];
  // So are the forms (issue 15) and class payments with mentor payouts (issue 16).
  const forms = ['**/forms.spec.ts', '**/disc.spec.ts', '**/community-forms.spec.ts', '**/payments.spec.ts', '**/learner-home.spec.ts'];
  // And the AI chat assistant (issue 17), which demo enables.
  const chat = ['**/chat.spec.ts'];
  // Keyboard-only journeys (issue 29) on two variants: demo's main site and SMK Coding's coding school.
  const keyboard = ['demo', 'smkcoding'].includes(tenant.code) ? ['**/keyboard.spec.ts'] : [];
  // The staff console on a brand whose other specs only read: its rollback and rebuilds disturb no one.
  const staff = tenant.code === 'aksara' ? ['**/admin-console.spec.ts'] : [];
  return tenant.code === 'demo'
    ? [...live, ...auth, ...catalogue, ...forms, ...chat, ...keyboard, '**/site-*.spec.ts', '**/one-server.spec.ts']
    : [...live, ...auth, ...keyboard, ...staff];
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // Two browsers on a shared 2-core machine: a page with several loads can pass 30 s on a busy run.
  timeout: 60_000,
  // And an assertion may wait 15 s for the page to come round, not 5: same reason.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
  projects: runTenants.map((tenant) => ({
    name: tenant.code,
    use: { baseURL: siteUrl(tenant.code, '') },
    metadata: { tenant },
    testMatch: specsFor(tenant),
  })),
  webServer: {
    command: `"${process.execPath}" dist/_server/main.mjs`,
    // Ready = every tenant has a live build (so after `npm run build -- --all`, at once). A partial
    // run has built only its own tenants, the others stay "being prepared": then live is enough.
    url: `${SERVER}/api/health${partialRun ? '' : '/ready'}`,
    // A throwaway embedded database, seeded from tenants/ at start, as the builds were made from.
    // Every test browser is 127.0.0.1: its render budget is a visitor's many times over. Chat answers
    // stream slowly enough to be stopped midway (chat.spec.ts).
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      DATABASE_URL: '',
      RENDER_BURST: '100000',
      // Likewise every new browser context (and every API client of a test) generates an app token from 127.0.0.1.
      TOKEN_GENERATE_PER_MINUTE: '100000',
      CHAT_STREAM_PACE_MS: '60',
    },
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 120_000,
  },
});
