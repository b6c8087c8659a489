import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { type SQL, sql } from 'drizzle-orm';
import { build } from 'esbuild';
import pg from 'pg';
import type { ViteDevServer } from 'vite';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '~/server/config';
import { type Database, openDatabase } from '~/server/db/client';
import { apiDevPlugin } from '~/server/dev-plugin';
import { dbKinds, MIGRATIONS, POSTGRES_ADMIN_URL } from './support/platform';

// Counts the listeners the dev plugin builds, while keeping the real one.
vi.mock('@hono/node-server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@hono/node-server')>();
  return { ...actual, getRequestListener: vi.fn(actual.getRequestListener) };
});

const kinds = await dbKinds();
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A temporary folder removed after the file's tests. */
function tempDir(prefix = 'lms-db-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A migrations folder in drizzle-kit's format whose only migration fails half-way. */
function brokenMigrations(dir = tempDir()): string {
  mkdirSync(join(dir, 'meta'), { recursive: true });
  const journal = {
    version: '7',
    dialect: 'postgresql',
    entries: [{ idx: 0, version: '7', when: 1, tag: '0000_broken', breakpoints: true }],
  };
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  writeFileSync(join(dir, '0000_broken.sql'), 'CREATE TABLE "fine" ("id" integer);\n--> statement-breakpoint\nCREATE TABLE "broken" (;\n');
  return dir;
}

async function admin<T extends pg.QueryResultRow>(query: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return (await client.query<T>(query, values)).rows;
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the test server, dropped after the file's tests. */
async function freshDatabase(): Promise<{ name: string; url: string }> {
  const name = `lms_db_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.href };
}

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared handle type does not say. */
const rows = async <T>(database: Database, query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const tableNames = async (database: Database) =>
  (await rows<{ name: string }>(database, sql`select tablename as name from pg_tables where schemaname = 'public'`)).map((row) => row.name);

describe.runIf(kinds.includes('postgres'))('openDatabase on PostgreSQL', () => {
  it('several processes starting at once on an empty database all migrate it', async () => {
    const { url } = await freshDatabase();
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ url, dataDir: 'unused', migrationsFolder: MIGRATIONS })));
    try {
      for (const database of opened) expect(await tableNames(database)).toContain('tenants');
      const [database] = opened as [Database];
      // Each migration applied exactly once, however many processes raced to apply it.
      const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(await rows(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual([
        { n: journal.entries.length },
      ]);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
  }, 60_000);

  it('a failing migration rejects and leaves no connection behind', async () => {
    const { name, url } = await freshDatabase();
    await expect(openDatabase({ url, dataDir: 'unused', migrationsFolder: brokenMigrations() })).rejects.toThrow(/Failed query/);
    await expect
      .poll(async () => (await admin<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]))[0]?.n)
      .toBe(0);
  });

  it('the pool holds at most `poolSize` connections', async () => {
    const { url } = await freshDatabase();
    const database = await openDatabase({ url, dataDir: 'unused', migrationsFolder: MIGRATIONS, poolSize: 2 });
    try {
      const pids = await Promise.all(
        [1, 2, 3, 4, 5].map(
          async () => (await rows<{ pid: number }>(database, sql`select pg_backend_pid() as pid, pg_sleep(0.1)`))[0]?.pid,
        ),
      );
      expect(new Set(pids).size).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe('openDatabase on PGlite', () => {
  const opened: Database[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });
  const open = async (dataDir: string, migrationsFolder = MIGRATIONS) => {
    const database = await openDatabase({ dataDir, migrationsFolder });
    opened.push(database);
    return database;
  };

  it('a failing migration rejects and frees the data folder for the next open', async () => {
    const dir = join(tempDir(), 'pglite');
    await expect(openDatabase({ dataDir: dir, migrationsFolder: brokenMigrations() })).rejects.toThrow(/Failed query/);
    const database = await open(dir);
    expect(await tableNames(database)).toContain('tenants');
    expect(await tableNames(database)).not.toContain('fine');
  }, 60_000);

  it('one data folder is opened by one holder at a time', async () => {
    const dir = join(tempDir(), 'pglite');
    const first = await open(dir);
    await expect(openDatabase({ dataDir: dir, migrationsFolder: MIGRATIONS })).rejects.toThrow(
      new RegExp(`sedang dipakai oleh proses ${process.pid}.*DATA_DIR/PGLITE_DIR`, 's'),
    );
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    expect(existsSync(join(dir, '.lms-lock'))).toBe(false);
    expect(await tableNames(await open(dir))).toContain('tenants');
  }, 60_000);

  it('the lock of a process that has ended is taken over', async () => {
    const dir = join(tempDir(), 'pglite');
    await (await openDatabase({ dataDir: dir, migrationsFolder: MIGRATIONS })).close();
    writeFileSync(join(dir, '.lms-lock'), '999999\n');
    await open(dir);
    expect(readFileSync(join(dir, '.lms-lock'), 'utf8').trim()).toBe(String(process.pid));
  }, 60_000);

  it('memory:// databases take no lock', async () => {
    await open('memory://');
    expect(await tableNames(await open('memory://'))).toContain('tenants');
  }, 60_000);
});

describe('start-up failures', () => {
  it('the server names the database reason, not just the failed query', async () => {
    // The production bundle migrates from the folder beside it: give it a broken one.
    const bundleDir = join(process.cwd(), 'node_modules/.cache/lms-tests', `main-${process.pid}-${randomBytes(4).toString('hex')}`);
    cleanups.push(() => rmSync(bundleDir, { recursive: true, force: true }));
    await build({
      entryPoints: ['src/server/main.ts'],
      outfile: join(bundleDir, 'main.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    });
    cpSync(brokenMigrations(), join(bundleDir, 'migrations'), { recursive: true });
    const distDir = tempDir();
    mkdirSync(join(distDir, 'demo'));
    writeFileSync(join(distDir, 'demo/build.json'), JSON.stringify({ tenant: 'demo', version: 'test', maintenance: false }));
    const { DATABASE_URL: _url, PGLITE_DIR: _dir, ...env } = process.env;
    const result = spawnSync(process.execPath, [join(bundleDir, 'main.mjs')], {
      env: { ...env, TENANT: 'demo', DIST_DIR: distDir, DATA_DIR: tempDir(), PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Platform API tidak dapat dimulai: Failed query: CREATE TABLE "broken" (;');
    expect(result.stderr).toMatch(/syntax error/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('the dev API answers 503 while the platform cannot open, and retries on the next request', async () => {
    const openPlatform = vi
      .fn()
      .mockRejectedValueOnce(new Error('Failed query: select 1', { cause: new Error('database "lms" does not exist') }))
      .mockResolvedValue({
        api: { fetch: () => Response.json({ ok: true }) },
        payments: { payments: { setSelfOrigin: () => {} } },
        close: async () => {},
      });
    const logged = vi.fn();
    let middleware: ((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown) | undefined;
    const devServer = {
      middlewares: { use: (_path: string, handler: typeof middleware) => (middleware = handler) },
      ssrLoadModule: async () => ({ openPlatform }),
      httpServer: null,
      config: { logger: { error: logged }, server: {} },
    };
    const hook = apiDevPlugin(loadConfig({})).configureServer;
    if (typeof hook !== 'function') throw new Error('configureServer is not a function');
    await hook.call({} as never, devServer as unknown as ViteDevServer);
    const http = createServer((req, res) => middleware?.(req, res, () => res.writeHead(500).end()));
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    cleanups.push(() => new Promise((done) => http.close(done)));
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const get = () => fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
    vi.mocked(getRequestListener).mockClear();

    const failed = await get();
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ statusCode: 503, message: expect.stringMatching(/basis data/i) });
    expect(logged.mock.calls.join('\n')).toContain('database "lms" does not exist');

    for (let i = 0; i < 3; i++) expect(await (await get()).json()).toEqual({ ok: true });
    expect(openPlatform).toHaveBeenCalledTimes(2);
    expect(getRequestListener).toHaveBeenCalledTimes(1);
  });

  it('db.mjs refuses a flag it does not know', () => {
    const result = spawnSync(process.execPath, ['scripts/db.mjs', 'seed', '--no-demo-user'], {
      env: { ...process.env, DATA_DIR: tempDir(), PGLITE_DIR: 'memory://' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--no-demo-user');
    expect(result.stderr).toContain('Pakai: node scripts/db.mjs migrate|seed [--no-demo-users]');
  }, 60_000);
});
