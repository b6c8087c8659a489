// The whole suite, as `npm test` runs it: lint and format check, type checks, unit and server tests
// (vitest), a build of every tenant, then browser tests (Playwright on Debian's Chromium).
// Server tests run on embedded PGlite and on the PostgreSQL server of TEST_DATABASE_URL (default
// 127.0.0.1:5432); without a reachable server they run on PGlite only and say so loudly, and under
// CI (CI=true or LMS_REQUIRE_POSTGRES=1, which .ci/run sets) a missing server fails the run, because CI must cover both.
// Ends with one "N passed, N failed" line; exits non-zero when any step fails.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { HEADLESS_SHELL } from './lib/chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const counts = { passed: 0, failed: 0 };

if (!existsSync(HEADLESS_SHELL)) {
  console.error(
    `\nChromium headless shell tidak ditemukan di ${HEADLESS_SHELL}; tes browser tidak bisa dijalankan.\n` +
      'Pasang dengan: apt-get install -y chromium chromium-headless-shell   (atau set CHROMIUM_HEADLESS_PATH)\n' +
      'npm test berhenti di sini: tidak ada tes yang dilewati diam-diam.\n',
  );
  process.exit(1);
}

/** Whether the PostgreSQL server the server tests use answers. */
async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.error(`PostgreSQL ${url}: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
if (await postgresReachable(postgresUrl)) {
  process.env.LMS_TEST_DB_KINDS = 'pglite,postgres';
  console.log(`Tes server berjalan di PGlite dan PostgreSQL (${postgresUrl}).`);
} else if (process.env.CI === 'true' || process.env.LMS_REQUIRE_POSTGRES === '1') {
  console.error(`\nCI: server PostgreSQL ${postgresUrl} tidak dapat dihubungi; CI wajib menguji PGlite dan PostgreSQL.\n`);
  process.exit(1);
} else {
  process.env.LMS_TEST_DB_KINDS = 'pglite';
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! PostgreSQL TIDAK DAPAT DIHUBUNGI di ${postgresUrl}\n` +
      '!! Tes server hanya berjalan di PGlite. Jalankan PostgreSQL (atau set TEST_DATABASE_URL)\n' +
      `!! agar suite yang sama juga diuji di PostgreSQL.\n${line}\n`,
  );
}

/** Each step's title, wall seconds and when it started and ended (seconds since the suite began). */
const timings = [];
const suiteStarted = performance.now();
const since = () => (performance.now() - suiteStarted) / 1000;
let failedStep;

/**
 * Runs one step. A step in the foreground shares the terminal; one in the background (beside another
 * step) keeps its output and prints it whole when it ends, so two steps' lines never interleave.
 * Resolves with whether it passed; after a failure no further step starts.
 */
function step(title, command, args, { env = {}, background = false } = {}) {
  if (failedStep) return Promise.resolve(false);
  console.log(`\n▶ ${title}${background ? ' (di latar, keluarannya menyusul)' : ''}`);
  const started = since();
  const child = spawn(command, args, {
    cwd: root,
    stdio: background ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const output = [];
  if (background) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => {
      const ended = since();
      const seconds = (ended - started).toFixed(1);
      timings.push({ title, seconds: ended - started, started, ended });
      if (background) {
        console.log(`\n── ${title}: keluaran ──`);
        process.stdout.write(Buffer.concat(output));
      }
      if (status !== 0) {
        console.log(`✗ ${title} gagal (${seconds} s)`);
        failedStep ??= { title, status: status ?? 1 };
        return resolve(false);
      }
      console.log(`✓ ${title} (${seconds} s)`);
      resolve(true);
    });
  });
}

/** Adds a JSON report's totals (vitest and Playwright both write one). */
function tally(file, read) {
  if (!existsSync(file)) return;
  const { passed, failed } = read(JSON.parse(readFileSync(file, 'utf8')));
  counts.passed += passed;
  counts.failed += failed;
}

/** Each step's wall time (and when it ran: steps side by side overlap), then the total. */
function timingTable() {
  const clock = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
  const width = Math.max(...timings.map(({ title }) => title.length), 5);
  console.log('\nWaktu per langkah (detik, dan kapan berjalan sejak awal suite):');
  for (const { title, seconds, started, ended } of timings.sort((a, b) => a.started - b.started)) {
    console.log(`  ${title.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s   ${clock(started)} → ${clock(ended)}`);
  }
  console.log(`  ${'Total'.padEnd(width)}  ${since().toFixed(1).padStart(7)} s`);
}

function report() {
  timingTable();
  for (const file of ['vitest.json', 'vitest-integration.json']) {
    tally(join(root, 'test-results', file), (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
  }
  tally(join(root, 'test-results/playwright.json'), (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky }));
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
}

/** Ends the suite at the first failed step, as each step used to. */
function stopIfFailed() {
  if (!failedStep) return;
  report();
  process.exit(failedStep.status);
}

/** A port of 127.0.0.1 nothing listens on: 4500 when free (another checkout's browser tests may hold it). */
async function browserTestPort() {
  const listen = (port) =>
    new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(undefined));
      probe.listen(port, '127.0.0.1', () => {
        const { port: bound } = probe.address();
        probe.close(() => resolve(bound));
      });
    });
  return (await listen(4500)) ?? (await listen(0));
}

rmSync(join(root, 'test-results'), { recursive: true, force: true });
// The schedule, for 2 cores: the site compile and the tenants' builds first (the server tests render
// pages with the compile), with the lint and then the type checks beside them: those are
// single-threaded, and the type checks start once the compile is done, since both write .astro/.
const build = step('Kompilasi situs dan bundel server', process.execPath, [join(root, 'scripts/build.mjs'), '--site-only']);
await step('Lint, format dan batas impor (biome, dependency-cruiser)', 'npm', ['run', '--silent', 'lint'], { background: true });
await build;
await Promise.all([
  step('Cek tipe (astro check, tsc)', 'npm', ['run', '--silent', 'typecheck'], { background: true }),
  // Pages are built from a fresh embedded database seeded from tenants/, as the browser tests' server is.
  step('Build semua tenant', process.execPath, [join(root, 'scripts/build.mjs'), '--all'], { env: { PGLITE_DIR: 'memory://' } }),
]);
stopIfFailed();
await step('Tes unit dan server (vitest)', bin('vitest'), [
  'run',
  '--project=unit',
  '--project=server',
  '--project=server-render',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
stopIfFailed();
// Two server processes on PostgreSQL and Redis, serving the builds just made (needs the PostgreSQL server).
if (process.env.LMS_TEST_DB_KINDS.includes('postgres'))
  await step('Tes integrasi (dua proses server, PostgreSQL, Redis)', bin('vitest'), [
    'run',
    '--project=integration',
    // One file at a time, as before: each starts its own server processes, and some time a kill mid-build.
    '--maxWorkers=1',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest-integration.json',
  ]);
else console.warn('!! Tes integrasi dua proses DILEWATI: PostgreSQL tidak dapat dihubungi (lihat peringatan di atas).');
stopIfFailed();
const port = process.env.E2E_PORT || String(await browserTestPort());
await step('Tes browser (Playwright, Chromium)', bin('playwright'), ['test'], { env: { E2E_PORT: port } });
report();
process.exit(failedStep ? failedStep.status : 0);
