import type { APIRoute } from 'astro';
import { tenantAssets } from '~/lib/tenant';

/** The tenant's favicon at the conventional address, for clients that ask for it directly. */
export const GET: APIRoute = () => {
  if (tenantAssets.faviconSource === null) {
    // A small raster favicon is inlined in pages as a data: URL: its bytes answer here.
    const inline = /^data:([^;,]+);base64,(.*)$/.exec(tenantAssets.favicon);
    if (inline) return new Response(Buffer.from(inline[2] ?? '', 'base64'), { headers: { 'Content-Type': inline[1] ?? 'image/png' } });
    return Response.redirect(tenantAssets.favicon, 302);
  }
  return new Response(tenantAssets.faviconSource, { headers: { 'Content-Type': 'image/svg+xml' } });
};
