// Development server for one tenant (TENANT or --tenant, default demo): astro dev with the platform API on /api.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { tenantArgs } from './lib/args.mjs';
import { scriptConfig } from './lib/config.mjs';

const root = new URL('..', import.meta.url).pathname;
// TENANT through the configuration (a bad value of any variable stops here, before astro starts).
const { tenant } = tenantArgs((await scriptConfig()).tenant ?? 'demo');
const child = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'dev'], {
  cwd: root,
  env: { ...process.env, TENANT: tenant },
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 0));
