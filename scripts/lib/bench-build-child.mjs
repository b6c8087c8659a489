// A build run of the build benchmark, in its own process so its memory is measured alone:
// `node bench-build-child.mjs <full|incremental> <tenant>`. Opens the platform (not timed: a server
// has it open already), builds the tenant as the build queue would, and prints one JSON line: the
// outcome, the build's seconds and its log (with the time of each phase).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scriptConfig } from './config.mjs';
import { importTs } from './load-ts.mjs';

const root = new URL('../..', import.meta.url).pathname;
const [mode, tenant] = process.argv.slice(2);
const { buildPaths, siteBuildRunner } = await importTs('src/server/build-tenants.ts');
const { openPlatform } = await importTs('src/server/bootstrap.ts');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// The environment the parent gave this process (DATA_DIR, DIST_DIR, …), parsed once through the one schema.
const config = await scriptConfig();
const paths = buildPaths(root, config.builds);
const platform = await openPlatform({ version, migrationsFolder: paths.migrationsFolder, tenantsRoot: paths.tenantsRoot, config });
// The parent measures memory from here on apart: what the build adds to a process that has the platform open.
process.stderr.write('platform-open\n');
const log = [];
try {
  const run = siteBuildRunner(platform, paths, config);
  const started = performance.now();
  const outcome = await run({
    tenant,
    full: mode === 'full',
    changes: [],
    trigger: 'bench',
    log: (line) => log.push(line),
    signal: new AbortController().signal,
  });
  console.log(JSON.stringify({ ...outcome, seconds: (performance.now() - started) / 1000, log }));
} finally {
  await platform.close();
}
