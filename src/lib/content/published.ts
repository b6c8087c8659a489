import { isMaintenance } from '~/lib/tenant';
import type { ContentSection } from '~/lib/tenant/variants';
import { contentSource } from './source';

/**
 * The content sections this tenant publishes (at least one visible item): navigation links only to
 * sections a visitor will find something in. Under maintenance, none. The source keeps the answer
 * for a whole build, and the server for as long as no content changes.
 */
export async function publishedSections(): Promise<ReadonlySet<ContentSection>> {
  if (isMaintenance) return new Set();
  return new Set(await contentSource().sections());
}
