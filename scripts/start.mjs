// `npm start`: one server for every tenant (src/server/main.ts), on PORT (4321) and HOST, API under /api.
// Starts serving at once; tenants without a build, or whose sources changed since their live build,
// are built one after another in the background, the default tenant (DEFAULT_TENANT, default demo)
// first, and each goes live the moment its build is done (until then its hosts answer 503 "situs
// sedang disiapkan"). Builds read content from this server's API, so one database holds every tenant.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const distRoot = join(root, process.env.DIST_DIR || 'dist');
const defaultTenant = process.env.DEFAULT_TENANT || 'demo';
const port = Number(process.env.PORT || 4321);
process.env.ACCESS_LOG ??= '1';

/** Newest modification time under the given paths (files or folders), in ms. */
function newestChange(paths) {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stats = statSync(path);
    if (stats.isFile()) newest = Math.max(newest, stats.mtimeMs);
    else
      for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
      }
  }
  return newest;
}

/** When the tenant's live build was made (0 without one). */
function liveBuiltAt(code) {
  try {
    const { build } = JSON.parse(readFileSync(join(distRoot, code, 'live.json'), 'utf8'));
    return Date.parse(JSON.parse(readFileSync(join(distRoot, code, 'builds', build, 'build.json'), 'utf8')).builtAt) || 0;
  } catch {
    return 0;
  }
}

const shared = ['src', 'public', 'tenants/_shared', 'astro.config.ts', 'package-lock.json'].map((p) => join(root, p));
const sharedChange = newestChange(shared);
const codes = readdirSync(join(root, 'tenants'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name)
  .sort((a, b) => (a === defaultTenant ? -1 : b === defaultTenant ? 1 : a.localeCompare(b)));
const stale = codes.filter((code) => {
  const builtAt = liveBuiltAt(code);
  return !builtAt || Math.max(sharedChange, newestChange([join(root, 'tenants', code)])) > builtAt;
});

const serverBundle = join(root, 'dist/_server/main.mjs');
if (!existsSync(serverBundle) || statSync(serverBundle).mtimeMs < sharedChange) {
  const { buildServer } = await import('./build.mjs');
  await buildServer();
}
await import(serverBundle);

if (stale.length > 0) {
  console.log(`Membangun di latar belakang: ${stale.join(', ')}`);
  const host = !process.env.HOST || process.env.HOST === '0.0.0.0' || process.env.HOST === '::' ? '127.0.0.1' : process.env.HOST;
  let building;
  // The server ends the process on SIGINT/SIGTERM: a build under way (its whole process group:
  // build.mjs and the astro build it runs) goes with it.
  process.on('exit', () => {
    if (building?.exitCode === null) {
      try {
        process.kill(-building.pid, 'SIGTERM');
      } catch {}
    }
  });
  for (const code of stale) {
    // One at a time, in a child process, so the server keeps answering meanwhile.
    const status = await new Promise((resolve) => {
      building = spawn(process.execPath, [join(root, 'scripts/build.mjs'), '--tenant', code, '--site-only'], {
        cwd: root,
        env: { ...process.env, CONTENT_API_URL: `http://${host}:${port}/api`, ACCESS_LOG: '0' },
        stdio: ['ignore', 'inherit', 'inherit'],
        detached: true,
      });
      building.on('exit', (code) => resolve(code));
    });
    if (status === 0) console.log(`${code}: siap di http://${code}.localhost:${port}`);
    else
      console.error(`${code}: build gagal; situs ini tetap "sedang disiapkan". Perbaiki lalu jalankan: npm run build -- --tenant ${code}`);
  }
}
