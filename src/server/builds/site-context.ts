import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { type SiteSetting, SiteSettingSchema } from '~/contract/settings';
import { markdownHtml } from '~/lib/html/markdown';
import type { SiteContext } from '~/lib/tenant/context';
import { FONTS } from '~/lib/tenant/fonts';
import { GROUNDS } from '~/lib/tenant/grounds';
import { logoForGround } from '~/lib/tenant/logos';
import { groundColours, themeProblems, themeVariables } from '~/lib/tenant/theme';
import type { Db } from '../db/client';
import { publicSiteUrl } from '../http/site-origin';
import type { TenantRecord } from '../platform/tenants';
import { type SiteApiSettings, siteApiConfig } from '../sites';
import { readCopy, readSettings } from '../tenants';
import { fallbackFontFace } from './font-fallbacks';

/**
 * A tenant's site context for a build, from the database (settings and page copy) plus the files
 * its settings name: logos and favicon (a path in the tenant's seed folder, or a URL), and the two
 * self-hosted fonts. Files are copied into the build's `client/_tenant/` under content-hashed names
 * (cached for a year), so the context is plain JSON the renderer is configured with. `options.api`
 * (the configuration's `siteApi` and `keys`) gives the pages their API bases and public credentials.
 */
export async function loadSiteContext(
  db: Db,
  tenant: TenantRecord,
  options: { tenantsRoot: string; clientDir: string; api: SiteApiSettings },
): Promise<SiteContext> {
  const settings = await readSettings(db, tenant.lmsId);
  if (!settings) throw new Error(`tenant "${tenant.code}" tidak ada di basis data`);
  const setting = SiteSettingSchema.parse(
    Object.fromEntries(Object.keys(SiteSettingSchema.shape).map((key) => [key, settings[key as keyof typeof settings]])),
  );
  const problems = themeProblems(themeVariables(setting.css));
  if (problems.length)
    throw new Error(`setting.css: warna tema tidak mencapai kontras WCAG AA:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  const copy = await readCopy(db, tenant.lmsId);

  const files = tenantFiles(join(options.tenantsRoot, tenant.code), options.clientDir);
  const logoDark = files.asset(setting.logoDark);
  const logoLight = files.asset(setting.logoLight);
  const favicon = files.asset(setting.favicon);
  const sources = { dark: logoDark.svg, light: logoLight.svg };
  const colours = groundColours(themeVariables(setting.css));

  const pages = Object.fromEntries(
    Object.entries(copy.pages).map(([route, page]) => [route, { data: page.data, html: markdownHtml(page.body) }]),
  );
  return {
    tenant: {
      code: tenant.code,
      lmsId: tenant.lmsId,
      appCode: tenant.appCode,
      hosts: tenant.hosts,
      ...(tenant.mainTenant ? { mainTenant: tenant.mainTenant } : {}),
      setting,
    },
    site: copy.site,
    home: copy.home,
    pages,
    assets: { logoDark: logoDark.url, logoLight: logoLight.url, favicon: favicon.url, faviconSource: favicon.svg },
    logoOnGround: Object.fromEntries(
      GROUNDS.map((ground) => [ground, logoForGround(colours[ground], sources)]),
    ) as SiteContext['logoOnGround'],
    fontFaces: [...new Set([setting.css.ft_primary, setting.css.ft_secondary])]
      .map((font) => files.fontFaces(FONTS[font]) + fallbackFontFace(font))
      .join(''),
    siteUrl: publicSiteUrl(tenant, setting.meta.url),
    pageConfig: pageConfigOf(tenant, setting.login, options.api),
  };
}

/** The page's API config: the public client credentials and bases, and where visitors sign in (the `login` setting). */
function pageConfigOf(tenant: TenantRecord, login: SiteSetting['login'], settings: SiteApiSettings): SiteContext['pageConfig'] {
  const api = siteApiConfig(tenant, settings);
  return { ...api, login: { mode: login.mode, url: login.accountUrl || `${api.bases.auth}login` } };
}

const require = createRequire(import.meta.url);
/** What a logo or favicon may be, and how large. */
const IMAGE_FILE = /\.(svg|png|jpe?g|webp|ico)$/i;
const MAX_ASSET_BYTES = 1024 * 1024;
const INLINE_BYTES = 4096;
const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};
const dataUrl = (file: string) =>
  `data:${IMAGE_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'};base64,${readFileSync(file).toString('base64')}`;
const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);

/** Copies a tenant's files into `client/_tenant/` under hashed names, once each. */
function tenantFiles(seedDir: string, clientDir: string) {
  const outDir = join(clientDir, '_tenant');
  const copied = new Map<string, string>();
  const put = (file: string): string => {
    const known = copied.get(file);
    if (known) return known;
    const bytes = readFileSync(file);
    const ext = extname(file);
    const name = `${basename(file, ext)}.${hashOf(bytes)}${ext}`;
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, name), bytes);
    copied.set(file, `/_tenant/${name}`);
    return `/_tenant/${name}`;
  };
  return {
    /** A setting's file: a URL stays as it is; a path is a file of the tenant's seed folder. */
    asset(path: string): { url: string; svg: string | null } {
      if (/^https?:\/\//i.test(path)) return { url: path, svg: null };
      const file = resolve(seedDir, path.replace(/^\/+/, ''));
      // Only an image of the tenant's own folder: never a file elsewhere on the server.
      if (!file.startsWith(`${resolve(seedDir)}${sep}`) || !IMAGE_FILE.test(file)) {
        throw new Error(`berkas "${path}" harus gambar (svg, png, jpg, webp, ico) di folder tenant`);
      }
      if (!existsSync(file)) throw new Error(`berkas "${path}" tidak ditemukan di folder tenant`);
      const size = statSync(file).size;
      if (size > MAX_ASSET_BYTES) throw new Error(`berkas "${path}" lebih dari 1 MB`);
      const svg = file.endsWith('.svg') ? readFileSync(file, 'utf8') : null;
      // A small file goes inline as a data: URL (one request fewer on every page), as Vite does under 4 KB.
      if (size <= INLINE_BYTES) return { url: dataUrl(file), svg };
      return { url: put(file), svg };
    },
    /** The @font-face rules of a variable-weight @fontsource package, pointing at copies of its files. */
    fontFaces(pkg: string): string {
      const css = require.resolve(`${pkg}/wght.css`);
      return readFileSync(css, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/url\(\.\/([^)]+)\)/g, (_, relative: string) => `url(${put(join(dirname(css), relative))})`)
        .replace(/\s*\n\s*/g, '');
    },
  };
}
