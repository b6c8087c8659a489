import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPlatform } from './bootstrap';
import { buildPaths, siteBuildRunner } from './build-tenants';
import { BuildWorker, buildService, publisherFor, readCompile } from './builds';
import { type Config, loadConfig } from './config';
import { describeDatabaseError } from './db/client';
import { adminViewerOf } from './identity';
import { startMail } from './mail';
import { startReconciler } from './payments';
import { errorText } from './platform/site-events';
import { bareHost, dbContentSource, isLocalHost, readLive, startSiteServer } from './sites';

/**
 * Production entry (bundled to `dist/_server/main.mjs`): one server for every tenant on HOST:PORT
 * (default 0.0.0.0:4321), the host picking the tenant, with the platform API under `/api` on PGlite
 * in DATA_DIR (default `.data`) or on the PostgreSQL server of DATABASE_URL. Serves each tenant's
 * live build under DIST_DIR (default `dist`, see sites/build-layout.ts) and picks up new ones
 * without a restart. `npm start` runs it (and builds what is missing, see scripts/start.mjs).
 *
 * Every setting comes from the environment, parsed here once (config.ts) before anything starts: a
 * value a variable does not accept stops the start naming the variable and what it accepts.
 */
const config: Config = (() => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    console.error(errorText(error));
    process.exit(1);
  }
})();
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// Run from the project folder (as `npm start` does): tenants/ (the seed and the files settings
// name), package.json and DIST_DIR (when relative) are found from there, wherever the bundle is.
const root = process.cwd();
const paths = buildPaths(root, config.builds);
const { distRoot } = paths;
/** The app version (SPEC §4), from the project's package.json. */
const version = (() => {
  try {
    return (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();

// The bundle sits in dist/_server with a copy of the migrations beside it.
const platform = await openPlatform({ version, migrationsFolder: here('./migrations'), tenantsRoot: paths.tenantsRoot, config }).catch(
  (error: unknown) => {
    // Drizzle names the failed query; the server's reason is in `cause`.
    console.error(`Platform API tidak dapat dimulai: ${describeDatabaseError(error)}`);
    process.exit(1);
  },
);

// Mail queued by requests goes out from this process: to SMTP_URL, or to the in-process catcher admins read through the API.
const mail = await startMail(platform.deps, config).catch(async (error: unknown) => {
  console.error(`Surat tidak dapat dimulai: ${errorText(error)}`);
  await platform.close();
  process.exit(1);
});

const site = await startSiteServer({
  distRoot,
  workerScript: here('./render-worker.mjs'),
  tenants: platform.deps.tenants,
  api: platform.api.fetch as (request: Request) => Promise<Response>,
  contentSource: async (code) => {
    const tenant = await platform.deps.tenants.byCode(code);
    if (!tenant) throw new Error(`tenant "${code}" tidak ada`);
    return dbContentSource(platform.deps.db, tenant);
  },
  siteEvents: platform.shared.siteEvents,
  // The staff console (/Admin) is rendered for the account the visitor's `token` cookie holds, when it is of that tenant.
  viewer: (tenant, token) => adminViewerOf(platform.deps.db, tenant, token),
  // PGlite answers one query at a time on this thread: one read at a time keeps static pages and health between them.
  contentReads: platform.database.kind === 'pglite' ? { active: 1, waiting: 16 } : { active: 4, waiting: 64 },
  settings: config,
}).catch(async (error: unknown) => {
  console.error(`Server situs tidak dapat dimulai: ${error instanceof Error ? error.message : String(error)}`);
  await mail.close();
  await platform.close();
  process.exit(1);
});
platform.deps.sites = site.registry;
// Payments: the gateway simulator (the embedded default) and callbacks reach this server at its own address.
const { host } = config.server;
const selfHost = host !== '0.0.0.0' && host !== '::' ? host : '127.0.0.1';
platform.payments.payments.setSelfOrigin(`http://${selfHost.includes(':') ? `[${selfHost}]` : selfHost}:${site.port}`);
platform.payments.simulator?.worker.start();
const stopReconciler = startReconciler(platform.deps.db, platform.payments.payments, config.payments.reconcileMs);
// Content reads of on-demand pages failing (a database outage) turn readiness red until they work again.
platform.deps.problems = () => site.problems();

// This process builds sites too: writes through the API and signed webhooks queue builds in the
// database, and this worker (or one in another server process) runs them, one per tenant at a time.
const { debounceMs, pollMs, leaseMs, retryBaseMs } = config.builds.queue;
const builder = new BuildWorker({ db: platform.deps.db, runner: siteBuildRunner(platform, paths, config), pollMs, leaseMs, retryBaseMs });
platform.deps.builds = buildService(platform.deps.db, publisherFor(config.builds, distRoot), builder, debounceMs);
builder.start();
await queueStaleBuilds().catch((error: unknown) => console.error(`Build awal tidak dapat diantrekan: ${errorText(error)}`));

/** Tenants without a live build, or whose live build was made by other code, are built now (the default tenant first). */
async function queueStaleBuilds(): Promise<void> {
  let compile: string | undefined;
  try {
    compile = readCompile(paths.compileDir).id;
  } catch (error) {
    console.error(`Situs belum dikompilasi; tenant tidak dapat dibangun: ${errorText(error)} (jalankan npm run build)`);
    return;
  }
  const codes = site.registry
    .sites()
    .map(({ tenant }) => tenant.code)
    .sort((a, b) => (a === site.registry.defaultTenant ? -1 : b === site.registry.defaultTenant ? 1 : a.localeCompare(b)));
  for (const code of codes) {
    const live = readLive(distRoot, code);
    if (live && live.info.compile === compile) continue;
    await platform.deps.builds?.enqueue({ type: 'build.requested', tenant: code, ids: [] }, 'start', { full: true });
  }
}

// One line per tenant: where to open it, and what it serves.
const shownHost = host !== '0.0.0.0' && host !== '::' ? host : 'localhost';
for (const { tenant, live } of site.registry.sites()) {
  const local =
    shownHost === 'localhost'
      ? `http://${tenant.code}.localhost:${site.port}`
      : `http://${shownHost}:${site.port} (Host: ${tenant.code}.localhost)`;
  const publicHosts = tenant.hosts.filter((host) => !isLocalHost(bareHost(host)));
  const state = !live ? 'sedang disiapkan' : live.info.maintenance ? `build ${live.info.id}, mode perbaikan` : `build ${live.info.id}`;
  const isDefault = tenant.code === site.registry.defaultTenant ? ` = http://localhost:${site.port}` : '';
  console.log(`${tenant.code}: ${local}${isDefault}${publicHosts.length ? ` · ${publicHosts.join(', ')}` : ''} (${state})`);
}
console.log(`Platform API: http://localhost:${site.port}/api · penyimpanan bersama: ${platform.shared.kind}`);
console.log(`Surat: ${mail.target}`);
console.log(
  `Pembayaran: ${platform.payments.simulator ? `simulator Duitku di http://localhost:${site.port}/api/sim/duitku` : `Duitku (${config.payments.duitkuBaseUrl ?? 'URL per tenant'})`}`,
);

// Graceful shutdown: stop taking connections, finish the requests in progress, then close the rest.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const timeout = config.server.shutdownTimeoutMs;
    builder
      .stop()
      .then(() => site.close(timeout))
      .then(() => {
        stopReconciler();
        return platform.payments.simulator?.worker.stop();
      })
      // After the last requests, which may have queued mail; the message being sent is finished.
      .then(() => mail.close())
      .then(() => platform.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Server tidak berhenti dengan rapi:', error);
          process.exit(1);
        },
      );
  });
}
