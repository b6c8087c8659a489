import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SitesReadiness } from '~/server/context';
import { readJournal } from '~/server/db/migration-status';
import { dbKinds, MIGRATIONS, platformFor } from './support/platform';

interface Readiness {
  status: string;
  version: string;
  message?: string;
  checks: { database: string; migrations: string; builds: string };
  problems: string[];
  tenants: SitesReadiness['tenants'];
}

const LAST_MIGRATION = readJournal(MIGRATIONS).at(-1)?.tag as string;

/** What a load balancer and an operator read from `/health/ready`: each check by name, 503 while not ready. */
describe.each(await dbKinds())('readiness on %s', (kind) => {
  const platform = platformFor(kind);
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    platform.deps.sites = undefined;
    platform.deps.problems = undefined;
  });

  async function ready(): Promise<{ status: number; body: Readiness }> {
    const res = await platform.api.request('/health/ready');
    return { status: res.status, body: (await res.json()) as Readiness };
  }

  it('a current platform answers 200 with every check ok', async () => {
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      version: '1.0.0-test',
      checks: { database: 'ok', migrations: 'ok', builds: 'not served' },
      problems: [],
      tenants: {},
    });
  });

  it('a database without its last migration answers 503 naming it, once the kept answer is a few seconds old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await ready()).status).toBe(200);
    const deleted = await platform.deps.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    const [removed] = (deleted as unknown as { rows: { hash: string; created_at: string }[] }).rows;
    expect(removed).toBeDefined();
    try {
      // Kept for a few seconds, so health probes stay one `select 1`.
      expect((await ready()).status).toBe(200);
      vi.setSystemTime(Date.now() + 6000);
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.status).toBe('failing');
      expect(body.checks).toMatchObject({ database: 'ok', migrations: `missing ${LAST_MIGRATION}` });
      expect(body.message).toContain(LAST_MIGRATION);
    } finally {
      await platform.deps.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed?.hash}, ${removed?.created_at})`,
      );
    }
    vi.setSystemTime(Date.now() + 6000);
    expect((await ready()).status).toBe(200);
  });

  it('a problem reported by another part of the process answers 503 and lists it until it clears', async () => {
    const problems = ['konten tidak dapat dibaca sejak 2026-01-01T00:00:00.000Z: token ditolak'];
    platform.deps.problems = () => problems;
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'failing', problems, checks: { database: 'ok', migrations: 'ok' } });
    expect(body.message).toContain('konten tidak dapat dibaca');
    problems.length = 0;
    expect((await ready()).status).toBe(200);
  });

  it('the default tenant without a live build answers 503 preparing; another tenant without one 200 partial', async () => {
    let tenants: SitesReadiness['tenants'] = { demo: { build: null, maintenance: false }, lain: { build: 'b-1', maintenance: false } };
    platform.deps.sites = { readiness: () => ({ defaultTenant: 'demo', tenants }) };
    const preparing = await ready();
    expect(preparing.status).toBe(503);
    expect(preparing.body).toMatchObject({ status: 'preparing', checks: { builds: 'missing demo' }, tenants });

    tenants = { demo: { build: 'b-2', maintenance: false }, lain: { build: null, maintenance: false } };
    const partial = await ready();
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ status: 'partial', checks: { builds: 'missing lain' }, tenants });

    tenants = { demo: { build: 'b-2', maintenance: false }, lain: { build: 'b-3', maintenance: false } };
    expect((await ready()).body).toMatchObject({ status: 'ok', checks: { builds: 'ok' } });
  });

  it('a database that does not answer in time answers 503 within the readiness timeout, naming the cause', async () => {
    const configured = platform.deps.readyTimeoutMs;
    platform.deps.readyTimeoutMs = 300;
    vi.spyOn(platform.deps.db, 'execute').mockReturnValue(new Promise(() => {}) as never);
    try {
      const started = performance.now();
      const { status, body } = await ready();
      expect(performance.now() - started).toBeLessThan(1000);
      expect(status).toBe(503);
      expect(body.checks).toMatchObject({ database: 'unavailable: no answer within 300 ms', migrations: 'not checked' });
    } finally {
      platform.deps.readyTimeoutMs = configured;
    }
  });

  it('a database refusing connections answers 503 with the cause and not the driver message', async () => {
    vi.spyOn(platform.deps.db, 'execute').mockRejectedValue(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    const res = await platform.api.request('/health/ready');
    const text = await res.text();
    expect(res.status).toBe(503);
    expect(JSON.parse(text).checks.database).toBe('unavailable: connection refused');
    expect(text).not.toContain('ECONNREFUSED');
    expect(text).not.toContain('5432');
    expect((await platform.api.request('/health')).status).toBe(200);
  });
});
