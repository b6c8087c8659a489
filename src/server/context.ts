import type { Hono } from 'hono';
import type { BuildEvent, Publisher } from './builds';
import type { ChatService } from './chat';
import type { Db } from './db/client';
import type { MigrationCheck } from './db/migration-status';
import type { SessionUser } from './identity';
import type { PaymentsDeps } from './payments';
import type { AppTokens, VerifiedAppToken } from './platform/app-tokens';
import type { KeyRing } from './platform/keys';
import type { RateLimiter } from './platform/rate-limit';
import type { SiteEventBus } from './platform/site-events';
import type { TenantDirectory, TenantRecord } from './platform/tenants';
import type { BlobStore } from './uploads';

/** What the API's routes are built from; tests build it around their own database. */
export interface ApiDeps {
  db: Db;
  keys: KeyRing;
  tenants: TenantDirectory;
  appTokens: AppTokens;
  rateLimiter: RateLimiter;
  /** Where writes announce what changed, so every server process drops the pages it cached for the tenant. */
  siteEvents: SiteEventBus;
  /** Where uploaded files are kept: the local folder, or an S3-compatible bucket (`uploads/store-from-env.ts`). */
  uploads: BlobStore;
  /**
   * The build queue (writes and webhooks enqueue a build of their tenant) and the publisher of finished
   * builds (history, rollback); absent when this process does not build sites (`buildService` makes it).
   */
  builds?: BuildsDeps | undefined;
  /**
   * This process's mail worker, woken after a request queued mail (`mail/outbox.ts` `enqueueMail`);
   * absent when no worker runs here: the mail then waits for a worker in another process.
   */
  mail?: { kick(): void } | undefined;
  /** Class payments: the gateway client and its configuration; absent: payment calls answer 503. */
  payments?: PaymentsDeps | undefined;
  /** The AI chat assistant: the tenants' search indexes and the answerer; absent: chat calls answer 503. */
  chat?: ChatService | undefined;
  /** The embedded payment gateway simulator's routes (mounted at `/api/sim/duitku`); absent with a real gateway. */
  gatewaySim?: { app: Hono } | undefined;
  /** Each tenant's live build, for the readiness answer; absent when the API runs without the site server. */
  sites?: { readiness(): SitesReadiness } | undefined;
  /** Readiness checks the database has every migration of the platform's folder; absent: not checked. */
  migrations?: MigrationCheck | undefined;
  /** Longest readiness waits for the database before answering 503 (ms; default 5000). */
  readyTimeoutMs?: number | undefined;
  /**
   * Faults other parts of the process report, e.g. the site server's content reads failing: readiness
   * lists them and answers 503 while there is any. Read on every readiness request.
   */
  problems?: (() => string[]) | undefined;
  /** Proxies in front of the server that append to X-Forwarded-For (0: use the socket's address). */
  trustProxyHops: number;
  /** App tokens one address may generate a minute (TOKEN_GENERATE_PER_MINUTE). */
  tokenGeneratePerMinute: number;
  /** The deployed app version (SPEC §4 "App version"). */
  version: string;
}

/** What the API needs of the build pipeline. */
export interface BuildsDeps {
  /** Queues (or coalesces into the queued job) a build of `event.tenant`; resolves with the job's id. */
  enqueue(event: BuildEvent, trigger: string, options?: { full?: boolean; delayMs?: number }): Promise<{ id: number }>;
  publisher: Publisher;
  /** Wakes this process's worker now, e.g. after queuing a build that is due at once. */
  kick?(): void;
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
