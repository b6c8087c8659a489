import { getEntry, render } from 'astro:content';
import type { PageContent } from './content-schema';
import { fillCopyDeep } from './copy-tokens';
import { copyContext, currentTenant } from './index';

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
  return { data: fillCopyDeep(entry.data, copyContext), hasBody: Boolean(entry.body?.trim()), Content };
}
