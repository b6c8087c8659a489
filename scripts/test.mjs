// The whole suite, as `npm test` runs it: lint and format check, type checks, unit and server tests
// (vitest), a build of every tenant, then browser tests (Playwright on Debian's Chromium).
// Ends with one "N passed, N failed" line; exits non-zero when any step fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

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

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
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
  tally(join(root, 'test-results/vitest.json'), (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
  tally(join(root, 'test-results/playwright.json'), (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky }));
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
}

rmSync(join(root, 'test-results'), { recursive: true, force: true });
step('Lint dan format (biome)', bin('biome'), ['check', '--error-on-warnings', '.']);
step('Cek tipe (astro check, tsc)', 'npm', ['run', '--silent', 'typecheck']);
step('Tes unit dan server (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
step('Build semua tenant', process.execPath, [join(root, 'scripts/build.mjs'), '--all']);
step('Tes browser (Playwright, Chromium)', bin('playwright'), ['test']);
report();
