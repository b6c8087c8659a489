// `npm run lint` part: dependency-cruiser reads no .astro files, so this applies its rules that concern
// them: pages, layouts and components never import src/server (they reach the platform through
// lib/api). Prints each violation with the rule and both files; exits 1 when there is any.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src/*.astro', 'src/**/*.astro'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(join(root, file)));

/** The repository path an import specifier of `file` points at (`~/x` is `src/x`), or undefined for a package. */
function target(file, specifier) {
  if (specifier.startsWith('~/')) return join('src', specifier.slice(2));
  if (specifier.startsWith('.')) return relative(root, normalize(join(root, dirname(file), specifier)));
  return undefined;
}

const violations = [];
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  for (const match of text.matchAll(/\b(?:import|from)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    const to = target(file, match[1]);
    if (to?.startsWith('src/server/')) violations.push(`  error ui-never-imports-server: ${file} → ${to}`);
  }
}
if (violations.length) {
  console.error(`${violations.join('\n')}\n\nx ${violations.length} .astro import violations`);
  process.exit(1);
}
console.log(`✔ no .astro import violations (${files.length} files)`);
