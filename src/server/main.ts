import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { providePlatformFetch } from '~/lib/content/source';
import { openPlatform } from './bootstrap';
import { describeDatabaseError } from './db/client';
import { type AstroHandler, createSiteServer } from './site-server';

/**
 * Production entry: serves one tenant's build (`TENANT`, default `demo`) on `HOST`:`PORT`
 * (default 0.0.0.0:4321), with the platform API under `/api` on PGlite in DATA_DIR (default `.data`) or on
 * the PostgreSQL server of DATABASE_URL. Built by scripts/build.mjs into
 * `dist/_server/main.mjs`; `npm start` runs it.
 */
const tenant = process.env.TENANT || 'demo';
const port = Number(process.env.PORT || 4321);
const host = process.env.HOST || '0.0.0.0';
const distDir = resolve(process.env.DIST_DIR || 'dist', tenant);
const buildInfoFile = join(distDir, 'build.json');

if (!existsSync(buildInfoFile)) {
  console.error(`Build untuk tenant "${tenant}" tidak ditemukan di ${distDir}. Jalankan: npm run build -- --tenant ${tenant}`);
  process.exit(1);
}
const build = JSON.parse(readFileSync(buildInfoFile, 'utf8')) as { tenant: string; version: string; maintenance: boolean };
const entry = join(distDir, 'server', 'entry.mjs');
const astroHandler = existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as { handler: AstroHandler }).handler : undefined;

// The bundle sits in dist/_server with a copy of the migrations beside it.
const platform = await openPlatform({
  version: build.version,
  migrationsFolder: fileURLToPath(new URL('./migrations', import.meta.url)),
}).catch((error: unknown) => {
  // Drizzle names the failed query; the server's reason is in `cause`.
  console.error(`Platform API tidak dapat dimulai: ${describeDatabaseError(error)}`);
  process.exit(1);
});

// Pages rendered on demand (items newer than the build) read content through the same API, in process.
providePlatformFetch(async () => platform.api.fetch as (request: Request) => Promise<Response>);

const app = createSiteServer({
  api: platform.api.fetch,
  clientDir: join(distDir, 'client'),
  astroHandler,
  maintenance: build.maintenance,
});

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`${build.tenant}: http://${shown}:${info.port}${build.maintenance ? ' (mode perbaikan)' : ''}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => platform.close().finally(() => process.exit(0))));
}
