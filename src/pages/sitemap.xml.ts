import type { APIRoute } from 'astro';
import { contentAddresses } from '~/lib/content/sitemap-items';
import { routeOfPageModule, sitemapXml } from '~/lib/seo/sitemap';
import { isMaintenance } from '~/lib/tenant';

/** Every page of this tenant's build, fixed pages and content items; empty while the tenant is under maintenance. */
const modules = Object.keys(import.meta.glob('./**/*.astro'));

export const GET: APIRoute = async ({ site }) => {
  const origin = site?.origin ?? '';
  const routes = isMaintenance ? [] : [...modules.map(routeOfPageModule).filter((route) => route !== null), ...(await contentAddresses())];
  const urls = [...new Set(routes)].sort().map((route) => `${origin}${route}`);
  return new Response(sitemapXml(urls, new Date()), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
