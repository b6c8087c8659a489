/**
 * The link walk of crawl.spec.ts, free of Playwright: pages are fetched and their `href`s read from
 * the HTML, nothing is rendered. Plain TypeScript without imports, so a script can run it too.
 */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|apos|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The `href` of every `<a>` of a page, as written (entities decoded). */
export function hrefsOf(html: string): string[] {
  const found: string[] = [];
  for (const [, tag = ''] of html.matchAll(/<a\b([^>]*)>/gi)) {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = href?.[1] ?? href?.[2] ?? href?.[3];
    if (value !== undefined) found.push(decode(value));
  }
  return found;
}

/** Every `<loc>` of a sitemap. */
export function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map(([, loc = '']) => decode(loc));
}

/** A page's address on the site (path and query, no fragment), or undefined for another site, a file or the API. */
export function siteAddress(href: string, from: URL, siteOrigins: ReadonlySet<string>): string | undefined {
  let url: URL;
  try {
    url = new URL(href, from);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || !siteOrigins.has(url.origin)) return undefined;
  // Files (assets, the sitemap, images) and the API are not pages a visitor clicks through.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/_astro/') || /\.[a-z0-9]+$/i.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}`;
}

export interface CrawlOptions {
  /** The site as the crawler reaches it (`http://demo.localhost:4500`). */
  origin: string;
  /** Other origins that are the same site (its canonical `https://…` address). */
  aliases?: readonly string[];
  /** How many clicks from the home page to follow. */
  clicks: number;
  /** Pages fetched at once. */
  concurrency: number;
  /** The page's HTML, or undefined when the address is not an HTML page. */
  fetchHtml(url: string): Promise<string | undefined>;
}

/**
 * Every address reached from the home page in at most `clicks` clicks, with the clicks it took. Pages
 * at the last level are not fetched: reaching them is enough.
 */
export async function crawl(options: CrawlOptions): Promise<Map<string, number>> {
  const origins = new Set([new URL(options.origin).origin, ...(options.aliases ?? []).map((alias) => new URL(alias).origin)]);
  const reached = new Map<string, number>([['/', 0]]);
  let level = ['/'];
  for (let depth = 1; depth <= options.clicks; depth++) {
    const next: string[] = [];
    await eachLimited(level, options.concurrency, async (address) => {
      const from = new URL(address, options.origin);
      const html = await options.fetchHtml(from.href);
      if (html === undefined) return;
      for (const href of hrefsOf(html)) {
        const target = siteAddress(href, from, origins);
        if (target === undefined || reached.has(target)) continue;
        reached.set(target, depth);
        next.push(target);
      }
    });
    level = next;
  }
  return reached;
}

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let index = 0;
  const worker = async () => {
    while (index < items.length) {
      const item = items[index++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
