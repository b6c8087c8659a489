import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** What each file of the fake build holds, so a response can be traced to the file it came from. */
export const FILES = {
  'index.html': '<!doctype html><title>Beranda</title><h1>home page</h1>',
  'About/index.html': '<!doctype html><title>Tentang</title><h1>about page</h1>',
  '404.html': '<!doctype html><h1>Oops.. Maaf halaman tidak ditemukan</h1>',
  '500.html': '<!doctype html><h1>Opps.. Maaf terjadi kesalahan pada website</h1>',
  '_astro/app.123.css': 'body{color:red}/* identity */',
  '_astro/app.123.css.br': 'BROTLI-BYTES',
  '_astro/app.123.css.gz': 'GZIP-BYTES-LONGER',
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'logo.png': '\x89PNG fake',
} as const;

/**
 * A temp folder shaped like `dist/<code>/` holding `client/` (a build's output) next to a
 * `secret.txt` that must never be served. Call `remove` when done.
 */
export function makeClientDir(omit: (keyof typeof FILES)[] = []) {
  const root = mkdtempSync(join(tmpdir(), 'site-'));
  const clientDir = join(root, 'client');
  for (const [name, content] of Object.entries(FILES)) {
    if (omit.includes(name as keyof typeof FILES)) continue;
    mkdirSync(dirname(join(clientDir, name)), { recursive: true });
    writeFileSync(join(clientDir, name), content);
  }
  writeFileSync(join(root, 'secret.txt'), 'TOP SECRET');
  mkdirSync(join(root, 'client-private'));
  writeFileSync(join(root, 'client-private', 'key.txt'), 'TOP SECRET');
  return { clientDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
