import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { assertReadableTheme, loadTenant } from './src/lib/tenant/load';
import { tenantPlugin } from './src/lib/tenant/vite-plugin';
import { apiDevPlugin } from './src/server/dev-plugin';
import { platformIntegration } from './src/server/platform-integration';
import { siteApiConfig } from './src/server/site-api-config';
import { renderAdapter } from './src/server/sites/astro-adapter';

/**
 * One build per tenant: `TENANT=<code>` (default `demo`) picks `tenants/<code>/` and writes
 * `client/` (static pages) and `server/entry.mjs` (the on-demand renderer) into SITE_OUT_DIR, the
 * build's own folder that scripts/build.mjs chooses (`dist/<code>/builds/<id>`, see build-layout.ts).
 * An invalid tenant file stops here with the file and the field named, and so does a theme whose
 * text colours cannot reach WCAG AA (each pair named).
 */
const tenantsDir = fileURLToPath(new URL('./tenants', import.meta.url));
const code = process.env.TENANT || 'demo';
const tenant = loadTenant(tenantsDir, code);
assertReadableTheme(tenantsDir, tenant);

export default defineConfig({
  site: tenant.setting.meta.url || `https://${tenant.hosts[0]}`,
  outDir: process.env.SITE_OUT_DIR || `${process.env.DIST_DIR || './dist'}/${code}/builds/astro`,
  cacheDir: `./node_modules/.astro/${code}`,
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  adapter: renderAdapter(fileURLToPath(new URL('./src/server/sites/astro-entry.ts', import.meta.url))),
  integrations: [react(), platformIntegration()],
  devToolbar: { enabled: false },
  vite: {
    plugins: [tenantPlugin(tenantsDir, code, () => siteApiConfig(tenant)), apiDevPlugin()],
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  },
});
