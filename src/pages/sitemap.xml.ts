import type { APIRoute } from 'astro';
import { routeOfPageModule, sitemapXml } from '~/lib/seo/sitemap';
import { isMaintenance } from '~/lib/tenant';

/** Every static page of this tenant's build; empty while the tenant is under maintenance. */
const modules = Object.keys(import.meta.glob('./**/*.astro'));

export const GET: APIRoute = ({ site }) => {
  const origin = site?.origin ?? '';
  const routes = isMaintenance ? [] : modules.map(routeOfPageModule).filter((route) => route !== null);
  const urls = routes.sort().map((route) => `${origin}${route}`);
  return new Response(sitemapXml(urls, new Date()), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
