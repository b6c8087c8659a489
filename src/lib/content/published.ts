import { POST_KINDS } from '~/contract/posts';
import { listCareers } from '~/lib/api/careers';
import { listPortfolio } from '~/lib/api/portfolio';
import { listGallery, listPosts } from '~/lib/api/posts';
import { isMaintenance } from '~/lib/tenant';
import type { ContentSection } from '~/lib/tenant/variants';
import { siteClient } from './site-content';

/** The post kinds that have a list page of their own (articles are reached from other posts). */
const LISTED_KINDS = POST_KINDS.filter((kind): kind is Exclude<typeof kind, 'articles'> => kind !== 'articles');

/** How long a server rendering pages on demand trusts what it found (a build asks once anyway). */
const FRESH_MS = 60_000;
let published: { at: number; sections: Promise<ReadonlySet<ContentSection>> } | undefined;

/**
 * The content sections this tenant publishes (at least one visible item): navigation links only to
 * sections a visitor will find something in. Asked once a minute at most; under maintenance, none.
 */
export function publishedSections(): Promise<ReadonlySet<ContentSection>> {
  if (!published || Date.now() - published.at > FRESH_MS) {
    const sections = findPublished();
    const entry = { at: Date.now(), sections };
    published = entry;
    // A failed look-up is asked again by the next page rather than remembered.
    sections.catch(() => {
      if (published === entry) published = undefined;
    });
  }
  return published.sections;
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
