import { Hono } from 'hono';
import type { AppScope } from '~/contract/authorizer';
import { API_BASES, type ApiBaseName } from '~/contract/common';
import type { Role } from '~/contract/roles';
import { type ApiClient, type AppStartConfig, createApiClient, generateToken, produceAppToken, signIn } from '~/lib/api';
import { tenantClientKeys } from '~/server/platform/keys';
import type { TenantRecord } from '~/server/platform/tenants';
import { demoAccount } from '~/server/seed/seed';
import type { TestPlatform } from './platform';

/** The page the client runs on: the demo tenant serves localhost, so its Origin passes the authorizer's host check. */
export const SITE_ORIGIN = 'http://localhost:4321';
export const DEMO_APP_CODE = 'NUSANTARA-LEARNING';

/**
 * A fetch that serves the platform API in process, mounted at `/api` as the production server does,
 * and adds the Origin a browser adds to a request that is not GET or HEAD.
 */
export function inProcessFetch(platform: TestPlatform, origin = SITE_ORIGIN): typeof globalThis.fetch {
  const site = new Hono().mount('/api', platform.api.fetch);
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'GET' && request.method !== 'HEAD') request.headers.set('Origin', origin);
    return site.fetch(request);
  };
}

/** The default bases on the test site's origin (Node's fetch needs absolute addresses). */
export const SITE_BASES = Object.fromEntries(Object.entries(API_BASES).map(([name, path]) => [name, `${SITE_ORIGIN}${path}`])) as Record<
  ApiBaseName,
  string
>;

/** A real client of `src/lib/api` talking to the platform in process. */
export function clientOf(platform: TestPlatform, origin = SITE_ORIGIN): ApiClient {
  return createApiClient({ bases: SITE_BASES, fetch: inProcessFetch(platform, origin) });
}

/** A tenant's record; throws when the seed did not create it. */
export async function tenantOf(platform: TestPlatform, appCode = DEMO_APP_CODE): Promise<TenantRecord> {
  const tenant = await platform.deps.tenants.byAppCode(appCode);
  if (!tenant) throw new Error(`tenant ${appCode} not seeded`);
  return tenant;
}

/** Another tenant than the demo one, for cross-tenant refusals. */
export async function otherTenantOf(platform: TestPlatform): Promise<TenantRecord> {
  const other = (await platform.deps.tenants.all()).find((tenant) => tenant.appCode !== DEMO_APP_CODE);
  if (!other) throw new Error('only one tenant seeded');
  return other;
}

/** The app start config a tenant's site is built with. */
export async function siteConfigOf(
  platform: TestPlatform,
  scopes: AppScope[] = ['read', 'write'],
  appCode = DEMO_APP_CODE,
): Promise<AppStartConfig> {
  const tenant = await tenantOf(platform, appCode);
  const keys = tenantClientKeys(platform.deps.keys, tenant);
  return { clientId: keys.clientId, clientSecret: keys.clientSecret, cipherKey: keys.cipherKey, appCode: tenant.appCode, scopes };
}

/**
 * A client holding a fresh app token of a tenant (the demo one by default) and its lms id, as after
 * the app start; another tenant's client calls from that tenant's first host, as its site would.
 */
export async function appClientOf(
  platform: TestPlatform,
  scopes: AppScope[] = ['read', 'write'],
  appCode = DEMO_APP_CODE,
): Promise<ApiClient> {
  const host = appCode === DEMO_APP_CODE ? undefined : (await tenantOf(platform, appCode)).hosts[0];
  const client = host ? clientOf(platform, `http://${host}`) : clientOf(platform);
  const config = await siteConfigOf(platform, scopes, appCode);
  const pair = await generateToken(client, { id: config.clientId, secret: config.clientSecret, scopes });
  const tenant = await tenantOf(platform, appCode);
  client.setCredentials({ appToken: await produceAppToken(pair, config.cipherKey), lmsId: tenant.lmsId });
  return client;
}

/** Signs a demo account of the demo tenant in on `client` and holds its access token. */
export async function signInAs(client: ApiClient, role: Role, tenantCode = 'demo'): Promise<string> {
  const { accessToken } = await signIn(client, demoAccount(tenantCode, role));
  client.setCredentials({ accessToken });
  return accessToken;
}
