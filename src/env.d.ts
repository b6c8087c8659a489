/// <reference types="astro/client" />

declare module 'virtual:lms/tenant' {
  export const tenant: import('~/lib/tenant/schema').Tenant;
  export const site: import('~/lib/tenant/content-schema').SiteInfo;
  export const home: import('~/lib/tenant/content-schema').HomeContent;
  export const assets: { logoDark: string; logoLight: string; favicon: string; faviconSource: string | null };
  export const logoOnGround: Record<import('~/lib/tenant/grounds').Ground, 'dark' | 'light'>;
}

declare module 'virtual:lms/fonts' {}

declare module 'virtual:lms/api' {
  export const apiConfig: import('~/server/site-api-config').SiteApiConfig;
}
