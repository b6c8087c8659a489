import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/lib/chromium.mjs';
import { listTenantCodes, loadTenant } from './src/lib/tenant/load';

/**
 * Browser tests against the real server: one server and one project per shipped tenant, each on
 * its own port. `npm test` builds every tenant first (scripts/test.mjs); Chromium is Debian's.
 */
/** `E2E_TENANTS=demo,alpha` runs only those tenants' servers and tests (their builds are enough). */
const only = process.env.E2E_TENANTS?.split(',').map((code) => code.trim());
const tenants = listTenantCodes('tenants').filter((code) => !only || only.includes(code));
const port = (index: number) => 4500 + index;
const readTenant = (code: string) => loadTenant('tenants', code);

/**
 * Live tenants get the page tests, tenants under maintenance (flag false or missing) the maintenance
 * test; shell behaviour (404, case, navigation, headers) is the same code everywhere, so only demo runs it.
 */
function specsFor(code: string): string[] {
  if (readTenant(code).setting.isMaintenance !== false) return ['**/tenant-maintenance.spec.ts'];
  const live = ['**/tenant-pages.spec.ts', '**/tenant-readable.spec.ts'];
  return code === 'demo' ? [...live, '**/site-*.spec.ts'] : live;
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
  projects: tenants.map((code, index) => ({
    name: code,
    use: { baseURL: `http://127.0.0.1:${port(index)}` },
    metadata: { tenant: readTenant(code) },
    testMatch: specsFor(code),
  })),
  webServer: tenants.map((code, index) => ({
    command: `"${process.execPath}" dist/_server/main.mjs`,
    url: `http://127.0.0.1:${port(index)}/api/health`,
    // Each server gets a throwaway embedded database: PGlite allows one process per data directory.
    env: { TENANT: code, PORT: String(port(index)), HOST: '127.0.0.1', PGLITE_DIR: 'memory://', DATABASE_URL: '' },
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 60_000,
  })),
});
