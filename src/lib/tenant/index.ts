import type { SiteContext } from './context';
import type { CopyContext } from './copy-tokens';
import type { Ground } from './grounds';
import { resolveLayout, resolveVariant, type Variant } from './layouts';
import { themeRule, themeVariables } from './theme';

/**
 * The tenant being rendered, as pages and components see it. The site is compiled once for every
 * tenant, so these are live bindings that `setSiteContext` sets before the first render of a build
 * or of a render process (one tenant per process); nothing here reads `tenants/` or the database.
 */
export type { SiteContext } from './context';

export let currentTenant: SiteContext['tenant'];
export let siteInfo: SiteContext['site'];
export let homeContent: SiteContext['home'];
export let tenantAssets: SiteContext['assets'];
export let sitePages: SiteContext['pages'];
/** The site's public origin (canonical and social URLs). */
export let siteUrl: string;
/** The API config every page carries for its scripts (lib/api/page-config.ts). */
export let pageConfig: SiteContext['pageConfig'];
/** What shared copy's tokens are filled with: the site title and the brand's form of address. */
export let copyContext: CopyContext;
/** The layout name after fallback (unknown → default → 'demo'). */
export let layoutName: string;
/** The site variant this tenant renders as. */
export let variant: Variant;
/** A missing maintenance flag counts as maintenance (SPEC §2 "Page shell"). */
export let isMaintenance: boolean;
/** `@font-face` rules of the tenant's fonts, then the `:root{…}` rule with its colours and fonts. */
export let themeCss: string;
let logoOnGround: SiteContext['logoOnGround'];

/** Makes `context` the tenant every following render is for. */
export function setSiteContext(context: SiteContext): void {
  const { tenant } = context;
  currentTenant = tenant;
  siteInfo = context.site;
  homeContent = context.home;
  tenantAssets = context.assets;
  sitePages = context.pages;
  siteUrl = context.siteUrl;
  pageConfig = context.pageConfig;
  logoOnGround = context.logoOnGround;
  copyContext = { title: tenant.setting.title, voice: context.site.voice };
  layoutName = resolveLayout(tenant.setting.layout);
  variant = resolveVariant(tenant.setting.layout);
  isMaintenance = tenant.setting.isMaintenance !== false;
  themeCss = context.fontFaces + themeRule(themeVariables(tenant.setting.css));
}

/** The logo that shows best on a ground (its wordmark contrasts most there; see logos.ts). */
export function logoOn(ground: Ground): string {
  return logoOnGround[ground] === 'dark' ? tenantAssets.logoDark : tenantAssets.logoLight;
}
