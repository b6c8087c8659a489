import type { PageConfig } from '~/lib/api/page-config';
import type { HomeContent, PageContent, SiteInfo } from './content-schema';
import type { Ground } from './grounds';
import type { Tenant } from './schema';

/**
 * Everything a tenant's pages need besides content items: its settings (from the database), page
 * copy, the URLs of its logos and fonts in the build, and which logo reads best on each ground. The
 * site is compiled once for every tenant; a build (and each render process of a live build) is given
 * the context of its tenant before it renders anything (`setSiteContext`). It is plain JSON, written
 * beside each build as `context.json`.
 */
export interface SiteContext {
  tenant: Tenant;
  site: SiteInfo;
  home: HomeContent;
  /** Content pages by route (`About`, `Training-Services/Syllabus`): front matter and rendered Markdown. */
  pages: Record<string, { data: PageContent; html: string }>;
  assets: { logoDark: string; logoLight: string; favicon: string; faviconSource: string | null };
  logoOnGround: Record<Ground, 'dark' | 'light'>;
  /** The @font-face rules of the tenant's two fonts, with URLs of the font files in the build. */
  fontFaces: string;
  /** The site's public origin for canonical and social URLs (`https://demo.example.id`). */
  siteUrl: string;
  /** What the page's scripts need to call the API (written into every page, see lib/api/page-config.ts). */
  pageConfig: PageConfig;
}
