import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiDeps, ApiEnv, SitesReadiness } from '../context';
import { databaseFailureSummary } from '../db/errors';

/** Each readiness check by name: `ok`, or what is wrong (`missing 0003_builds`, `unavailable: connect timeout`). */
export interface ReadinessChecks {
  database: string;
  migrations: string;
  builds: string;
}

/** `ok`; `partial`: some tenant has no live build yet; `preparing`: the default tenant has none; `failing`: anything else. */
export type ReadinessStatus = 'ok' | 'partial' | 'preparing' | 'failing';

const DEFAULT_READY_TIMEOUT_MS = 5000;

/** The database did not answer readiness in time (the driver's own timeouts may be longer). */
class NoAnswer extends Error {}

/**
 * Liveness (`/health`: the process answers, never touches the database, so an outage there does not
 * get it restarted) and readiness (`/health/ready`: may this process take traffic). Readiness is 503
 * while the database does not answer within `readyTimeoutMs`, a migration is missing, the default
 * tenant has no live build, or another part of the process reports a problem. One tenant still
 * building (or failing to) does not take every other brand out of the load balancer (`partial`,
 * 200): its own hosts answer 503 "situs sedang disiapkan".
 */
export function healthRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.get('/health', (c) => c.json({ status: 'ok', version: deps.version }));
  app.get('/health/ready', async (c) => {
    const stored = await checkDatabase(deps);
    const sites = deps.sites?.readiness();
    const builds = checkBuilds(sites);
    const problems = deps.problems?.() ?? [];
    const checks: ReadinessChecks = { ...stored, builds: builds.check };
    const failures = [
      stored.database !== 'ok' && `basis data tidak dapat dihubungi (${stored.database})`,
      stored.database === 'ok' && stored.migrations !== 'ok' && stored.migrations !== 'not checked' && `migrasi: ${stored.migrations}`,
      builds.state === 'preparing' && 'situs utama sedang disiapkan',
      ...problems,
    ].filter((failure): failure is string => typeof failure === 'string');
    const status: ReadinessStatus =
      builds.state === 'preparing' && failures.length === 1 ? 'preparing' : failures.length ? 'failing' : builds.state;
    const report = { status, version: deps.version, checks, problems, tenants: sites?.tenants ?? {} };
    if (!failures.length) return c.json(report, 200);
    return c.json({ statusCode: 503, message: `Belum siap: ${failures.join('; ')}`, ...report }, 503);
  });
  return app;
}

/** `select 1`, then the migrations (cached by `deps.migrations`), both within `readyTimeoutMs`. */
async function checkDatabase(deps: ApiDeps): Promise<Pick<ReadinessChecks, 'database' | 'migrations'>> {
  const timeoutMs = deps.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const answer = <T>(work: Promise<T>) => Promise.race([work, deadline]);
  try {
    try {
      await answer(deps.db.execute(sql`select 1`));
    } catch (error) {
      return { database: summary(error), migrations: 'not checked' };
    }
    if (!deps.migrations) return { database: 'ok', migrations: 'not checked' };
    try {
      const pending = await answer(deps.migrations.pending());
      return { database: 'ok', migrations: pending.length ? `missing ${pending.join(', ')}` : 'ok' };
    } catch (error) {
      return { database: 'ok', migrations: summary(error) };
    }
  } finally {
    clearTimeout(timer);
  }
}

/** What failed, as a short cause, never the raw message (readiness is public). */
const summary = (error: unknown) => (error instanceof NoAnswer ? `unavailable: ${error.message}` : databaseFailureSummary(error));

function checkBuilds(sites: SitesReadiness | undefined): { check: string; state: 'ok' | 'partial' | 'preparing' } {
  if (!sites) return { check: 'not served', state: 'ok' };
  const missing = Object.entries(sites.tenants)
    .filter(([, tenant]) => tenant.build === null)
    .map(([code]) => code);
  const preparing = sites.tenants[sites.defaultTenant]?.build == null;
  if (preparing && !missing.includes(sites.defaultTenant)) missing.unshift(sites.defaultTenant);
  if (!missing.length) return { check: 'ok', state: 'ok' };
  return { check: `missing ${missing.join(', ')}`, state: preparing ? 'preparing' : 'partial' };
}
