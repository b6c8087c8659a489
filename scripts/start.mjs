// `npm start`: one server for every tenant (src/server/main.ts), on PORT (4321) and HOST, API under /api.
// Compiles the site and bundles the server first when their sources changed (a few seconds), then
// starts serving at once. The server builds the tenants that have no build, or whose build was made
// by other code, through its own build queue (default tenant first); each goes live the moment its
// build is done (until then its hosts answer 503 "situs sedang disiapkan"). Later content and
// settings writes rebuild their tenant on their own.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, compileSite, distRoot } from './build.mjs';

const root = new URL('..', import.meta.url).pathname;
process.env.ACCESS_LOG ??= '1';

/** Newest modification time under `dir`, in ms. */
function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

await compileSite();
const serverBundle = join(distRoot(), '_server/main.mjs');
if (!existsSync(serverBundle) || statSync(serverBundle).mtimeMs < newestChange(join(root, 'src'))) await buildServer();
await import(serverBundle);
