// `npm run build [-- --tenant <code> | --all] [--incremental]`: compiles the site once for every
// tenant (dist/_site, skipped when its sources have not changed), bundles the server
// (dist/_server/main.mjs and its render worker), then builds each tenant's pages from the database
// into dist/<code>/builds/<id>/ and makes them live (src/server/builds/site-build.ts). The database is
// the platform's (DATA_DIR or DATABASE_URL), seeded from tenants/. `--site-only` skips the tenants.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tenantArgs } from './lib/args.mjs';
import { scriptConfig } from './lib/config.mjs';
import { bundleForNode, importTs } from './lib/load-ts.mjs';
import { precompress } from './lib/precompress.mjs';

const root = new URL('..', import.meta.url).pathname;
/** The environment parsed once (src/server/config.ts); a bad value ends the script naming the variable. */
const config = await scriptConfig();

/** Where builds go: DIST_DIR (default dist), as the server reads them. */
export const distRoot = () => resolve(root, config.builds.distDir);

/** Builds the server entry and its render worker (the same for every tenant), with the database migrations. */
export async function buildServer() {
  const out = join(distRoot(), '_server');
  await bundleForNode('src/server/main.ts', join(out, 'main.mjs'));
  await bundleForNode('src/server/sites/render-worker.ts', join(out, 'render-worker.mjs'));
  // The server migrates the database at start-up from the copy beside the bundle.
  rmSync(join(out, 'migrations'), { recursive: true, force: true });
  cpSync(join(root, 'src/server/db/migrations'), join(out, 'migrations'), { recursive: true });
}

/**
 * What the site compile depends on: every source (the server's too: the renderer's entry, and the
 * services that decide what pages show), the Astro config and the installed packages.
 */
export function compileId() {
  const hash = createHash('sha256');
  const files = ['astro.config.ts', 'tsconfig.json', 'package-lock.json'];
  for (const name of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).sort()) {
    const file = join('src', name);
    if (statSync(join(root, file)).isFile()) files.push(file);
  }
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Compiles the site (one `astro build` for every tenant) into dist/_site, unless the compile there
 * is of the same sources; its text files are precompressed once, and every tenant build links them.
 * Returns the compile id and whether it compiled now.
 */
export function compileSite() {
  const id = compileId();
  const target = join(distRoot(), '_site');
  try {
    if (JSON.parse(readFileSync(join(target, 'compile.json'), 'utf8')).id === id) return { id, compiled: false };
  } catch {
    // No compile yet.
  }
  const started = performance.now();
  const staging = `${target}.${process.pid}`;
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: root,
    // Production whatever the caller's NODE_ENV (vitest sets `test`): otherwise React's development
    // build would be compiled in, and kept, since the compile is reused while the sources stay the same.
    env: { ...process.env, NODE_ENV: 'production', SITE_COMPILE_DIR: staging },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error('Kompilasi situs (astro build) gagal');
  }
  return precompress(join(staging, 'client')).then(() => {
    writeFileSync(join(staging, 'compile.json'), `${JSON.stringify({ id, builtAt: new Date().toISOString() })}\n`);
    // Builds under way hold links to the old compile's files, so it can go at once.
    if (existsSync(target)) renameSync(target, `${target}.old.${process.pid}`);
    renameSync(staging, target);
    rmSync(`${target}.old.${process.pid}`, { recursive: true, force: true });
    console.log(`Situs dikompilasi (${id}) dalam ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { id, compiled: true };
  });
}

/** Compile, server bundle and the tenants' builds; returns each tenant's outcome. */
export async function buildAll({ codes, full = true, siteOnly = false }) {
  await compileSite();
  await buildServer();
  if (siteOnly) return {};
  const { buildTenants } = await importTs('src/server/build-tenants.ts');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return buildTenants(root, codes, { full, version, config });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const incremental = process.argv.includes('--incremental');
  const { tenant, all, siteOnly } = tenantArgs(
    config.tenant ?? 'demo',
    process.argv.slice(2).filter((arg) => arg !== '--incremental'),
  );
  try {
    await buildAll({ codes: all ? 'all' : [tenant], full: !incremental, siteOnly });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
