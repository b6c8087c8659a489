// `npm run builds -- --tenant <code> [--limit N]`: a tenant's build history from the build queue
// (id, trigger, status, start, duration, pages, rendered, build id) and its kept builds, the live
// one marked; `--list` shows only the kept builds (no database needed). `--rollback <build id>` makes
// a kept build live instead, `--rollback previous` the one before the live build; a running server
// swaps within a second. Builds are read and switched through the publisher the environment names
// (src/server/builds/publisher.ts: DIST_DIR, default dist, and an S3 mirror with PUBLISH_S3_BUCKET),
// the one rollback path (`npm run rollback` is an alias). Reads the database as scripts/db.mjs does:
// PGlite under DATA_DIR allows one process, so stop `npm start` first, or set DATABASE_URL.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { scriptConfig } from './lib/config.mjs';
import { importTs } from './lib/load-ts.mjs';

const usage = 'Pakai: npm run builds -- --tenant <kode> [--limit N] [--list] [--rollback <id build>|previous]';
let options;
try {
  ({ values: options } = parseArgs({
    options: {
      tenant: { type: 'string' },
      limit: { type: 'string', default: '20' },
      list: { type: 'boolean', default: false },
      rollback: { type: 'string' },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(1);
}
// Every variable through the configuration (src/server/config.ts), parsed once: TENANT, DIST_DIR,
// BUILDS_KEEP and PUBLISH_S3_*, the database's.
const config = await scriptConfig();
const tenant = options.tenant ?? config.tenant;
const limit = Number(options.limit);
if (!tenant || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
  console.error(usage);
  process.exit(1);
}

const root = new URL('..', import.meta.url).pathname;
const { publisherFor } = await importTs('src/server/builds/publisher.ts');
const publisher = publisherFor(config.builds, resolve(root, config.builds.distDir));

/** Prints the tenant's kept builds, newest first, the live one marked. */
async function printKept() {
  const kept = await publisher.list(tenant);
  console.log(`Build yang disimpan (${publisher.name})${kept.length ? ', * = live' : ': belum ada'}`);
  for (const build of kept) console.log(`${build.live ? '*' : ' '} ${build.id}  ${build.builtAt ?? ''}`);
}

/** The kept build before the live one (build ids sort by time); throws when there is none. */
async function previousBuild() {
  const live = await publisher.live(tenant);
  const ids = (await publisher.list(tenant)).map((build) => build.id).sort();
  const before = ids.filter((id) => id < (live ?? '')).at(-1);
  if (!before) throw new Error(`Tidak ada build sebelum "${live ?? '(tidak ada)'}" untuk tenant "${tenant}"`);
  return before;
}

if (options.rollback) {
  try {
    const id = options.rollback === 'previous' ? await previousBuild() : options.rollback;
    await publisher.rollback(tenant, id);
    console.log(`${tenant}: build ${id} sekarang live.`);
    process.exit(0);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

if (options.list) {
  try {
    await printKept();
    process.exit(0);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

const [{ openDatabase, describeDatabaseError }, { history }] = await Promise.all([
  importTs('src/server/db/client.ts'),
  importTs('src/server/builds/queue-history.ts'),
]);
const database = await openDatabase({
  url: config.database.url,
  dataDir: config.database.pgliteDir,
  migrationsFolder: join(root, 'src/server/db/migrations'),
  poolSize: 2,
  timeouts: config.database.timeouts,
}).catch((error) => {
  console.error(`Basis data tidak dapat dibuka: ${describeDatabaseError(error)}`);
  process.exit(1);
});
try {
  const jobs = await history(database.db, tenant, limit);
  const time = (date) => (date ? date.toISOString().replace('T', ' ').slice(0, 19) : '-');
  const seconds = (ms) => (ms == null ? '-' : `${(ms / 1000).toFixed(1)} s`);
  const rows = [
    ['id', 'pemicu', 'status', 'mulai (UTC)', 'durasi', 'halaman', 'dirender', 'id build'],
    ...jobs.map((job) => [
      String(job.id),
      `${job.trigger}${job.full ? ' (penuh)' : ''}`,
      job.attempts > 1 ? `${job.status} (${job.attempts}x)` : job.status,
      time(job.startedAt),
      seconds(job.durationMs),
      job.pages == null ? '-' : String(job.pages),
      job.rendered == null ? '-' : String(job.rendered),
      job.buildId ?? (job.error ? `galat: ${job.error.slice(0, 60)}` : '-'),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  console.log(`Riwayat build ${tenant}${jobs.length ? '' : ': belum ada'}`);
  if (jobs.length)
    for (const row of rows)
      console.log(
        row
          .map((cell, column) => cell.padEnd(widths[column]))
          .join('  ')
          .trimEnd(),
      );

  console.log('');
  await printKept();
} finally {
  await database.close();
}
