import type { SiteMeta } from '~/contract/settings';
import type { Variant } from '~/lib/tenant/layouts';
import { absoluteUrl, canonicalUrl, composeTitle, robotsContent, stripHtml, summarize } from './meta';
import { type PageName, variantPageMeta } from './page-meta';

/** A loaded item a detail page is about (SPEC §2: name, description, logo, summary, cover). */
export interface MetaItem {
  name?: string | null;
  title?: string | null;
  description?: string | null;
  summary?: string | null;
  logo?: string | null;
  cover?: string | null;
  /** Blog posts: the description is the summary cut to 20 words + '...'. */
  kind?: 'blog';
}

export interface HeadInput {
  variant: Variant;
  site: { title: string; origin: string; meta: SiteMeta; defaultImage: string };
  pathname: string;
  page?: PageName | undefined;
  /** Title and description from the page's own copy, used when the variant's table has no entry. */
  copy?: { title?: string; description?: string } | undefined;
  item?: MetaItem | undefined;
}

/** Everything the document head says about a page. */
export interface HeadMeta {
  title: string;
  description: string;
  keywords: string;
  image: string;
  canonical: string;
  robots: string;
  siteName: string;
  twitterSite: string;
  type: 'website';
  card: 'summary_large_image';
}

function itemDescription(item: MetaItem): string {
  if (item.kind === 'blog') return summarize(item.summary ?? item.description);
  return stripHtml(item.description ?? item.summary);
}

/**
 * Composes a page's head metadata. Precedence, most specific first: the loaded item, the variant's
 * table entry for the page, the page's own copy, the tenant's site meta. The home page is the site
 * title alone; every other page is 'Page - Site'.
 */
export function composeHead(input: HeadInput): HeadMeta {
  const { site, item } = input;
  const entry = variantPageMeta(input.variant, input.page);
  const pageTitle = input.page === 'home' ? '' : (item?.name ?? item?.title ?? entry?.title ?? input.copy?.title ?? '');
  const description =
    (item && itemDescription(item)) || stripHtml(entry?.description ?? input.copy?.description ?? '') || stripHtml(site.meta.description);
  const image = item?.cover ?? item?.logo ?? entry?.image ?? (site.meta.image || site.defaultImage);
  return {
    title: composeTitle(pageTitle, site.title),
    description,
    keywords: site.meta.keywords,
    image: absoluteUrl(image, site.origin),
    canonical: canonicalUrl(input.pathname, site.origin),
    robots: robotsContent(site.meta),
    siteName: site.meta.site_name || site.title,
    twitterSite: site.meta.twitter_site,
    type: 'website',
    card: 'summary_large_image',
  };
}
