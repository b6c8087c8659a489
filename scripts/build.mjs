// Builds one tenant's site (`npm run build -- --tenant <code>`, default TENANT or demo; `--all` for
// every tenant): astro build into dist/<code>, content images as WebP under media/, a check that every
// internal link leads to a page of the build, precompressed copies of text files,
// dist/<code>/build.json, and the server bundle dist/_server/main.mjs that `npm start` runs.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tenantArgs } from './lib/args.mjs';
import { brokenLinks } from './lib/check-links.mjs';
import { bundleForNode } from './lib/load-ts.mjs';
import { buildMedia } from './lib/media.mjs';
import { precompress } from './lib/precompress.mjs';

const root = new URL('..', import.meta.url).pathname;

/** Builds the server entry once (it is the same for every tenant), with the database migrations. */
export async function buildServer() {
  await bundleForNode('src/server/main.ts', join(root, 'dist/_server/main.mjs'));
  // The server migrates the database at start-up from the copy beside the bundle.
  rmSync(join(root, 'dist/_server/migrations'), { recursive: true, force: true });
  cpSync(join(root, 'src/server/db/migrations'), join(root, 'dist/_server/migrations'), { recursive: true });
}

/** Builds one tenant; exits the process with the build's own message on failure. */
export async function buildTenant(code) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: root,
    env: { ...process.env, TENANT: code },
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    // A bad tenant file is reported as "file: field: message"; show that line, not a stack trace.
    const lines = result.stderr.split('\n');
    const tenantError = lines.find((line) => line.includes('TenantFileError') || /tenants\/.+: /.test(line));
    console.error(tenantError ? tenantError.replace(/^.*TenantFileError\]?:?\s*/, '') : result.stderr);
    console.error(`Build tenant "${code}" gagal.`);
    process.exit(1);
  }
  process.stderr.write(result.stderr);
  // Astro writes where DIST_DIR says (astro.config.ts); the steps after it work on the same folder.
  const dist = join(resolve(root, process.env.DIST_DIR || 'dist'), code);
  const media = await buildMedia(code, join(dist, 'client'));
  const broken = brokenLinks(join(dist, 'client'));
  if (broken.length > 0) {
    for (const { page, href } of broken.slice(0, 30)) console.error(`  ${page} → ${href}`);
    if (broken.length > 30) console.error(`  … dan ${broken.length - 30} tautan lain`);
    console.error(`Build tenant "${code}" gagal: ${broken.length} tautan internal menuju halaman yang tidak ada (404).`);
    process.exit(1);
  }
  const totals = await precompress(join(dist, 'client'));
  // The tenant file was validated by the Astro config; a missing maintenance flag means maintenance.
  const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
  const maintenance = readJson(`tenants/${code}/tenant.json`).setting.isMaintenance !== false;
  const { version } = readJson('package.json');
  writeFileSync(
    join(dist, 'build.json'),
    `${JSON.stringify({ tenant: code, version, maintenance, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${code}: ${media.files} gambar konten WebP (${kb(media.bytes)}), ${totals.files} file dikompres (${kb(totals.raw)} → br ${kb(totals.br)}, gzip ${kb(totals.gzip)}) dalam ${seconds} s`,
  );
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { tenant, all } = tenantArgs();
  const codes = all
    ? readdirSync(join(root, 'tenants'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
        .map((entry) => entry.name)
    : [tenant];
  for (const code of codes) await buildTenant(code);
  await buildServer();
}
