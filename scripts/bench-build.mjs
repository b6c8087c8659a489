// Benchmark of a content-heavy build (not a test): seeds a throwaway embedded database, adds 1,000
// and then 5,000 generated news posts to the demo tenant, builds the demo site from it into a
// temporary folder, and prints pages written, pages per second and the build's peak memory (RSS).
// Usage: npm run bench:build [-- --sizes 1000,5000]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importTs } from './lib/load-ts.mjs';

const root = new URL('..', import.meta.url).pathname;
const at = process.argv.indexOf('--sizes');
const sizes = (at > 0 ? process.argv[at + 1] : '1000,5000').split(',').map(Number);

const { openPlatform } = await importTs('src/server/bootstrap.ts');
const { posts } = await importTs('src/server/db/schema.ts');

const WORDS = 'pelatihan data bootcamp siswa SMK beasiswa mentor kelas industri digital karier komunitas program sekolah kampus'.split(' ');
const paragraph = (n) => Array.from({ length: 60 }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]).join(' ');

/** Adds `count` generated news posts to the demo tenant of the database in `env`. */
async function addPosts(env, count) {
  const platform = await openPlatform({
    version: 'bench',
    migrationsFolder: join(root, 'src/server/db/migrations'),
    tenantsRoot: join(root, 'tenants'),
    env,
  });
  try {
    const demo = await platform.deps.tenants.byAppCode('NUSANTARA-LEARNING');
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
        const n = start + i + 1;
        return {
          lmsId: demo.lmsId,
          kindSlug: 'news',
          slug: `berita-uji-${n}`,
          title: `Berita uji nomor ${n} tentang ${WORDS[n % WORDS.length]}`,
          summary: `Ringkasan berita uji ${n}: ${paragraph(n).slice(0, 120)}.`,
          content: `<h2>Bagian ${n}</h2><p>${paragraph(n)}</p><p>${paragraph(n + 1)}</p>`,
          cover: '/media/covers/kelas-data.webp',
          author: 'Redaksi',
          publishedAt: new Date(Date.UTC(2025, 0, 1) + n * 3_600_000),
        };
      });
      await platform.deps.db.insert(posts).values(rows);
    }
  } finally {
    await platform.close();
  }
}

/** Runs `astro build` for demo and samples its resident memory every 100 ms. */
function build(env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
      cwd: root,
      env: { ...process.env, ...env, TENANT: 'demo' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let peak = 0;
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const sample = setInterval(() => {
      try {
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (rss) peak = Math.max(peak, Number(rss[1]) * 1024);
      } catch {
        // The process has just ended.
      }
    }, 100);
    child.on('exit', (code) => {
      clearInterval(sample);
      if (code === 0) resolve({ seconds: (performance.now() - started) / 1000, peak });
      else reject(new Error(`astro build gagal (${code}):\n${errors.slice(-2000)}`));
    });
  });
}

const countPages = (dir) => readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.html')).length;

mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const rows = [];
for (const size of sizes) {
  const work = mkdtempSync(join(tmpdir(), 'lms-bench-build-'));
  // The output stays inside the project so the prerendered chunks resolve node_modules.
  const dist = mkdtempSync(join(root, 'node_modules/.cache/lms-bench-dist-'));
  const env = { DATA_DIR: work, APP_TOKEN_SECRET: randomBytes(32).toString('hex'), DIST_DIR: dist };
  try {
    await addPosts(env, size);
    const { seconds, peak } = await build(env);
    // Plain `astro build` (no build id): astro.config.ts writes to <DIST_DIR>/demo/builds/astro.
    const pages = countPages(join(dist, 'demo/builds/astro/client'));
    rows.push({
      'generated posts': size,
      pages,
      seconds: seconds.toFixed(1),
      'pages/s': Math.round(pages / seconds),
      'peak RSS MB': Math.round(peak / 1048576),
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  }
}
console.log('Build demo dengan berita hasil generate (tiap berita: /News/{slug}, /News/{id}, /News/{id}/{title})');
console.table(rows);
