import { apiConfig } from 'virtual:lms/api';
import type { PostKind, PostSummary } from '~/contract/posts';
import type { ApiClient } from '~/lib/api/client';
import { listPosts } from '~/lib/api/posts';
import { currentTenant, isMaintenance } from '~/lib/tenant';
import { contentClient } from './source';

/** The content client of this tenant's site (its own read app token), for pages rendered on the server. */
export function siteClient(): Promise<ApiClient> {
  // A real host of the tenant, not a development one, is the Origin its pages would send.
  const host = currentTenant.hosts.find((name) => !/^(localhost|127\.|.*\.localhost$)/.test(name)) ?? currentTenant.hosts[0] ?? 'localhost';
  return contentClient({ ...apiConfig, host });
}

/** Every visible post of a kind (for getStaticPaths); none while the tenant is under maintenance. */
export async function allPosts(kindSlug: PostKind): Promise<PostSummary[]> {
  if (isMaintenance) return [];
  const client = await siteClient();
  const posts: PostSummary[] = [];
  for (let page = 1; ; page++) {
    const result = await listPosts(client, { kindSlug, page, pageSize: 100 });
    posts.push(...result.items);
    if (page >= result.totalPages) return posts;
  }
}
