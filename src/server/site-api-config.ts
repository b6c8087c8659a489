import { join, resolve } from 'node:path';
import { APP_SCOPES, type AppScope } from '~/contract/authorizer';
import { API_BASES, type ApiBaseName } from '~/contract/common';
import { loadKeyRing, tenantClientKeys } from './services/keys';

/** What a tenant's pages need to call the platform API from the browser (`virtual:lms/api`). */
export interface SiteApiConfig {
  bases: Record<ApiBaseName, string>;
  appCode: string;
  lmsId: string;
  clientId: string;
  clientSecret: string;
  /** AES-256-CTR key (hex) the client wraps app tokens with. */
  cipherKey: string;
  scopes: AppScope[];
}

/** Environment variable overriding each base, for a site that talks to another deployment of the API. */
export const BASE_ENV: Record<ApiBaseName, string> = {
  main: 'PUBLIC_API_BASE',
  core: 'PUBLIC_CORE_API_BASE',
  auth: 'PUBLIC_AUTH_API_BASE',
  ai: 'PUBLIC_AI_API_BASE',
  stats: 'PUBLIC_STATS_API_BASE',
  mailer: 'PUBLIC_MAILER_API_BASE',
  upload: 'PUBLIC_UPLOAD_API_BASE',
  rest: 'PUBLIC_REST_API_BASE',
};

/**
 * The build-time API configuration of one tenant's site. Against the embedded API the public client
 * credentials are derived from the same master secret the server uses (APP_TOKEN_SECRET or the
 * development key in DATA_DIR); against another deployment, PUBLIC_APP_CLIENT_SECRET and
 * PUBLIC_APP_TOKEN_KEY carry that deployment's values.
 */
export function siteApiConfig(tenant: { lmsId: string; appCode: string }, env: NodeJS.ProcessEnv = process.env): SiteApiConfig {
  const bases = Object.fromEntries(
    (Object.keys(API_BASES) as ApiBaseName[]).map((name) => [name, env[BASE_ENV[name]] || API_BASES[name]]),
  ) as Record<ApiBaseName, string>;
  const given = env.PUBLIC_APP_CLIENT_SECRET && env.PUBLIC_APP_TOKEN_KEY;
  const derived = given
    ? undefined
    : tenantClientKeys(
        loadKeyRing({ secret: env.APP_TOKEN_SECRET, file: join(resolve(env.DATA_DIR || '.data'), 'app-token.key') }),
        tenant,
      );
  return {
    bases,
    appCode: tenant.appCode,
    lmsId: tenant.lmsId,
    clientId: env.PUBLIC_APP_CLIENT_ID || tenant.appCode,
    clientSecret: env.PUBLIC_APP_CLIENT_SECRET || derived?.clientSecret || '',
    cipherKey: env.PUBLIC_APP_TOKEN_KEY || derived?.cipherKey || '',
    scopes: [...APP_SCOPES],
  };
}
