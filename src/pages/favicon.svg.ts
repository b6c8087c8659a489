import type { APIRoute } from 'astro';
import { tenantAssets } from '~/lib/tenant';

/** The tenant's favicon at the conventional address, for clients that ask for it directly. */
export const GET: APIRoute = () => {
  if (tenantAssets.faviconSource === null) return Response.redirect(tenantAssets.favicon, 302);
  return new Response(tenantAssets.faviconSource, { headers: { 'Content-Type': 'image/svg+xml' } });
};
