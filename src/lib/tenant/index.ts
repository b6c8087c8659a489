import { assets, home, site, tenant } from 'virtual:lms/tenant';
import { resolveLayout, resolveVariant, type Variant } from './layouts';
import { themeRule, themeVariables } from './theme';

/**
 * The tenant this build is for, as pages and components see it. Everything here is validated and
 * resolved once at build time (see `vite-plugin.ts`); nothing reads `tenants/` directly.
 */
export const currentTenant = tenant;
export const siteInfo = site;
export const homeContent = home;
export const tenantAssets = assets;

/** The layout name after fallback (unknown → default → 'demo'). */
export const layoutName: string = resolveLayout(tenant.setting.layout);
/** The site variant this tenant renders as. */
export const variant: Variant = resolveVariant(tenant.setting.layout);
/** A missing maintenance flag counts as maintenance (SPEC §2 "Page shell"). */
export const isMaintenance: boolean = tenant.setting.isMaintenance !== false;
/** `:root{…}` rule with the tenant's colours and fonts. */
export const themeCss: string = themeRule(themeVariables(tenant.setting.css));

/** The logo that reads on a background: the dark logo on light grounds, the light one otherwise. */
export function logoOn(tone: 'light' | 'dark' | 'brand'): string {
  return tone === 'light' ? assets.logoDark : assets.logoLight;
}
