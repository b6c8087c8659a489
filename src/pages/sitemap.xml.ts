import type { APIRoute } from 'astro';
import { LIST_FAMILIES, type ListFamily } from '~/lib/content/families';
import { FIXED_PAGES, PRIVATE_PAGES } from '~/lib/content/fixed-pages';
import { contentAddresses } from '~/lib/content/sitemap-items';
import { sitemapXml } from '~/lib/seo/sitemap';
import { isMaintenance, siteUrl } from '~/lib/tenant';

/** Every page of this tenant's build, fixed pages and content items; empty while the tenant is under maintenance. */
/** Lists that are second addresses of another (/Berita of /News) name it as canonical and are left out. */
const secondAddresses = new Set(
  Object.values(LIST_FAMILIES as Record<string, ListFamily>).flatMap((family) => (family.canonical ? [family.base] : [])),
);

export const GET: APIRoute = async () => {
  const origin = siteUrl;
  const routes = isMaintenance ? [] : [...FIXED_PAGES, ...(await contentAddresses())];
  const urls = [...new Set(routes)]
    .filter((route) => !secondAddresses.has(route) && !PRIVATE_PAGES.has(route))
    .sort()
    .map((route) => `${origin}${route}`);
  return new Response(sitemapXml(urls, new Date()), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
