import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPlatform } from '~/server/bootstrap';
import { loadConfig } from '~/server/config';
import { DATABASE_UNAVAILABLE, databaseUnavailableCause } from '~/server/db/errors';
import {
  adminQuery,
  dbKinds,
  MIGRATIONS,
  POSTGRES_ADMIN_URL,
  platformFor,
  TEST_APP_TOKEN_SECRET,
  type TestPlatform,
} from './support/platform';
import { openTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { expectApiError, generateAppToken, type IssuedAppToken } from './support/tokens';

/** Timeouts the frozen-database platform runs with: short, so an outage shows in seconds. */
const CONNECT_MS = 1000;
const STATEMENT_MS = 2000;

const kinds = await dbKinds();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Polls `request` until it answers `status`; fails after `withinMs`. */
async function answers(request: () => Response | Promise<Response>, status: number, withinMs: number): Promise<Response> {
  const until = performance.now() + withinMs;
  for (;;) {
    const res = await request();
    if (res.status === status || performance.now() > until) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!kinds.includes('postgres'))('PostgreSQL frozen behind a TCP proxy', () => {
  let proxy: TcpProxy;
  let platform: TestPlatform;
  let app: IssuedAppToken;
  const name = `lms_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-faults-'));

  beforeAll(async () => {
    const server = new URL(POSTGRES_ADMIN_URL);
    proxy = await openTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    await adminQuery(`create database ${name}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    const env = {
      DATA_DIR: dataDir,
      APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET,
      DATABASE_URL: url.href,
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
      DB_IDLE_TIMEOUT_MS: '1000',
    };
    platform = {
      ...(await openPlatform({ version: '1.0.0-test', migrationsFolder: MIGRATIONS, config: loadConfig(env) })),
      kind: 'postgres',
    };
    app = await generateAppToken(platform);
  }, 60_000);

  afterAll(async () => {
    proxy?.thaw();
    await platform?.close();
    await proxy?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const listNews = () => platform.api.request('/v3/post/list?kindSlug=news', { headers: { AppToken: app.wire } });
  const ready = () => platform.api.request('/health/ready');

  /** Freezes the database and shows what callers notice: 503s within the timeouts, liveness still green. */
  async function freezeAndExpectOutage() {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await listNews()).status).toBe(200);
    expect((await ready()).status).toBe(200);
    proxy.freeze();

    const started = performance.now();
    const [listed, readiness] = await Promise.all([listNews(), ready()]);
    const listedMs = performance.now() - started;
    // A read: a pooled connection that never answers (statement timeout + the driver's margin) or a new one that never opens.
    expect(listedMs).toBeLessThan(STATEMENT_MS + 2000);
    expect(listed.headers.get('Retry-After')).toMatch(/^[0-9]+$/);
    expect((await expectApiError(listed, 503)).message).toBe(DATABASE_UNAVAILABLE);

    const report = (await readiness.json()) as { status: string; message: string; checks: Record<string, string> };
    expect(readiness.status).toBe(503);
    expect(report.status).toBe('failing');
    expect(report.checks.database).toMatch(/^unavailable: /);
    expect(report.message).toContain('basis data tidak dapat dihubungi');
    // Readiness on its own: within its deadline (the connect timeout and a second for `select 1`).
    const probe = performance.now();
    expect((await ready()).status).toBe(503);
    expect(performance.now() - probe).toBeLessThan(CONNECT_MS + 1500);
    expect((await platform.api.request('/health')).status).toBe(200);

    // The outage is logged as one line with its cause, not as a stack trace.
    const lines = logged.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('/v3/post/list'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^\[api\] GET \/v3\/post\/list: basis data tidak tersedia \([a-z ]+\)$/);
  }

  it('a frozen database answers 503 within the timeouts, and 200 again once it thaws', async () => {
    await freezeAndExpectOutage();
    proxy.thaw();
    expect((await answers(listNews, 200, 5000)).status).toBe(200);
    expect((await answers(ready, 200, 5000)).status).toBe(200);
  }, 30_000);

  it('connections frozen in the outage are dropped: after a failover the new ones serve', async () => {
    await freezeAndExpectOutage();
    const frozen = proxy.connections;
    // The old connections never answer again; the pool must give up on them and open new ones.
    proxy.thaw({ onlyNew: true });
    expect((await answers(listNews, 200, 10_000)).status).toBe(200);
    expect((await answers(ready, 200, 10_000)).status).toBe(200);
    for (let call = 0; call < 5; call++) expect((await listNews()).status).toBe(200);
    expect(frozen).toBeGreaterThan(0);
    proxy.thaw();
  }, 40_000);

  it('a statement running past DB_STATEMENT_TIMEOUT_MS is cancelled by the server and reads as an outage', async () => {
    const started = performance.now();
    const error = await platform.deps.db.execute(sql`select pg_sleep(5)`).catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeLessThan(STATEMENT_MS + 1000);
    expect(databaseUnavailableCause(error)).toBe('statement timeout');
  });
});

describe.each(kinds)('a database outage met by the API on %s', (kind) => {
  const platform = platformFor(kind);
  let app: IssuedAppToken;
  beforeAll(async () => {
    app = await generateAppToken(platform);
  }, 60_000);

  it('answers 503 with Retry-After and the Indonesian message; a bug still answers 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const lost = new DrizzleQueryError('select * from "tenants"', [], new Error('Connection terminated unexpectedly'));
    vi.spyOn(platform.deps.tenants, 'byAppCode').mockRejectedValueOnce(lost);
    const validate = () => platform.api.request('/v1/authorizer/validate', { headers: { AppToken: app.wire } });
    const res = await validate();
    expect(res.headers.get('Retry-After')).toBe('5');
    expect((await expectApiError(res, 503)).message).toBe('Basis data sedang tidak dapat dihubungi, coba lagi sebentar lagi');

    const bug = new DrizzleQueryError('select * from "tenants"', [], Object.assign(new Error('syntax error'), { code: '42601' }));
    vi.spyOn(platform.deps.tenants, 'byAppCode').mockRejectedValueOnce(bug);
    const failed = await validate();
    expect(failed.headers.get('Retry-After')).toBeNull();
    await expectApiError(failed, 500);
  });
});
