import { getEntry, render } from 'astro:content';
import type { PageContent } from './content-schema';
import { currentTenant } from './index';
import { fillSiteTitle } from './site-title';

/** Replaces `{{site}}` in every string of a value (front matter of shared copy). */
function fillDeep<T>(value: T, title: string): T {
  if (typeof value === 'string') return fillSiteTitle(value, title) as T;
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, title)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillDeep(item, title)])) as T;
  }
  return value;
}

/**
 * The copy of a content page for this tenant: its own `content/pages/<route>.md` when it has one,
 * the shared copy otherwise. A route with neither is a build error, never an empty page.
 */
export async function loadPage(
  route: string,
): Promise<{ data: PageContent; hasBody: boolean; Content: Awaited<ReturnType<typeof render>>['Content'] }> {
  const entry = (await getEntry('pages', route)) ?? (await getEntry('sharedPages', route));
  if (!entry)
    throw new Error(
      `Tidak ada isi halaman untuk rute /${route} (tenants/${currentTenant.code}/content/pages atau tenants/_shared/content/pages)`,
    );
  const { Content } = await render(entry);
  return { data: fillDeep(entry.data, currentTenant.setting.title), hasBody: Boolean(entry.body?.trim()), Content };
}
