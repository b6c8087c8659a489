import { resolve } from 'node:path';
import { createApiApp } from './app';
import { chatPaceFromEnv, openChat } from './chat';
import type { ApiDeps } from './context';
import { type Database, databaseTimeouts, openDatabase } from './db/client';
import { migrationCheck } from './db/migration-status';
import { proxyHops } from './http/proxy';
import { openPayments, type PaymentsSetup } from './payments';
import { dataPaths, isProduction } from './platform/paths';
import { seedDatabase } from './seed';

export { proxyHops };

import { AppTokens } from './platform/app-tokens';
import { loadKeyRing } from './platform/keys';
import { RateLimiter } from './platform/rate-limit';
import { openSharedState, type SharedState } from './platform/shared-state';
import { TenantDirectory } from './platform/tenants';
import { storeFromEnv } from './uploads';

export interface PlatformOptions {
  /** The deployed app version (the build id). */
  version: string;
  /** Folder of versioned migrations. */
  migrationsFolder: string;
  /** `tenants/` with each tenant's files, loaded by the seed. */
  tenantsRoot?: string;
  /** Environment to read DATABASE_URL, DB_*_TIMEOUT_MS, DATA_DIR, PGLITE_DIR, APP_TOKEN_SECRET, SEED_DEMO_USERS, UPLOADS_S3_* from. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Whether the start-up seed adds the demo accounts: SEED_DEMO_USERS decides when set; otherwise they
 * are added everywhere except LMS_ENV=production, so a production server never starts with
 * publicly documented admin passwords.
 */
export function demoUsersWanted(env: NodeJS.ProcessEnv): boolean {
  return env.SEED_DEMO_USERS ? env.SEED_DEMO_USERS === 'true' : !isProduction(env);
}

export interface Platform {
  api: ReturnType<typeof createApiApp>;
  /** Payments' own start-up: this server's origin once it listens, and the simulator's callback sender. */
  payments: PaymentsSetup;
  deps: ApiDeps;
  database: Database;
  /** Rate-limit counters and site events: in process, or in Redis with REDIS_URL. */
  shared: SharedState;
  close(): Promise<void>;
}

/**
 * Opens the platform: database (PGlite under DATA_DIR, or DATABASE_URL), migrations, the idempotent
 * seed from `tenants/`, the app token keys, and the API on top. Used by the server and dev plugin.
 */
export async function openPlatform(options: PlatformOptions): Promise<Platform> {
  const env = options.env ?? process.env;
  const paths = dataPaths(env);
  // Key material first: a missing production secret must stop the start before the database is touched.
  const keys = loadKeyRing({ secret: env.APP_TOKEN_SECRET, file: paths.keyFile, production: isProduction(env) });
  // A malformed UPLOADS_S3_* variable stops the start here too.
  const uploads = storeFromEnv(env, paths);
  const timeouts = databaseTimeouts(env);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: paths.pgliteDir,
    migrationsFolder: options.migrationsFolder,
    poolSize: Number(env.DATABASE_POOL_SIZE) || 10,
    timeouts,
  });
  let shared: SharedState | undefined;
  try {
    // Redis first (when set): a wrong REDIS_URL stops the start before any seeding work.
    shared = await openSharedState(env);
    await seedDatabase(database.db, { tenantsRoot: resolve(options.tenantsRoot ?? 'tenants'), demoUsers: demoUsersWanted(env) });
    const tenants = new TenantDirectory(database.db);
    const { payments, simulator } = await openPayments(database.db, env);
    const chat = openChat(database.db, shared.siteEvents, { paceMs: chatPaceFromEnv(env) });
    const deps: ApiDeps = {
      db: database.db,
      keys,
      tenants,
      appTokens: new AppTokens(database.db, keys, tenants),
      rateLimiter: new RateLimiter(shared.rateLimitStore),
      siteEvents: shared.siteEvents,
      uploads,
      payments,
      chat,
      gatewaySim: simulator,
      trustProxyHops: proxyHops(env.TRUST_PROXY),
      version: options.version,
      migrations: migrationCheck(database.db, options.migrationsFolder),
      // A free connection within the connect timeout and `select 1` at once; longer means not ready.
      readyTimeoutMs: timeouts.connectMs + 1000,
    };
    const opened = shared;
    return {
      api: createApiApp(deps),
      payments: { payments, simulator },
      deps,
      database,
      shared: opened,
      close: async () => {
        chat.close();
        uploads.close?.();
        await opened.close();
        await database.close();
      },
    };
  } catch (error) {
    uploads.close?.();
    await shared?.close();
    await database.close();
    throw error;
  }
}
