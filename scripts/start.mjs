// Serves one tenant's site (TENANT or --tenant, default demo) on PORT (4321) and HOST, API under /api.
// Builds the tenant first when it has no build yet or when its sources changed since the last build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tenantArgs } from './lib/args.mjs';

const root = new URL('..', import.meta.url).pathname;
const { tenant } = tenantArgs();
process.env.TENANT = tenant;

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

const buildInfo = join(root, 'dist', tenant, 'build.json');
const serverBundle = join(root, 'dist/_server/main.mjs');
const sources = ['src', 'public', `tenants/${tenant}`, 'tenants/_shared', 'astro.config.ts', 'package-lock.json'].map((p) => join(root, p));
const builtAt = existsSync(buildInfo) ? Date.parse(JSON.parse(readFileSync(buildInfo, 'utf8')).builtAt) : 0;

if (!existsSync(serverBundle) || !builtAt || newestChange(sources) > builtAt) {
  console.log(
    builtAt ? `Sumber berubah sejak build terakhir; membangun ulang "${tenant}"…` : `Membangun situs "${tenant}" untuk pertama kali…`,
  );
  const { buildServer, buildTenant } = await import('./build.mjs');
  await buildTenant(tenant);
  await buildServer();
}

await import(serverBundle);
