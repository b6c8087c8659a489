// The build's link check: every internal link of a built site must lead to something the same build
// wrote (a page, a file, or a list page whose other pages the server renders on demand from its query).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ANCHOR = /<a\b[^>]*?\shref="([^"]*)"/g;
const ENTITIES = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** HTML files under a folder, as paths relative to it. */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'));
}

/** Whether an address of the site names something in the build folder. */
function builds(clientDir, pathname, seen) {
  if (seen.has(pathname)) return seen.get(pathname);
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    path = pathname;
  }
  const file = join(clientDir, path);
  const found =
    !path.includes('..') &&
    (existsSync(join(file, 'index.html')) || (existsSync(file) && statSync(file).isFile()) || existsSync(`${file}.html`));
  seen.set(pathname, found);
  return found;
}

/**
 * Internal links of the built pages under `clientDir` that lead nowhere, as `{ page, href }`. A link
 * with a query (`/News?page=2`, `/Event?category=x`) counts when its path is a built page: the server
 * renders the other pages of a list on demand. The 404 page itself is checked like any other.
 */
export function brokenLinks(clientDir) {
  const seen = new Map();
  const broken = [];
  for (const name of htmlFiles(clientDir)) {
    const html = readFileSync(join(clientDir, name), 'utf8');
    const page = `/${name.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
    for (const [, raw] of html.matchAll(ANCHOR)) {
      const href = raw.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]);
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const { pathname } = new URL(href, 'http://site.invalid');
      if (!builds(clientDir, pathname, seen)) broken.push({ page, href });
    }
  }
  return broken;
}
