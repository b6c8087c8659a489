import type { APIRoute } from 'astro';
import { siteMapRoutes } from '~/lib/content/site-map';
import { sitemapXml } from '~/lib/seo/sitemap';
import { siteUrl } from '~/lib/tenant';

/**
 * The pages this tenant offers (lib/content/site-map.ts: the same list its Peta Situs page links);
 * empty while the tenant is under maintenance.
 */
export const GET: APIRoute = async () => {
  const urls = (await siteMapRoutes()).map((route) => `${siteUrl}${route}`);
  return new Response(sitemapXml(urls, new Date()), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
