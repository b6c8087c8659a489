import type { Db } from './db/client';
import type { AppTokens, VerifiedAppToken } from './services/app-tokens';
import type { KeyRing } from './services/keys';
import type { RateLimiter } from './services/rate-limit';
import type { SessionUser } from './services/sessions';
import type { TenantDirectory, TenantRecord } from './services/tenants';
import type { SiteEventBus } from './sites/site-events';

/** What the API's routes are built from; tests build it around their own database. */
export interface ApiDeps {
  db: Db;
  keys: KeyRing;
  tenants: TenantDirectory;
  appTokens: AppTokens;
  rateLimiter: RateLimiter;
  /** Where writes announce what changed, so every server process drops the pages it cached for the tenant. */
  siteEvents: SiteEventBus;
  /** Each tenant's live build, for the readiness answer; absent when the API runs without the site server. */
  sites?: { readiness(): SitesReadiness } | undefined;
  /** Proxies in front of the server that append to X-Forwarded-For (0: use the socket's address). */
  trustProxyHops: number;
  /** The deployed app version (SPEC §4 "App version"). */
  version: string;
}

/** The site server's tenants and the build each one serves (null while it has none). */
export interface SitesReadiness {
  defaultTenant: string;
  tenants: Record<string, { build: string | null; maintenance: boolean }>;
}

/** Per-request values the middleware sets for the routes. */
export interface ApiEnv {
  Variables: {
    /** The tenant the request is for, from its app token or lms id. */
    tenant: TenantRecord;
    appToken: VerifiedAppToken;
    /** The signed-in user, when an access token was sent. */
    user: SessionUser;
  };
}
