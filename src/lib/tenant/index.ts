import { assets, home, logoOnGround, site, tenant } from 'virtual:lms/tenant';
import type { CopyContext } from './copy-tokens';
import type { Ground } from './grounds';
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

/** What shared copy's tokens are filled with: the site title and the brand's form of address. */
export const copyContext: CopyContext = { title: tenant.setting.title, voice: site.voice };

/** The layout name after fallback (unknown → default → 'demo'). */
export const layoutName: string = resolveLayout(tenant.setting.layout);
/** The site variant this tenant renders as. */
export const variant: Variant = resolveVariant(tenant.setting.layout);
/** A missing maintenance flag counts as maintenance (SPEC §2 "Page shell"). */
export const isMaintenance: boolean = tenant.setting.isMaintenance !== false;
/** `:root{…}` rule with the tenant's colours and fonts. */
export const themeCss: string = themeRule(themeVariables(tenant.setting.css));

/** The logo that shows best on a ground (its wordmark contrasts most there; see logos.ts). */
export function logoOn(ground: Ground): string {
  return logoOnGround[ground] === 'dark' ? assets.logoDark : assets.logoLight;
}
