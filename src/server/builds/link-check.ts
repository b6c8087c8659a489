import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The build's link check: every internal link of a built site must lead to something the same build
 * wrote (a page, a file, or a list page whose other pages the server renders on demand from its
 * query), or to another address of one of its items (`resolves`), which the server answers with the
 * item's page.
 */

const ANCHOR = /<a\b[^>]*?\shref="([^"]*)"/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * Internal links of the pages under `clientDir` (every HTML file, or only `files`) that lead nowhere,
 * as `{ page, href }`. A link with a query (`/News?page=2`) counts when its path is a built page.
 */
export function brokenLinks(
  clientDir: string,
  resolves: (pathname: string) => boolean = () => false,
  files?: string[],
): { page: string; href: string }[] {
  const seen = new Map<string, boolean>();
  const exists = (pathname: string) => {
    let found = seen.get(pathname);
    if (found !== undefined) return found;
    let path: string;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      path = pathname;
    }
    const file = join(clientDir, path);
    found =
      !path.includes('..') &&
      (existsSync(join(file, 'index.html')) ||
        (existsSync(file) && statSync(file).isFile()) ||
        existsSync(`${file}.html`) ||
        resolves(path));
    seen.set(pathname, found);
    return found;
  };
  const pages =
    files ??
    readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.html'))
      .map((name) => join(clientDir, name));
  const broken: { page: string; href: string }[] = [];
  for (const file of pages) {
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    const page = `/${relative(clientDir, file)
      .replace(/(^|\/)index\.html$/, '')
      .replace(/\.html$/, '')}`;
    for (const [, raw] of html.matchAll(ANCHOR)) {
      const href = (raw ?? '').replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      if (!exists(new URL(href, 'http://site.invalid').pathname)) broken.push({ page, href });
    }
  }
  return broken;
}
