import { expect, test } from '@playwright/test';
import { createApiClient, getAppSettings, listCities, runAppStart, signIn } from '~/lib/api';
import { loadConfig } from '~/server/config';
import { siteApiConfig } from '~/server/sites/site-api-config';
import { memoryEnvironment } from '../unit/lib/api/fakes';
import { tenantOf } from './support';

/**
 * The built server's platform API over real HTTP, driven by the site's own client with the
 * credentials the build gives the site (derived from the same key the server generated in .data).
 */
test('the site client starts the app against the running server and reads settings and cities', async ({ baseURL }, testInfo) => {
  const tenant = tenantOf(testInfo);
  // The credentials the build gave the site: the same environment (DATA_DIR's key) as the server's.
  const config = siteApiConfig(tenant, loadConfig(process.env));
  const bases = Object.fromEntries(Object.entries(config.bases).map(([name, path]) => [name, `${baseURL}${path}`]));
  // A browser sends Origin with every POST; Node's fetch does not, so add what the page would send.
  const browserLike: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Origin: `${baseURL}` } });
  const client = createApiClient({ bases, fetch: browserLike });
  const { env, logged } = memoryEnvironment({ domain: new URL(`${baseURL}`).host });

  const state = await runAppStart(client, config, env);
  expect(logged).toEqual([]);
  expect(state).toMatchObject({ isTokenValid: true, lmsId: tenant.lmsId, version: expect.any(String) });
  expect(env.cookies.get('client_token')).toMatch(new RegExp(`^${tenant.appCode}\\.`));

  const settings = await getAppSettings(client, tenant.appCode);
  expect(settings.title).toBe(tenant.setting.title);
  expect(settings.css.clr_primary).toBe(tenant.setting.css.clr_primary);
  expect((await listCities(client, '32')).map((city) => city.name)).toContain('Kota Bandung');

  const session = await signIn(client, { email: `admin@${tenant.code}.example`, password: 'demo-admin-2026' });
  expect(session.user.role).toBe('admin');
});
