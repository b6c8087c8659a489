import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
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

// The seeded templates' helpers are imported where used (`import()`), so this file's import lines stay as they are.
type Templates = typeof import('./templates');
const templates = (): Promise<Templates> => import('./templates');

/** Variables that change what the seed adds: with any of them the platform is seeded from scratch. */
const SEED_VARIABLES = ['SEED_DEMO_USERS', 'LMS_ENV'];

/**
 * Opens a platform on a new database of the given kind; `close()` removes the database. The database
 * is a copy of the run's seeded template when there is one (support/templates.ts; unless `env` changes
 * what the seed adds), otherwise an empty one that `openPlatform` migrates and seeds; `fresh` asks for
 * the latter.
 */
export async function openTestPlatform(
  kind: DbKind,
  env: NodeJS.ProcessEnv = {},
  options: { fresh?: boolean } = {},
): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-test-'));
  const base = { DATA_DIR: dataDir, APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET, ...env };
  const seeded = options.fresh || SEED_VARIABLES.some((name) => name in env) ? undefined : await templates();
  const made = seeded?.seededTemplates();
  const template = made?.[kind] ?? '';
  // A copy of the template is seeded already: the start-up seed gets a tenants root without tenants.
  const tenantsRoot = template && made ? { tenantsRoot: made.noTenants } : {};
  if (kind === 'pglite') {
    if (template) seeded?.loadSeededPgliteFrom(template);
    const pgliteDir = template && seeded ? seeded.SEEDED_PGLITE_DIR : 'memory://';
    const config = loadConfig({ ...base, PGLITE_DIR: pgliteDir });
    const platform = await openPlatform({ version: '1.0.0-test', migrationsFolder: MIGRATIONS, ...tenantsRoot, config });
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
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const config = loadConfig({ ...base, DATABASE_URL: url.href });
    const platform = await openPlatform({ version: '1.0.0-test', migrationsFolder: MIGRATIONS, ...tenantsRoot, config });
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

/**
 * Makes the run's seeded templates (support/templates.ts) for the kinds of `dbKinds()`, each by opening
 * the platform on an empty database exactly as `openTestPlatform` does without one; returns them and
 * their removal.
 */
export async function makeSeededTemplates() {
  const { dumpPglite } = await templates();
  const kinds = await dbKinds();
  const folder = mkdtempSync(join(tmpdir(), 'lms-templates-'));
  const made = { pglite: '', postgres: '', noTenants: mkdtempSync(join(folder, 'no-tenants-')) };
  const env = { DATA_DIR: folder, APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET };
  const remove = async () => {
    if (made.postgres) await adminQuery(`drop database if exists ${made.postgres} with (force)`);
    rmSync(folder, { recursive: true, force: true });
  };
  const pglite = async () => {
    const platform = await openPlatform({
      version: '1.0.0-test',
      migrationsFolder: MIGRATIONS,
      config: loadConfig({ ...env, PGLITE_DIR: 'memory://' }),
    });
    try {
      await dumpPglite(platform.database.db, join(folder, 'pglite-seeded.tar'));
      made.pglite = join(folder, 'pglite-seeded.tar');
    } finally {
      await platform.close();
    }
  };
  const postgres = async () => {
    const name = `lms_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    made.postgres = name;
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    await (
      await openPlatform({ version: '1.0.0-test', migrationsFolder: MIGRATIONS, config: loadConfig({ ...env, DATABASE_URL: url.href }) })
    ).close();
  };
  try {
    await Promise.all([kinds.includes('pglite') && pglite(), kinds.includes('postgres') && postgres()]);
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates: made, remove };
}

/**
 * The platform of a describe block: opened (`openTestPlatform`) before its first test and closed after
 * its last. Read it in hooks and tests, never while the block is being declared; a block's own
 * `beforeAll` runs after this one, so it can use the platform already. `env` may be a function, read
 * when the platform opens (after the `beforeAll` hooks of enclosing blocks, e.g. a file's server port).
 *
 *   describe.each(await dbKinds())('posts on %s', (kind) => {
 *     const platform = platformFor(kind);
 *     it('lists', async () => expect((await platform.api.request('/…')).status).toBe(200));
 *   });
 */
export function platformFor(
  kind: DbKind,
  env: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {},
  options: { fresh?: boolean } = {},
): TestPlatform {
  let opened: TestPlatform | undefined;
  beforeAll(async () => {
    opened = await openTestPlatform(kind, typeof env === 'function' ? env() : env, options);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    opened = undefined;
  });
  return new Proxy({} as TestPlatform, {
    get(_, key) {
      if (!opened) throw new Error(`the ${kind} platform is not open here: read it in a hook or a test`);
      return Reflect.get(opened, key, opened);
    },
  });
}
