// Benchmark of a content-heavy build (not a test). For each size (default 1,000 and 5,000 generated
// news posts on the demo tenant, in a throwaway embedded database) it prints, in the same run:
// - our full build of the tenant: pages, distinct pages rendered, seconds, pages/s, peak memory (RSS
//   of the build process and its render processes together);
// - an incremental build after one post changed (the post, the lists it is on and the sitemap);
// - the framework's floor: a minimal Astro project writing the same number of trivial pages;
// and the ratio of our pages/s to that floor. The site compile (once per code change, shared by every
// tenant) is done before and reported apart.
// Usage: npm run bench:build [-- --sizes 1000,5000]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileSite } from './build.mjs';
import { configLoader } from './lib/config.mjs';
import { importTs } from './lib/load-ts.mjs';

const root = new URL('..', import.meta.url).pathname;
const at = process.argv.indexOf('--sizes');
const sizes = (at > 0 ? process.argv[at + 1] : '1000,5000').split(',').map(Number);

const WORDS = 'pelatihan data bootcamp siswa SMK beasiswa mentor kelas industri digital karier komunitas program sekolah kampus'.split(' ');
const paragraph = (n) => Array.from({ length: 60 }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]).join(' ');

/** Opens the platform of `env` (its configuration, through the one schema; seeding it from tenants/ the first time) and runs `fn` with it. */
async function withPlatform(env, fn) {
  const { openPlatform } = await importTs('src/server/bootstrap.ts');
  const loadConfig = await configLoader();
  const platform = await openPlatform({
    version: 'bench',
    migrationsFolder: join(root, 'src/server/db/migrations'),
    tenantsRoot: join(root, 'tenants'),
    config: loadConfig(env),
  });
  try {
    return await fn(platform);
  } finally {
    await platform.close();
  }
}

/** Adds `count` generated news posts to the demo tenant. */
async function addPosts(env, count) {
  const { posts } = await importTs('src/server/db/schema.ts');
  await withPlatform(env, async (platform) => {
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
  });
}

/** Changes the title of one generated post, as an editor's correction would. */
async function correctOnePost(env) {
  const { posts } = await importTs('src/server/db/schema.ts');
  const { eq } = await import('drizzle-orm');
  await withPlatform(env, (platform) =>
    platform.deps.db
      .update(posts)
      .set({ title: 'Berita uji nomor 42 (ralat)', updatedAt: new Date() })
      .where(eq(posts.slug, 'berita-uji-42')),
  );
}

/** Resident memory of a process and all its descendants, in bytes. */
function treeRss(pid) {
  let total = 0;
  try {
    total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) total += treeRss(child);
    }
  } catch {
    // The process has just ended.
  }
  return total;
}

/** Runs a command, sampling the memory of its process tree every 100 ms; resolves with its stdout, seconds and peak RSS. */
function measured(command, args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let errors = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    let peak = 0;
    let base;
    child.stderr.on('data', (chunk) => {
      if (base === undefined && String(chunk).includes('platform-open')) base = treeRss(child.pid);
    });
    const sample = setInterval(() => {
      peak = Math.max(peak, treeRss(child.pid));
    }, 100);
    child.on('exit', (code) => {
      clearInterval(sample);
      if (code === 0) resolve({ out, seconds: (performance.now() - started) / 1000, peak, base: base ?? 0 });
      else reject(new Error(`${args.join(' ')} gagal (${code}):\n${errors.slice(-3000)}`));
    });
  });
}

const build = async (mode, env) => {
  const run = await measured(process.execPath, [join(root, 'scripts/lib/bench-build-child.mjs'), mode, 'demo'], env);
  return { ...JSON.parse(run.out.trim().split('\n').pop()), peak: run.peak, base: run.base, wall: run.seconds };
};

/** A minimal Astro project (one page file, `count` trivial pages from getStaticPaths) built once: the framework's floor here. */
async function astroFloor(count) {
  const dir = mkdtempSync(join(root, 'node_modules/.cache/lms-bench-floor-'));
  try {
    mkdirSync(join(dir, 'src/pages'), { recursive: true });
    writeFileSync(join(dir, 'astro.config.mjs'), "export default { output: 'static', build: { format: 'directory' } };\n");
    writeFileSync(
      join(dir, 'src/pages/[n].astro'),
      `---\nexport function getStaticPaths() { return Array.from({ length: ${count} }, (_, i) => ({ params: { n: String(i + 1) } })); }\nconst { n } = Astro.params;\n---\n<html lang="id"><head><title>Halaman {n}</title></head><body><h1>Halaman {n}</h1></body></html>\n`,
    );
    const run = await measured(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent', '--root', dir], {});
    return { seconds: run.seconds, peak: run.peak, pages: count };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const compileStarted = performance.now();
const compile = await compileSite();
console.log(
  `Kompilasi situs (sekali per perubahan kode, untuk semua tenant): ${compile.compiled ? `${((performance.now() - compileStarted) / 1000).toFixed(1)} s` : 'sudah ada'}`,
);
spawnSync(process.execPath, ['-e', "import('./scripts/build.mjs').then((m) => m.buildServer())"], { cwd: root, stdio: 'inherit' });

const rows = [];
const mb = (bytes) => Math.round(bytes / 1048576);
for (const size of sizes) {
  const work = mkdtempSync(join(tmpdir(), 'lms-bench-build-'));
  // Inside the project, so the build's renderer resolves node_modules.
  const dist = mkdtempSync(join(root, 'node_modules/.cache/lms-bench-dist-'));
  const env = { DATA_DIR: work, APP_TOKEN_SECRET: randomBytes(32).toString('hex'), DIST_DIR: dist, SEED_DEMO_USERS: 'false' };
  try {
    await addPosts(env, size);
    // The site compile is shared: link it into this throwaway dist.
    spawnSync('cp', ['-al', join(root, 'dist/_site'), join(dist, '_site')]);
    spawnSync('cp', ['-al', join(root, 'dist/_server'), join(dist, '_server')]);
    const full = await build('full', env);
    await correctOnePost(env);
    const incremental = await build('incremental', env);
    const floor = await astroFloor(full.rendered);
    const ours = full.rendered / full.seconds;
    const base = floor.pages / floor.seconds;
    console.log(`Log build penuh (${size} berita):\n${full.log.join('\n')}\nLog build inkremental:\n${incremental.log.join('\n')}`);
    rows.push({
      posts: size,
      'halaman (alamat)': full.pages,
      dirender: full.rendered,
      's build': full.seconds.toFixed(1),
      'halaman/s': Math.round(ours),
      'RSS puncak MB': mb(full.peak),
      'RSS platform terbuka MB': mb(full.base),
      'Astro minimal s': floor.seconds.toFixed(1),
      'Astro minimal halaman/s': Math.round(base),
      'rasio kita/Astro': (ours / base).toFixed(2),
      'inkremental s': incremental.seconds.toFixed(1),
      'inkremental dirender': incremental.rendered,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  }
}
console.log(
  'Build tenant demo dengan berita hasil generate (s build: seluruh proses build, termasuk membaca basis data dan memeriksa tautan)',
);
console.table(rows);
