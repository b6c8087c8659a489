/** Route of a page module path under `src/pages` ('./About.astro' → '/About'); null when not listable. */
export function routeOfPageModule(modulePath: string): string | null {
  const path = modulePath.replace(/^\.\//, '').replace(/\.(astro|md|mdx)$/, '');
  if (path.includes('[') || /^(404|500)$/.test(path) || path.split('/').some((part) => part.startsWith('_'))) return null;
  if (path === 'index') return '/';
  return `/${path.replace(/\/index$/, '')}`;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** A sitemaps.org `urlset` for absolute page URLs. */
export function sitemapXml(urls: string[], lastModified: Date): string {
  const lastmod = lastModified.toISOString().slice(0, 10);
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc><lastmod>${lastmod}</lastmod></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>\n`;
}

/** robots.txt: everything open with the sitemap, or everything closed when indexing is off. */
export function robotsTxt(options: { allowIndex: boolean; sitemapUrl: string }): string {
  if (!options.allowIndex) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${options.sitemapUrl}\n`;
}
