import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { assertReadableTheme, loadTenant } from './src/lib/tenant/load';
import { tenantPlugin } from './src/lib/tenant/vite-plugin';
import { apiDevPlugin } from './src/server/dev-plugin';
import { platformIntegration } from './src/server/platform-integration';
import { siteApiConfig } from './src/server/site-api-config';

/**
 * One build per tenant: `TENANT=<code>` (default `demo`) picks `tenants/<code>/` and writes
 * `dist/<code>/client` (static pages) and `dist/<code>/server` (on-demand routes, middleware mode).
 * An invalid tenant file stops here with the file and the field named, and so does a theme whose
 * text colours cannot reach WCAG AA (each pair named).
 */
const tenantsDir = fileURLToPath(new URL('./tenants', import.meta.url));
const code = process.env.TENANT || 'demo';
const tenant = loadTenant(tenantsDir, code);
assertReadableTheme(tenantsDir, tenant);

export default defineConfig({
  site: tenant.setting.meta.url || `https://${tenant.hosts[0]}`,
  outDir: `${process.env.DIST_DIR || './dist'}/${code}`,
  cacheDir: `./node_modules/.astro/${code}`,
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), platformIntegration()],
  devToolbar: { enabled: false },
  vite: {
    plugins: [tenantPlugin(tenantsDir, code, () => siteApiConfig(tenant)), apiDevPlugin()],
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  },
});
