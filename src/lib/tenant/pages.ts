import type { PageContent } from './content-schema';
import { fillCopyDeep } from './copy-tokens';
import { copyContext, currentTenant, sitePages } from './index';

/**
 * The copy of a content page for this tenant (from the database, seeded from its own
 * `content/pages/<route>.md` or the shared copy). A route with none is a build error, never an
 * empty page.
 */
export function loadPage(route: string): { data: PageContent; html: string } {
  const page = sitePages[route];
  if (!page) throw new Error(`Tidak ada isi halaman untuk rute /${route} (tenant ${currentTenant.code})`);
  return { data: fillCopyDeep(page.data, copyContext), html: page.html };
}
