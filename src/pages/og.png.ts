import type { APIRoute } from 'astro';
import { renderShareImage } from '~/lib/seo/share-image';
import { currentTenant, siteInfo } from '~/lib/tenant';

/** The tenant's default share image, rendered once at build. */
export const GET: APIRoute = async () => {
  const { title, css } = currentTenant.setting;
  const png = await renderShareImage({ title, tagline: siteInfo.tagline, primary: css.clr_primary, secondary: css.clr_secondary });
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
