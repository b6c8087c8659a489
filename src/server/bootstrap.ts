import { resolve } from 'node:path';
import { createApiApp } from './app';
import { openChat } from './chat';
import type { Config } from './config';
import type { ApiDeps } from './context';
import { type Database, openDatabase } from './db/client';
import { migrationCheck } from './db/migration-status';
import { openPayments, type PaymentsSetup } from './payments';
import { AppTokens } from './platform/app-tokens';
import { loadKeyRing } from './platform/keys';
import { RateLimiter } from './platform/rate-limit';
import { openSharedState, type SharedState } from './platform/shared-state';
import { TenantDirectory } from './platform/tenants';
import { seedDatabase } from './seed';
import { uploadStore } from './uploads';

export interface PlatformOptions {
  /** The deployed app version (the build id). */
  version: string;
  /** Folder of versioned migrations. */
  migrationsFolder: string;
  /** `tenants/` with each tenant's files, loaded by the seed. */
  tenantsRoot?: string;
  /**
   * The configuration, parsed once by the entry point (`loadConfig`): its database, keys, uploads,
   * shared state, seed (`seed.demoUsers`: SEED_DEMO_USERS, else everywhere except LMS_ENV=production,
   * so a production server never starts with publicly documented admin passwords), payments, chat
   * and TRUST_PROXY slices are used here.
   */
  config: Config;
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
  const { config } = options;
  // Key material first: a missing production secret must stop the start before the database is touched.
  const keys = loadKeyRing(config.keys);
  const uploads = uploadStore(config.uploads);
  const { timeouts } = config.database;
  const database = await openDatabase({
    url: config.database.url,
    dataDir: config.database.pgliteDir,
    migrationsFolder: options.migrationsFolder,
    poolSize: config.database.poolSize,
    timeouts,
  });
  let shared: SharedState | undefined;
  try {
    // Redis first (when set): a wrong REDIS_URL stops the start before any seeding work.
    shared = await openSharedState(config.shared);
    await seedDatabase(database.db, { tenantsRoot: resolve(options.tenantsRoot ?? 'tenants'), demoUsers: config.seed.demoUsers });
    const tenants = new TenantDirectory(database.db);
    const { payments, simulator } = await openPayments(database.db, config.payments);
    const chat = openChat(database.db, shared.siteEvents, { paceMs: config.chat.paceMs });
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
      trustProxyHops: config.server.trustProxyHops,
      tokenGeneratePerMinute: config.server.tokenGeneratePerMinute,
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
