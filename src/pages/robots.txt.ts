import type { APIRoute } from 'astro';
import { robotsTxt } from '~/lib/seo/sitemap';
import { currentTenant, isMaintenance, siteUrl } from '~/lib/tenant';

export const GET: APIRoute = () => {
  const allowIndex = currentTenant.setting.meta.robot_index && !isMaintenance;
  const body = robotsTxt({ allowIndex, sitemapUrl: new URL('/sitemap.xml', siteUrl).href });
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
