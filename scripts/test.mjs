// The whole suite, as `npm test` runs it: lint and format check, type checks, unit and server tests
// (vitest), a build of every tenant, then browser tests (Playwright on Debian's Chromium).
// Server tests run on embedded PGlite and on the PostgreSQL server of TEST_DATABASE_URL (default
// 127.0.0.1:5432); without a reachable server they run on PGlite only and say so loudly, and under
// CI (CI=true or LMS_REQUIRE_POSTGRES=1, which .ci/run sets) a missing server fails the run, because CI must cover both.
// Ends with one "N passed, N failed" line; exits non-zero when any step fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const bin = (name) => join(root, 'node_modules', '.bin', name);
const counts = { passed: 0, failed: 0 };

if (!existsSync(chromium)) {
  console.error(
    `\nChromium tidak ditemukan di ${chromium}; tes browser tidak bisa dijalankan.\n` +
      'Pasang dengan: apt-get install -y chromium   (atau set CHROMIUM_PATH ke Chromium lain)\n' +
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

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${title} gagal (${seconds} s)`);
    report();
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds} s)`);
}

/** Adds a JSON report's totals (vitest and Playwright both write one). */
function tally(file, read) {
  if (!existsSync(file)) return;
  const { passed, failed } = read(JSON.parse(readFileSync(file, 'utf8')));
  counts.passed += passed;
  counts.failed += failed;
}

function report() {
  for (const file of ['vitest.json', 'vitest-integration.json']) {
    tally(join(root, 'test-results', file), (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
  }
  tally(join(root, 'test-results/playwright.json'), (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky }));
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
}

rmSync(join(root, 'test-results'), { recursive: true, force: true });
step('Lint, format dan batas impor (biome, dependency-cruiser)', 'npm', ['run', '--silent', 'lint']);
step('Cek tipe (astro check, tsc)', 'npm', ['run', '--silent', 'typecheck']);
step('Tes unit dan server (vitest)', bin('vitest'), [
  'run',
  '--project=unit',
  '--project=server',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
// Pages are built from a fresh embedded database seeded from tenants/, as the browser tests' server is.
step('Build semua tenant', process.execPath, [join(root, 'scripts/build.mjs'), '--all'], { PGLITE_DIR: 'memory://' });
// Two server processes on PostgreSQL and Redis, serving the builds just made (needs the PostgreSQL server).
if (process.env.LMS_TEST_DB_KINDS.includes('postgres'))
  step('Tes integrasi (dua proses server, PostgreSQL, Redis)', bin('vitest'), [
    'run',
    '--project=integration',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest-integration.json',
  ]);
else console.warn('!! Tes integrasi dua proses DILEWATI: PostgreSQL tidak dapat dihubungi (lihat peringatan di atas).');
step('Tes browser (Playwright, Chromium)', bin('playwright'), ['test']);
report();
