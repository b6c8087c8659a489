// Benchmark of the platform API (a measurement, not a timed test): opens the real API in process on
// PGlite (memory://) and, when the server at 127.0.0.1:5432 answers, on a PostgreSQL database it creates
// and drops; serves each on a loopback port, obtains an app token, then reports requests per second and
// p50/p95 latency of GET v0/cms/app/settings and GET v1/authorizer/validate (bounded: 3,000 requests,
// 32 at a time; BENCH_REQUESTS and BENCH_CONCURRENCY change that, BENCH_POSTGRES_URL the server).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { benchAppToken } from './lib/app-token.mjs';
import { configLoader } from './lib/config.mjs';
import { importTs } from './lib/load-ts.mjs';
import { throughput } from './lib/throughput.mjs';

const root = new URL('..', import.meta.url).pathname;
const TOTAL = Number(process.env.BENCH_REQUESTS || 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 32);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const APP_CODE = 'NUSANTARA-LEARNING';
const ORIGIN = 'http://localhost:4321';

const { openPlatform } = await importTs('src/server/bootstrap.ts');
// The platform of each run is configured by an environment of its own, through the one schema.
const loadConfig = await configLoader();

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Opens the platform on one database, serves it and measures both endpoints. */
async function bench(label, databaseEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-'));
  const platform = await openPlatform({
    version: 'bench',
    migrationsFolder: join(root, 'src/server/db/migrations'),
    tenantsRoot: join(root, 'tenants'),
    config: loadConfig({ DATA_DIR: dataDir, APP_TOKEN_SECRET: randomBytes(32).toString('hex'), ...databaseEnv }),
  });
  // Every request comes from 127.0.0.1: a limiter that never refuses keeps the figures about the endpoints.
  platform.deps.rateLimiter = { check: async () => undefined };
  const server = serve({ fetch: platform.api.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const { tenant, appToken } = await benchAppToken(platform, base, { appCode: APP_CODE, origin: ORIGIN });
    const headers = { AppToken: appToken, lmsId: tenant.lmsId, Accept: 'application/json' };

    const rows = [];
    for (const path of ['/v0/cms/app/settings', '/v1/authorizer/validate']) {
      await throughput(`${base}${path}`, { headers, total: Math.min(300, TOTAL), concurrency: CONCURRENCY }); // warm-up: connections, caches, JIT
      rows.push({
        database: label,
        endpoint: `GET ${path.slice(1)}`,
        ...(await throughput(`${base}${path}`, { headers, total: TOTAL, concurrency: CONCURRENCY })),
      });
    }
    return rows;
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
console.log(
  `Platform API: ${TOTAL} requests per endpoint, ${CONCURRENCY} at a time, Node fetch over loopback (client and server share this one process)\n`,
);
results.push(...(await bench('PGlite (memory)', { PGLITE_DIR: 'memory://' })));

const name = `lms_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
const reachable = await adminQuery(`create database ${name}`).then(
  () => true,
  (error) => {
    console.error(`\n${'!'.repeat(78)}\n!! PostgreSQL at ${POSTGRES_URL} is not reachable (${error.message}).`);
    console.error(`!! Only PGlite was measured; start PostgreSQL (or set BENCH_POSTGRES_URL) to compare.\n${'!'.repeat(78)}\n`);
    return false;
  },
);
if (reachable) {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    results.push(...(await bench('PostgreSQL', { DATABASE_URL: url.href })));
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}
console.table(results);
