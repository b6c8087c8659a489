import { POST_KINDS } from '~/contract/posts';
import { listCareers } from '~/lib/api/careers';
import { listPortfolio } from '~/lib/api/portfolio';
import { listGallery, listPosts } from '~/lib/api/posts';
import { isMaintenance } from '~/lib/tenant';
import type { ContentSection } from '~/lib/tenant/variants';
import { siteClient } from './site-content';

/** The post kinds that have a list page of their own (articles are reached from other posts). */
const LISTED_KINDS = POST_KINDS.filter((kind): kind is Exclude<typeof kind, 'articles'> => kind !== 'articles');

let published: Promise<ReadonlySet<ContentSection>> | undefined;

/**
 * The content sections this tenant publishes (at least one visible item), asked once per process:
 * navigation links only to sections a visitor will find something in. Under maintenance, none.
 */
export function publishedSections(): Promise<ReadonlySet<ContentSection>> {
  published ??= findPublished();
  published.catch(() => {
    published = undefined;
  });
  return published;
}

async function findPublished(): Promise<ReadonlySet<ContentSection>> {
  if (isMaintenance) return new Set();
  const client = await siteClient();
  const one = { page: 1, pageSize: 1 };
  const counts = await Promise.all([
    ...LISTED_KINDS.map(async (kind) => [kind, (await listPosts(client, { kindSlug: kind, ...one })).totalItems] as const),
    (async () => ['gallery', (await listGallery(client, { page: 1 })).totalItems] as const)(),
    (async () => ['careers', (await listCareers(client, one)).totalItems] as const)(),
    (async () => ['portfolio', (await listPortfolio(client, one)).totalItems] as const)(),
  ]);
  return new Set(counts.filter(([, total]) => total > 0).map(([section]) => section));
}
