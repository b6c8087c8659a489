import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { FONTS } from './fonts';
import { GROUNDS } from './grounds';
import { loadTenant, loadTenantContent } from './load';
import { logoForGround } from './logos';
import { groundColours, themeVariables } from './theme';

/**
 * Exposes the tenant chosen for this build to pages as virtual modules, validated once:
 * - `virtual:lms/tenant`: the tenant, its site info and home copy, hashed URLs of its logos and which
 *   logo shows best on each ground;
 * - `virtual:lms/fonts`: the @fontsource CSS of the tenant's two fonts (self-hosted, hashed);
 * - `virtual:lms/api`: the API bases and public client credentials of the tenant's site, computed
 *   only when an island imports it.
 */
export function tenantPlugin(root: string, code: string, apiConfig: () => unknown): Plugin {
  const ids = { tenant: 'virtual:lms/tenant', fonts: 'virtual:lms/fonts', api: 'virtual:lms/api' };
  const resolved = (id: string) => `\0${id}`;
  const dir = join(root, code);
  return {
    name: 'lms-tenant',
    resolveId(id) {
      return Object.values(ids).includes(id as never) ? resolved(id) : undefined;
    },
    load(id) {
      if (id === resolved(ids.api)) return `export const apiConfig = ${JSON.stringify(apiConfig())};`;
      if (id === resolved(ids.fonts)) {
        const { ft_primary, ft_secondary } = loadTenant(root, code).setting.css;
        const packages = [...new Set([FONTS[ft_primary], FONTS[ft_secondary]])];
        return packages.map((name) => `import '${name}/wght.css';`).join('\n');
      }
      if (id !== resolved(ids.tenant)) return undefined;
      const tenant = loadTenant(root, code);
      const { site, home } = loadTenantContent(root, code);
      for (const file of ['tenant.json', 'content/site.json', 'content/home.json']) this.addWatchFile(join(dir, file));
      const asset = (path: string) => (/^https?:\/\//.test(path) ? JSON.stringify(path) : `${JSON.stringify(`${join(dir, path)}?url`)}`);
      const { logoDark, logoLight, favicon } = tenant.setting;
      const svgSource = (path: string) =>
        /^https?:\/\//.test(path) || !path.endsWith('.svg') ? null : readFileSync(join(dir, path), 'utf8');
      const sources = { dark: svgSource(logoDark), light: svgSource(logoLight) };
      // A logo edited in `astro dev` changes which logo each ground gets.
      for (const [path, source] of [
        [logoDark, sources.dark],
        [logoLight, sources.light],
      ] as const) {
        if (source !== null) this.addWatchFile(join(dir, path));
      }
      const colours = groundColours(themeVariables(tenant.setting.css));
      const logoOnGround = Object.fromEntries(GROUNDS.map((ground) => [ground, logoForGround(colours[ground], sources)]));
      return [
        `import logoDark from ${asset(logoDark)};`,
        `import logoLight from ${asset(logoLight)};`,
        `import favicon from ${asset(favicon)};`,
        /^https?:\/\//.test(favicon)
          ? 'const faviconSource = null;'
          : `import faviconSource from ${JSON.stringify(`${join(dir, favicon)}?raw`)};`,
        `export const tenant = ${JSON.stringify(tenant)};`,
        `export const site = ${JSON.stringify(site)};`,
        `export const home = ${JSON.stringify(home)};`,
        'export const assets = { logoDark, logoLight, favicon, faviconSource };',
        `export const logoOnGround = ${JSON.stringify(logoOnGround)};`,
      ].join('\n');
    },
  };
}
