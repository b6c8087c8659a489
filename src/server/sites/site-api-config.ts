import { APP_SCOPES } from '~/contract/authorizer';
import type { AppStartConfig } from '~/lib/api/app-start';
import { type ApiBases, resolveBases } from '~/lib/api/bases';
import type { Config } from '../config';
import { type KeyRing, loadKeyRing, tenantClientKeys, tenantRestKey } from '../platform/keys';

/**
 * What a tenant's pages need to call the platform API from the browser; `restApiKey` is the public
 * key the hosted database REST takes as `apikey` (`tenantRestKey`).
 */
export type SiteApiConfig = AppStartConfig & { bases: ApiBases; lmsId: string; restApiKey: string };

/** The part of the configuration a site's API configuration comes from. */
export type SiteApiSettings = Pick<Config, 'siteApi' | 'keys'>;

/**
 * The build-time API configuration of one tenant's site. Against the embedded API the public client
 * credentials are derived from the same master secret the server uses (APP_TOKEN_SECRET or the
 * development key in DATA_DIR); against another deployment, PUBLIC_APP_CLIENT_SECRET and
 * PUBLIC_APP_TOKEN_KEY carry that deployment's values (config.ts refuses one without the other), and
 * PUBLIC_REST_API_KEY its REST key; the PUBLIC_*_API_BASE variables point the bases elsewhere.
 */
export function siteApiConfig(tenant: { lmsId: string; appCode: string }, config: SiteApiSettings): SiteApiConfig {
  const { siteApi } = config;
  const given = Boolean(siteApi.clientSecret && siteApi.tokenKey);
  const ring: KeyRing | undefined = given ? undefined : loadKeyRing(config.keys);
  const derived = ring ? tenantClientKeys(ring, tenant) : undefined;
  return {
    bases: resolveBases(siteApi.bases),
    appCode: tenant.appCode,
    lmsId: tenant.lmsId,
    clientId: siteApi.clientId || tenant.appCode,
    clientSecret: siteApi.clientSecret || derived?.clientSecret || '',
    cipherKey: siteApi.tokenKey || derived?.cipherKey || '',
    scopes: [...APP_SCOPES],
    restApiKey: siteApi.restApiKey || (ring ? tenantRestKey(ring, tenant.lmsId) : ''),
  };
}
