import type { Db } from './db/client';
import type { AppTokens, VerifiedAppToken } from './services/app-tokens';
import type { KeyRing } from './services/keys';
import type { RateLimiter } from './services/rate-limit';
import type { SessionUser } from './services/sessions';
import type { TenantDirectory, TenantRecord } from './services/tenants';

/** What the API's routes are built from; tests build it around their own database. */
export interface ApiDeps {
  db: Db;
  keys: KeyRing;
  tenants: TenantDirectory;
  appTokens: AppTokens;
  rateLimiter: RateLimiter;
  /** Proxies in front of the server that append to X-Forwarded-For (0: use the socket's address). */
  trustProxyHops: number;
  /** The deployed app version (SPEC §4 "App version"). */
  version: string;
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
