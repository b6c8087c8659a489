import { join, resolve } from 'node:path';
import { createApiApp } from './app';
import type { ApiDeps } from './context';
import { type Database, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { AppTokens } from './services/app-tokens';
import { loadKeyRing } from './services/keys';
import { RateLimiter } from './services/rate-limit';
import { TenantDirectory } from './services/tenants';

export interface PlatformOptions {
  /** The deployed app version (the build id). */
  version: string;
  /** Folder of versioned migrations. */
  migrationsFolder: string;
  /** `tenants/` with each tenant's files, loaded by the seed. */
  tenantsRoot?: string;
  /** Environment to read DATABASE_URL, DATA_DIR, PGLITE_DIR, APP_TOKEN_SECRET, SEED_DEMO_USERS from. */
  env?: NodeJS.ProcessEnv;
}

export interface Platform {
  api: ReturnType<typeof createApiApp>;
  deps: ApiDeps;
  database: Database;
  close(): Promise<void>;
}

/**
 * Opens the platform: database (PGlite under DATA_DIR, or DATABASE_URL), migrations, the idempotent
 * seed from `tenants/`, the app token keys, and the API on top. Used by the server and dev plugin.
 */
export async function openPlatform(options: PlatformOptions): Promise<Platform> {
  const env = options.env ?? process.env;
  const dataDir = resolve(env.DATA_DIR || '.data');
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.PGLITE_DIR || join(dataDir, 'pglite'),
    migrationsFolder: options.migrationsFolder,
  });
  try {
    const keys = loadKeyRing({ secret: env.APP_TOKEN_SECRET, file: join(dataDir, 'app-token.key') });
    await seedDatabase(database.db, { tenantsRoot: resolve(options.tenantsRoot ?? 'tenants'), demoUsers: env.SEED_DEMO_USERS !== 'false' });
    const tenants = new TenantDirectory(database.db);
    const deps: ApiDeps = {
      db: database.db,
      keys,
      tenants,
      appTokens: new AppTokens(database.db, keys, tenants),
      rateLimiter: new RateLimiter(),
      version: options.version,
    };
    return { api: createApiApp(deps), deps, database, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
