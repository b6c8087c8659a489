import { APP_SCOPES } from '~/contract/authorizer';
import type { AppStartConfig } from '~/lib/api/app-start';
import { type ApiBases, basesFromEnv, resolveBases } from '~/lib/api/bases';
import { type KeyRing, loadKeyRing, tenantClientKeys, tenantRestKey } from '../platform/keys';
import { dataPaths, isProduction } from '../platform/paths';

/**
 * What a tenant's pages need to call the platform API from the browser; `restApiKey` is the public
 * key the hosted database REST takes as `apikey` (`tenantRestKey`).
 */
export type SiteApiConfig = AppStartConfig & { bases: ApiBases; lmsId: string; restApiKey: string };

/**
 * The build-time API configuration of one tenant's site. Against the embedded API the public client
 * credentials are derived from the same master secret the server uses (APP_TOKEN_SECRET or the
 * development key in DATA_DIR); against another deployment, PUBLIC_APP_CLIENT_SECRET and
 * PUBLIC_APP_TOKEN_KEY carry that deployment's values, and PUBLIC_REST_API_KEY its REST key.
 */
export function siteApiConfig(tenant: { lmsId: string; appCode: string }, env: NodeJS.ProcessEnv = process.env): SiteApiConfig {
  const given = [env.PUBLIC_APP_CLIENT_SECRET, env.PUBLIC_APP_TOKEN_KEY].filter(Boolean).length;
  if (given === 1)
    throw new Error('PUBLIC_APP_CLIENT_SECRET dan PUBLIC_APP_TOKEN_KEY harus disetel bersama (keduanya dari deployment API yang dituju)');
  const ring: KeyRing | undefined = given
    ? undefined
    : loadKeyRing({ secret: env.APP_TOKEN_SECRET, file: dataPaths(env).keyFile, production: isProduction(env) });
  const derived = ring ? tenantClientKeys(ring, tenant) : undefined;
  return {
    bases: resolveBases(basesFromEnv(env)),
    appCode: tenant.appCode,
    lmsId: tenant.lmsId,
    clientId: env.PUBLIC_APP_CLIENT_ID || tenant.appCode,
    clientSecret: env.PUBLIC_APP_CLIENT_SECRET || derived?.clientSecret || '',
    cipherKey: env.PUBLIC_APP_TOKEN_KEY || derived?.cipherKey || '',
    scopes: [...APP_SCOPES],
    restApiKey: env.PUBLIC_REST_API_KEY || (ring ? tenantRestKey(ring, tenant.lmsId) : ''),
  };
}
