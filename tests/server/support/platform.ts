import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPlatform, type Platform } from '~/server/bootstrap';
import { loadConfig } from '~/server/config';

/**
 * Opens the real platform (migrations, seed of every tenant in `tenants/`, API) on a fresh database
 * for a test file: in-memory PGlite, or a database created on the PostgreSQL server and dropped on close.
 */
export type DbKind = 'pglite' | 'postgres';

/** Server used for PostgreSQL runs; the suite creates and drops its own databases there. */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fixed master secret, so tests can derive the tenants' client keys. */
export const TEST_APP_TOKEN_SECRET = 'a1'.repeat(32);

export const MIGRATIONS = join(process.cwd(), 'src/server/db/migrations');

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The databases to run the suite on. scripts/test.mjs probes the server once and passes the answer
 * in LMS_TEST_DB_KINDS (loudly saying when PostgreSQL is missing); run alone, a file probes itself.
 */
export async function dbKinds(): Promise<DbKind[]> {
  const given = process.env.LMS_TEST_DB_KINDS;
  if (given) return given.split(',').filter((kind): kind is DbKind => kind === 'pglite' || kind === 'postgres');
  return (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestPlatform extends Platform {
  kind: DbKind;
}

/** Runs one statement as the PostgreSQL server's admin (create and drop test databases). */
export async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Opens a platform on a new, empty database of the given kind, configured by `env` (through `loadConfig`); `close()` removes the database. */
export async function openTestPlatform(kind: DbKind, env: NodeJS.ProcessEnv = {}): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-test-'));
  const base = { DATA_DIR: dataDir, APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET, ...env };
  if (kind === 'pglite') {
    const config = loadConfig({ ...base, PGLITE_DIR: 'memory://' });
    const platform = await openPlatform({ version: '1.0.0-test', migrationsFolder: MIGRATIONS, config });
    return {
      ...platform,
      kind,
      close: async () => {
        await platform.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `lms_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const config = loadConfig({ ...base, DATABASE_URL: url.href });
    const platform = await openPlatform({ version: '1.0.0-test', migrationsFolder: MIGRATIONS, config });
    return {
      ...platform,
      kind,
      close: async () => {
        await platform.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    throw error;
  }
}
