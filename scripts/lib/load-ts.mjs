// Imports a TypeScript module of src/ from a plain Node script: esbuild bundles it (project code
// inlined, packages left external, the `~/` alias resolved) into node_modules/.cache and imports that.
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('../..', import.meta.url).pathname;

/** Bundles server-side TypeScript for Node 24 (packages stay external); also used for dist/_server/main.mjs. */
export async function bundleForNode(entry, outfile) {
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
}

const loaded = new Map();

/** Bundles `entry` (a path relative to the repository root) once per process and returns its exports. */
export function importTs(entry) {
  if (!loaded.has(entry)) loaded.set(entry, bundleAndImport(entry));
  return loaded.get(entry);
}

async function bundleAndImport(entry) {
  const outdir = join(root, 'node_modules/.cache/lms-scripts');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${basename(entry).replace(/\.ts$/, '')}-${process.pid}.mjs`);
  await bundleForNode(entry, outfile);
  return import(pathToFileURL(outfile).href);
}
