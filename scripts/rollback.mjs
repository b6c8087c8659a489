// `npm run rollback -- --tenant <code> [--to <build id>] [--list]`: points a tenant's live build back
// at the one before it (or at --to), or lists its builds. A running server swaps within a second.
// An alias of `npm run builds -- --tenant <code> --rollback <id|previous>` (or `--list`), so every
// rollback goes through the publisher the environment names and a CDN mirror follows it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scriptConfig } from './lib/config.mjs';

const usage = 'Pakai: npm run rollback -- --tenant <kode> [--to <id build>] [--list]';
let options;
try {
  ({ values: options } = parseArgs({
    options: { tenant: { type: 'string' }, to: { type: 'string' }, list: { type: 'boolean', default: false } },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(1);
}
// TENANT through the configuration (src/server/config.ts), as builds.mjs reads it.
const tenant = options.tenant ?? (await scriptConfig()).tenant;
if (!tenant) {
  console.error(usage);
  process.exit(1);
}

// `--name=value`, so an id or code that starts with a dash is not read as an option.
const args = [`--tenant=${tenant}`, options.list ? '--list' : `--rollback=${options.to ?? 'previous'}`];
const builds = spawnSync(process.execPath, [fileURLToPath(new URL('builds.mjs', import.meta.url)), ...args], { stdio: 'inherit' });
process.exit(builds.status ?? 1);
