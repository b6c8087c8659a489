// `npm run rollback -- --tenant <code> [--to <build id>] [--list]`: points a tenant's live build back
// at the one before it (or at --to), or lists its builds. A running server swaps within a second.
import { join } from 'node:path';
import { importTs } from './lib/load-ts.mjs';

const root = new URL('..', import.meta.url).pathname;
const distRoot = join(root, process.env.DIST_DIR || 'dist');
const args = process.argv.slice(2);
const value = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const tenant = value('--tenant') ?? process.env.TENANT;
const known = new Set(['--tenant', '--to', '--list']);
const unknown = args.filter((arg, i) => arg.startsWith('--') && !known.has(arg) && !known.has(args[i - 1]));
if (!tenant || unknown.length > 0) {
  console.error('Pakai: npm run rollback -- --tenant <kode> [--to <id build>] [--list]');
  process.exit(1);
}

const layout = await importTs('src/server/sites/build-layout.ts');
if (args.includes('--list')) {
  const live = layout.livePointer(distRoot, tenant);
  for (const { info } of layout.listBuilds(distRoot, tenant)) {
    console.log(`${info.id === live ? '*' : ' '} ${info.id}  ${info.builtAt}${info.maintenance ? '  (mode perbaikan)' : ''}`);
  }
  process.exit(0);
}
try {
  const id = layout.rollback(distRoot, tenant, value('--to'));
  console.log(`${tenant}: build ${id} sekarang live.`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
