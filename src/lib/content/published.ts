import { isMaintenance } from '~/lib/tenant';
import type { ContentSection } from '~/lib/tenant/variants';
import { contentSource } from './source';

/**
 * The sections this tenant runs (content with at least one visible item, the catalogue's classes,
 * programs, courses, mentors, festival, league and leaderboards where it has them, its own or the
 * catalogue it shares): navigation links only to sections a visitor will find something in. Under
 * maintenance, none. The source keeps the answer for a whole build, and the server for as long as no
 * content changes.
 */
export async function publishedSections(): Promise<ReadonlySet<ContentSection>> {
  if (isMaintenance) return new Set();
  return new Set(await contentSource().sections());
}

/** Whether the tenant runs `section`: a section's page shows its list when it does, an honest "not here" page when not. */
export async function runsSection(section: ContentSection): Promise<boolean> {
  return (await publishedSections()).has(section);
}
