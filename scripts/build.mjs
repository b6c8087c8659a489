// Builds one tenant's site (`npm run build -- --tenant <code>`, default TENANT or demo; `--all` for
// every tenant) into a folder of its own, dist/<code>/builds/<id>/ (src/server/sites/build-layout.ts):
// astro build, content images as WebP under media/, a check that every internal link leads to a page
// of the build, precompressed copies of text files, build.json last; then the tenant's live pointer
// (dist/<code>/live.json) moves to it, which a running server picks up without a restart, and builds
// older than the last three are pruned. Also bundles the server (dist/_server/main.mjs and its render
// worker) that `npm start` runs.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tenantArgs } from './lib/args.mjs';
import { brokenLinks } from './lib/check-links.mjs';
import { bundleForNode, importTs } from './lib/load-ts.mjs';
import { buildMedia } from './lib/media.mjs';
import { precompress } from './lib/precompress.mjs';

const root = new URL('..', import.meta.url).pathname;

/** Builds the server entry once (it is the same for every tenant), with the database migrations. */
export async function buildServer() {
  await bundleForNode('src/server/main.ts', join(root, 'dist/_server/main.mjs'));
  await bundleForNode('src/server/sites/render-worker.ts', join(root, 'dist/_server/render-worker.mjs'));
  // The server migrates the database at start-up from the copy beside the bundle.
  rmSync(join(root, 'dist/_server/migrations'), { recursive: true, force: true });
  cpSync(join(root, 'src/server/db/migrations'), join(root, 'dist/_server/migrations'), { recursive: true });
}

/** Where builds go: DIST_DIR (default dist), as the server reads them. */
export const distRoot = () => resolve(root, process.env.DIST_DIR || 'dist');

/**
 * Builds one tenant into a new build folder and makes it live; returns the build id. Exits the
 * process with the build's own message on failure (the live build stays as it was).
 */
export async function buildTenant(code) {
  const started = performance.now();
  const layout = await importTs('src/server/sites/build-layout.ts');
  const id = layout.newBuildId();
  const dist = layout.buildDir(distRoot(), code, id);
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: root,
    env: { ...process.env, TENANT: code, SITE_OUT_DIR: dist },
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    // A bad tenant file is reported as "file: field: message"; show that line, not a stack trace.
    const lines = result.stderr.split('\n');
    const tenantError = lines.find((line) => line.includes('TenantFileError') || /tenants\/.+: /.test(line));
    console.error(tenantError ? tenantError.replace(/^.*TenantFileError\]?:?\s*/, '') : result.stderr);
    rmSync(dist, { recursive: true, force: true });
    console.error(`Build tenant "${code}" gagal.`);
    process.exit(1);
  }
  process.stderr.write(result.stderr);
  const media = await buildMedia(code, join(dist, 'client'));
  const broken = brokenLinks(join(dist, 'client'));
  if (broken.length > 0) {
    for (const { page, href } of broken.slice(0, 30)) console.error(`  ${page} → ${href}`);
    if (broken.length > 30) console.error(`  … dan ${broken.length - 30} tautan lain`);
    rmSync(dist, { recursive: true, force: true });
    console.error(`Build tenant "${code}" gagal: ${broken.length} tautan internal menuju halaman yang tidak ada (404).`);
    process.exit(1);
  }
  const totals = await precompress(join(dist, 'client'));
  // The tenant file was validated by the Astro config; a missing maintenance flag means maintenance.
  const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
  const maintenance = readJson(`tenants/${code}/tenant.json`).setting.isMaintenance !== false;
  const { version } = readJson('package.json');
  // build.json last: a folder without it is an unfinished build, which nothing serves.
  writeFileSync(
    join(dist, 'build.json'),
    `${JSON.stringify({ tenant: code, id, version, maintenance, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
  layout.setLive(distRoot(), code, id);
  layout.pruneBuilds(distRoot(), code);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${code}: build ${id}: ${media.files} gambar konten WebP (${kb(media.bytes)}), ${totals.files} file dikompres (${kb(totals.raw)} → br ${kb(totals.br)}, gzip ${kb(totals.gzip)}) dalam ${seconds} s`,
  );
  return id;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { tenant, all, siteOnly } = tenantArgs();
  const codes = all
    ? readdirSync(join(root, 'tenants'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
        .map((entry) => entry.name)
    : [tenant];
  for (const code of codes) await buildTenant(code);
  if (!siteOnly) await buildServer();
}
